import type { Card } from '../../cards/model.js';
import type { ChatSurface } from '../kernel/vocabulary.js';
import { listBindings } from '../store/bindings.js';
import { projectionByMessage } from '../store/outbox.js';
import type { AppDeps } from './deps.js';
import { readerOfCopy, renderFor } from './projection/readers.js';
import type { CardSource } from './projection/sources.js';
import type { MessageRef } from './surface.js';

/** True when some goal is bound to this chat: text commands are taken only where LoopX was invited to work. */
export function isBoundDestination(deps: AppDeps, surface: ChatSurface, destination: string): boolean {
  return listBindings(deps.store).some((b) => b.surface === surface && b.destination === destination);
}

/**
 * The card a posted message should show now, rendered fresh from the database (never from the old message):
 * what a click's answer carries so the clicked card turns into its current form at once.
 */
export function currentCardOfMessage(deps: AppDeps, sources: readonly CardSource[], surface: ChatSurface, ref: MessageRef): Card | null {
  const projection = projectionByMessage(deps.store, surface, ref.destination, ref.messageId);
  if (!projection) return null;
  const now = deps.clock.now();
  for (const source of sources) {
    const rendered = renderFor(source, deps.store, projection.card_key, now, readerOfCopy(deps.store, surface, ref.destination));
    if (rendered) return rendered.card;
  }
  return null;
}
