import type { ChatSurface } from '../kernel/vocabulary.js';
import { forgetInboundBefore } from '../store/inbound-dedupe.js';
import { rememberInbound } from '../store/outbox.js';
import type { AppDeps } from './deps.js';

/** How long an event id is remembered: longer than Lark's last re-push (~6 h), with a wide margin. */
export const INBOUND_EVENT_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Accepts an inbound event exactly once: true the first time its id is seen, false for every re-push within
 * the TTL. Expired ids are purged on the way, so the table stays small without a job.
 */
export function acceptInboundEvent(deps: AppDeps, surface: ChatSurface, eventId: string): boolean {
  const now = deps.clock.now();
  return deps.store.transaction(() => {
    forgetInboundBefore(deps.store, new Date(now.getTime() - INBOUND_EVENT_TTL_MS).toISOString());
    return rememberInbound(deps.store, surface, `event:${eventId}`, now.toISOString());
  });
}
