import type { Card } from '../../../cards/model.js';
import type { Store } from '../../store/db.js';
import {
  completeOutboxRow,
  findProjection,
  holdSurface,
  nextOutboxRow,
  pendingDestinations,
  recordProjection,
  rescheduleOutboxRow,
  type OutboxRow,
} from '../../store/outbox.js';
import type { Clock, Logger } from '../deps.js';
import type { ChatSurface, SendOutcome } from '../surface.js';
import { createTokenBucket, DEFAULT_SURFACE_LIMITS, type SurfaceLimits, type TokenBucket } from './limits.js';

/** Failed sends are retried with exponential backoff and parked as dead after this many attempts. */
export const MAX_SEND_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 5 * 60_000;

/** What one pass over the outbox did. */
export interface SendReport {
  /** Platform calls made. */
  readonly calls: number;
  readonly sent: number;
}

/** Sends queued cards: one worker per destination, within each surface's limits. */
export interface OutboxSender {
  /** Sends everything that is due and allowed now; resolves when every worker has stopped. */
  runDue(): Promise<SendReport>;
  /** Milliseconds until something more can be sent (0 = now), or null when nothing is queued. */
  nextDueInMs(): number | null;
}

interface SurfaceState {
  readonly surface: ChatSurface;
  readonly limits: SurfaceLimits;
  readonly bucket: TokenBucket;
  readonly lastCallAt: Map<string, number>;
  /** Retry-After of the last 429: nothing on this surface is called before it (rows enqueued later included). */
  heldUntil: number;
}

function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Creates the sender. Rows leave the outbox only after the platform accepted them and the message reference
 * and rendered hash are recorded, so a restart re-sends what was not confirmed and never re-posts a card
 * that has a reference: it updates it in place.
 */
export function createOutboxSender(store: Store, clock: Clock, logger: Logger, surfaces: readonly ChatSurface[], limits: Partial<Record<ChatSurface['name'], SurfaceLimits>> = {}): OutboxSender {
  const states = surfaces.map((surface): SurfaceState => {
    const surfaceLimits = limits[surface.name] ?? DEFAULT_SURFACE_LIMITS[surface.name];
    return { surface, limits: surfaceLimits, bucket: createTokenBucket(surfaceLimits, clock.now().getTime()), lastCallAt: new Map(), heldUntil: 0 };
  });
  const busy = new Set<string>();

  function dueAt(state: SurfaceState, row: OutboxRow, nowMs: number): number {
    const last = state.lastCallAt.get(row.destination);
    const destinationReady = last === undefined ? nowMs : last + state.limits.perDestinationMs;
    return Math.max(Date.parse(row.next_at), destinationReady, state.heldUntil);
  }

  function settle(state: SurfaceState, row: OutboxRow, outcome: SendOutcome, nowMs: number): boolean {
    const at = new Date(nowMs).toISOString();
    const name = state.surface.name;
    if (outcome.kind === 'sent') {
      store.transaction(() => {
        recordProjection(store, { surface: name, destination: row.destination, card_key: row.card_key, message_id: outcome.ref.messageId, rendered_hash: row.card_hash, revision_shown: row.revision, sent_at: at });
        completeOutboxRow(store, row);
      });
      return true;
    }
    if (outcome.kind === 'rate_limited') {
      // The platform's Retry-After holds the whole surface (its limits are per workspace and method), in memory
      // for rows queued later and in storage for a restart.
      state.heldUntil = Math.max(state.heldUntil, nowMs + outcome.retryAfterMs);
      holdSurface(store, name, new Date(state.heldUntil).toISOString());
      return false;
    }
    const attempts = row.attempts + 1;
    const dead = outcome.kind === 'rejected' || attempts >= MAX_SEND_ATTEMPTS;
    if (dead) logger.warn({ surface: name, destination: row.destination, card: row.card_key, reason: outcome.reason }, 'card parked: the platform refused it');
    rescheduleOutboxRow(store, row, { nextAt: new Date(nowMs + backoffMs(attempts)).toISOString(), attempts, error: outcome.reason, dead }, at);
    return false;
  }

  async function call(state: SurfaceState, row: OutboxRow): Promise<SendOutcome> {
    const card = JSON.parse(row.card) as Card;
    const shown = findProjection(store, state.surface.name, row.destination, row.card_key);
    try {
      if (shown) return await state.surface.update({ destination: row.destination, messageId: shown.message_id }, card);
      const parent = row.thread_of ? findProjection(store, state.surface.name, row.destination, row.thread_of) : undefined;
      const threadOf = parent ? { destination: parent.destination, messageId: parent.message_id } : undefined;
      return await state.surface.post(row.destination, card, { idempotencyKey: `${state.surface.name}:${row.destination}:${row.card_key}`, ...(threadOf ? { threadOf } : {}) });
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Drops a row whose render the destination already shows; answers true when it did. */
  function skipUnchanged(state: SurfaceState, row: OutboxRow): boolean {
    if (findProjection(store, state.surface.name, row.destination, row.card_key)?.rendered_hash !== row.card_hash) return false;
    completeOutboxRow(store, row);
    return true;
  }

  async function work(state: SurfaceState, destination: string, report: { calls: number; sent: number }): Promise<void> {
    for (;;) {
      const row = nextOutboxRow(store, state.surface.name, destination);
      if (!row) return;
      if (skipUnchanged(state, row)) continue;
      const nowMs = clock.now().getTime();
      // Rows of one destination go strictly in order: a row that is not due holds the ones behind it.
      if (dueAt(state, row, nowMs) > nowMs || !state.bucket.take(nowMs)) return;
      state.lastCallAt.set(destination, nowMs);
      report.calls += 1;
      const outcome = await call(state, row);
      if (!settle(state, row, outcome, clock.now().getTime())) return;
      report.sent += 1;
    }
  }

  return {
    async runDue() {
      const report = { calls: 0, sent: 0 };
      const workers: Promise<void>[] = [];
      for (const state of states) {
        for (const destination of pendingDestinations(store, state.surface.name)) {
          const id = `${state.surface.name}\u0000${destination}`;
          if (busy.has(id)) continue;
          busy.add(id);
          workers.push(work(state, destination, report).finally(() => busy.delete(id)));
        }
      }
      await Promise.all(workers);
      return report;
    },
    nextDueInMs() {
      const nowMs = clock.now().getTime();
      let next: number | null = null;
      for (const state of states) {
        for (const destination of pendingDestinations(store, state.surface.name)) {
          const row = nextOutboxRow(store, state.surface.name, destination);
          if (!row) continue;
          const due = Math.max(dueAt(state, row, nowMs), state.bucket.readyAt(nowMs));
          next = next === null ? due : Math.min(next, due);
        }
      }
      return next === null ? null : Math.max(0, next - nowMs);
    },
  };
}
