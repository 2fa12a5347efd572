import { finishWakeEvent, findWake, headWakeEvents, retryWakeEvent, type WakeEventTable } from '../../store/wakes.js';
import type { AppDeps } from '../deps.js';
import { webhookHeaders } from './standard-webhooks.js';

/** How long LoopX keeps trying to deliver a wake event. */
export const WAKE_RETRY_WINDOW_MS = 24 * 3_600_000;
/** Retries back off from 1 s, doubling, to at most this gap, so a receiver back from an outage hears within a minute. */
export const WAKE_MAX_BACKOFF_MS = 60_000;
const CALL_TIMEOUT_MS = 10_000;

/** The fetch the delivery uses (global fetch in the server; tests may pass their own). */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ status: number }>;

/** What one attempt came to: the HTTP status, or why there was none. */
export interface WakeAttempt {
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: string | null;
  readonly ms: number;
}

/** POSTs one signed wake body to a URL; never throws. */
export async function postWake(fetchImpl: FetchLike, url: string, secret: string, id: string, body: string, now: Date): Promise<WakeAttempt> {
  const started = performance.now();
  const headers = { 'content-type': 'application/json', 'user-agent': 'LoopX-Wake/1', ...webhookHeaders(secret, id, Math.floor(now.getTime() / 1000), body) };
  try {
    const response = await fetchImpl(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `HTTP ${response.status}`, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { ok: false, status: null, error: cause, ms: Math.round(performance.now() - started) };
  }
}

function backoffMs(attempts: number): number {
  return Math.min(WAKE_MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 16));
}

/** Delivers queued wake events: each agent's oldest first, one at a time per agent, every agent at once. */
export interface WakeDelivery {
  runDue(): Promise<{ calls: number; sent: number }>;
  nextDueInMs(): number | null;
}

async function deliverOne(deps: AppDeps, fetchImpl: FetchLike, event: WakeEventTable): Promise<boolean> {
  const now = deps.clock.now();
  const wake = findWake(deps.store, event.agent_id);
  if (!wake || now.getTime() - Date.parse(event.created_at) > WAKE_RETRY_WINDOW_MS) {
    finishWakeEvent(deps.store, event.id, 'expired', now.toISOString(), wake ? 'not delivered within 24 hours' : 'the agent has no wake URL any more');
    deps.logger.warn({ agent_id: event.agent_id, wake_id: event.id, last_error: event.last_error }, 'wake event given up');
    return false;
  }
  const attempt = await postWake(fetchImpl, wake.url, wake.secret, event.id, event.body, now);
  const at = deps.clock.now();
  if (attempt.ok) finishWakeEvent(deps.store, event.id, 'delivered', at.toISOString());
  else retryWakeEvent(deps.store, event.id, new Date(at.getTime() + backoffMs(event.attempts)).toISOString(), attempt.error ?? 'failed');
  return attempt.ok;
}

/** Creates the delivery over the durable `wake_events` queue (at least once, stable `webhook-id`). */
export function createWakeDelivery(deps: AppDeps, fetchImpl: FetchLike = fetch): WakeDelivery {
  const due = () => {
    const at = deps.clock.now().toISOString();
    return headWakeEvents(deps.store).filter((event) => event.next_at <= at);
  };
  return {
    async runDue() {
      const report = { calls: 0, sent: 0 };
      // Rounds: a delivered head lets that agent's next event go in the following round, at once.
      for (let round = due(); round.length > 0; round = due()) {
        const results = await Promise.all(round.map((event) => deliverOne(deps, fetchImpl, event)));
        report.calls += round.length;
        report.sent += results.filter(Boolean).length;
        if (!results.some(Boolean)) break;
      }
      return report;
    },
    nextDueInMs() {
      const heads = headWakeEvents(deps.store);
      if (heads.length === 0) return null;
      const next = Math.min(...heads.map((event) => Date.parse(event.next_at)));
      return Math.max(0, next - deps.clock.now().getTime());
    },
  };
}
