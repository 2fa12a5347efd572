import type { Card } from '../../../cards/model.js';
import type { Store } from '../../store/db.js';
import { completeOutboxRow, findProjection, holdSurface, markPostStarted, recordProjection, releaseOutboxClaim, rescheduleOutboxRow, type OutboxRow, type ProjectionRow } from '../../store/outbox.js';
import type { Logger } from '../deps.js';
import type { ChatSurface, FindPostOutcome, PostOptions, SendOutcome } from '../surface.js';
import { CARD_PRIORITY } from './enqueue.js';
import { isExpiring, movedCard } from './repost.js';
import type { SurfaceLimits, TokenBucket } from './limits.js';

/** Failed sends (cards and Base rows) are retried with exponential backoff and parked as dead after this many attempts. */
export const MAX_SEND_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 5 * 60_000;

/** What the sender keeps per surface between passes (in memory; the durable part is in the outbox rows). */
export interface SurfaceState {
  readonly surface: ChatSurface;
  readonly limits: SurfaceLimits;
  readonly bucket: TokenBucket;
  /** When each destination last got a new message, and each message its last update (keys from `gapOf`). */
  readonly lastCallAt: Map<string, number>;
  /** Retry-After of the last 429: nothing on this surface is called before it (rows enqueued later included). */
  heldUntil: number;
}

/** Where a send step reads and writes, and who is sending (the owner of the rows it claims). */
export interface SendEnv {
  readonly store: Store;
  readonly logger: Logger;
  readonly owner: string;
}

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Which gap a row's call must keep: a post adds a message to the destination, an update changes one message
 * (platforms limit the two differently), and a progress update also waits out the coalescing window.
 */
export function gapOf(state: SurfaceState, row: OutboxRow, shown: Shown): { key: string; ms: number } {
  const { limits } = state;
  if (!shown) return { key: row.destination, ms: limits.perDestinationMs };
  const coalesce = row.priority >= CARD_PRIORITY.progress ? limits.progressGapMs : 0;
  return { key: messageKey(row), ms: Math.max(limits.perMessageMs, coalesce) };
}

/** The gap key of the message a row's card is shown in (a post starts it, each update renews it). */
export function messageKey(row: Pick<OutboxRow, 'destination' | 'card_key'>): string {
  return `${row.destination}\u0000${row.card_key}`;
}

/**
 * The earliest time a row may be sent: its own schedule, its gap (from `gapOf`), any surface-wide hold, and
 * another server's claim on it (the row is in flight there, or waits for that claim to lapse).
 */
export function dueAt(env: SendEnv, state: SurfaceState, row: OutboxRow, gap: { key: string; ms: number }, nowMs: number): number {
  const last = state.lastCallAt.get(gap.key);
  const gapReady = last === undefined ? nowMs : last + gap.ms;
  const claimedElsewhere = row.claimed_by !== null && row.claimed_by !== env.owner && row.claimed_until !== null ? Date.parse(row.claimed_until) : 0;
  return Math.max(Date.parse(row.next_at), gapReady, state.heldUntil, claimedElsewhere);
}

/** The message that shows a row's card in its destination, if the card was posted there. */
export type Shown = ProjectionRow | undefined;

/** Looks up the message that shows a row's card (once per row: the gap, the skip and the call all use it). */
export function shownOf(env: SendEnv, state: SurfaceState, row: OutboxRow): Shown {
  return findProjection(env.store, state.surface.name, row.destination, row.card_key);
}

/** Drops a row whose render the destination already shows (in a message that keeps taking updates); answers true when it did. */
export function skipUnchanged(env: SendEnv, state: SurfaceState, row: OutboxRow, shown: Shown, nowMs: number): boolean {
  if (shown?.rendered_hash !== row.card_hash || isExpiring(state.surface, shown, nowMs)) return false;
  completeOutboxRow(env.store, row);
  return true;
}

/**
 * A post whose answer was lost must not show the card twice: when an earlier post of the row may have reached
 * the platform (one was started and no ref was recorded), ask the platform for it before posting again.
 */
