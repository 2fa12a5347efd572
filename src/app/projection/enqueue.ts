import { createHash } from 'node:crypto';
import type { Card } from '../../../cards/model.js';
import type { ChatSurface as SurfaceName } from '../../kernel/vocabulary.js';
import type { Store } from '../../store/db.js';
import { findOutboxRow, findProjection, upsertOutbox } from '../../store/outbox.js';

/** Send order: lower goes first. Gate decisions jump the queue; digests wait behind live cards. */
export const CARD_PRIORITY = { decision: 0, gate: 1, progress: 2, digest: 3 } as const;

/** A card to send to one destination. */
export interface CardDelivery {
  readonly surface: SurfaceName;
  readonly destination: string;
  readonly card: Card;
  readonly priority: number;
  /** The source revision the card shows (goal or gate revision); 0 when not applicable. */
  readonly revision?: number;
  /** Card key of an already posted card to reply under (its thread), e.g. details of a long digest. */
  readonly threadOf?: string;
  /** Queue it even when the destination shows this render already (its message is about to stop taking updates). */
  readonly repost?: boolean;
}

/** The hash that tells whether a posted card already shows this render. */
export function cardHash(card: Card): string {
  return createHash('sha256').update(JSON.stringify(card)).digest('hex');
}

/**
 * Queues a card in the durable outbox (call inside the caller's transaction, or alone). A newer render of
 * the same card replaces a queued one; a render identical to what the destination already shows is dropped.
 * Answers whether anything was queued.
 */
export function enqueueCard(store: Store, delivery: CardDelivery, now: Date): boolean {
  const hash = cardHash(delivery.card);
  const shown = findProjection(store, delivery.surface, delivery.destination, delivery.card.key);
  const queued = findOutboxRow(store, delivery.surface, delivery.destination, delivery.card.key);
  if (shown?.rendered_hash === hash && queued === undefined && delivery.repost !== true) return false;
  if (queued?.card_hash === hash && queued.state === 'pending') return false;
  upsertOutbox(
    store,
    {
      surface: delivery.surface,
      destination: delivery.destination,
      cardKey: delivery.card.key,
      card: JSON.stringify(delivery.card),
      cardHash: hash,
      revision: delivery.revision ?? 0,
      priority: delivery.priority,
      threadOf: delivery.threadOf ?? null,
    },
    now.toISOString(),
  );
  return true;
}