function findEarlierPost(surface: ChatSurface, row: OutboxRow, post: PostOptions): Promise<FindPostOutcome> {
  if (row.post_started_at === null || !surface.findPost) return Promise.resolve({ kind: 'absent' });
  return surface.findPost(row.destination, { ...post, since: new Date(row.post_started_at) });
}

/**
 * Posts the card, or updates it in place when it already has a message ref (or an earlier post of it is
 * found); never throws. A post is marked in the row before the call, so a restart knows it may have gone out.
 * A message that no longer takes updates (deleted by hand, frozen after Lark's 14 days) or soon will not
 * (`isExpiring`) is replaced by a fresh post, under a key naming the old message so no dedupe answers with it;
 * an expiring one is then patched once to point at the new message, its buttons removed.
 */
export async function callSurface(env: SendEnv, state: SurfaceState, row: OutboxRow, shown: Shown, nowMs: number): Promise<SendOutcome> {
  const card = JSON.parse(row.card) as Card;
  const { surface } = state;
  try {
    const expiring = isExpiring(surface, shown, nowMs);
    if (shown && !expiring) {
      const updated = await surface.update({ destination: row.destination, messageId: shown.message_id }, card);
      if (updated.kind !== 'gone') return updated;
      env.logger.info({ surface: surface.name, destination: row.destination, card: row.card_key, reason: updated.reason }, 'card message gone: posting it again');
    }
    const parent = row.thread_of ? findProjection(env.store, surface.name, row.destination, row.thread_of) : undefined;
    const key = `${surface.name}:${row.destination}:${row.card_key}${shown ? `:after:${shown.message_id}` : ''}`;
    const post = { idempotencyKey: key, ...(parent ? { threadOf: { destination: parent.destination, messageId: parent.message_id } } : {}) };
    const earlier = await findEarlierPost(surface, row, post);
    if (earlier.kind === 'found') return await surface.update(earlier.ref, card);
    if (earlier.kind !== 'absent') return earlier;
    markPostStarted(env.store, row, new Date(nowMs).toISOString());
    const posted = await surface.post(row.destination, card, post);
    if (posted.kind === 'sent' && shown && expiring) await surface.update({ destination: row.destination, messageId: shown.message_id }, movedCard(card));
    return posted;
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Records what a call did; answers true when the row was sent (the destination's worker may go on). */
export function settle(env: SendEnv, state: SurfaceState, row: OutboxRow, outcome: SendOutcome, nowMs: number): boolean {
  const at = new Date(nowMs).toISOString();
  const name = state.surface.name;
  if (outcome.kind === 'sent') {
    env.store.transaction(() => {
      // An update keeps the message's post time; a new message (a post, a re-post) starts it.
      const before = findProjection(env.store, name, row.destination, row.card_key);
      const postedAt = before?.message_id === outcome.ref.messageId ? (before.posted_at ?? before.sent_at) : at;
      recordProjection(env.store, { surface: name, destination: row.destination, card_key: row.card_key, message_id: outcome.ref.messageId, rendered_hash: row.card_hash, revision_shown: row.revision, sent_at: at, posted_at: postedAt });
      completeOutboxRow(env.store, row);
      releaseOutboxClaim(env.store, row, env.owner);
    });
    return true;
  }
  if (outcome.kind === 'rate_limited') {
    // The platform's Retry-After holds the whole surface (its limits are per workspace and method), in memory
    // for rows queued later and in storage for a restart.
    state.heldUntil = Math.max(state.heldUntil, nowMs + outcome.retryAfterMs);
    holdSurface(env.store, name, new Date(state.heldUntil).toISOString());
    releaseOutboxClaim(env.store, row, env.owner);
    return false;
  }
  const attempts = row.attempts + 1;
  const dead = outcome.kind === 'rejected' || attempts >= MAX_SEND_ATTEMPTS;
  if (dead) env.logger.warn({ surface: name, destination: row.destination, card: row.card_key, reason: outcome.reason }, 'card parked: the platform refused it');
  rescheduleOutboxRow(env.store, row, { nextAt: new Date(nowMs + backoffMs(attempts)).toISOString(), attempts, error: outcome.reason, dead }, at);
  return false;
}
