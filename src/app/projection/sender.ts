import type { Store } from '../../store/db.js';
import { claimOutboxRow, pendingDestinations, pendingOutboxRows, type OutboxRow } from '../../store/outbox.js';
import type { Clock, Logger } from '../deps.js';
import type { ChatSurface } from '../surface.js';
import { createTokenBucket, DEFAULT_SURFACE_LIMITS, type SurfaceLimits } from './limits.js';
import { callSurface, dueAt, gapOf, messageKey, settle, shownOf, skipUnchanged, type SendEnv, type Shown, type SurfaceState } from './send-step.js';

export { MAX_SEND_ATTEMPTS } from './send-step.js';

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

/**
 * The first of a destination's rows, in priority then arrival order, that may be sent at `nowMs`, with the gap
 * its call counts against. Rows the destination already shows are dropped on the way.
 */
function firstDueRow(env: SendEnv, state: SurfaceState, destination: string, nowMs: number): { row: OutboxRow; shown: Shown; gapKey: string } | undefined {
  for (const row of pendingOutboxRows(env.store, state.surface.name, destination)) {
    const shown = shownOf(env, state, row);
    if (skipUnchanged(env, state, row, shown, nowMs)) continue;
    const gap = gapOf(state, row, shown);
    if (dueAt(env, state, row, gap, nowMs) <= nowMs) return { row, shown, gapKey: gap.key };
  }
  return undefined;
}

/** Sends one destination's first due row, if the surface has a call left, and counts the call in `report`. */
async function sendNext(env: SenderEnv, state: SurfaceState, destination: string, report: { calls: number; sent: number }): Promise<void> {
  const nowMs = env.clock.now().getTime();
  const due = firstDueRow(env, state, destination, nowMs);
  if (!due || !state.bucket.take(nowMs)) return;
  const { row } = due;
  // The row is this sender's until the call is settled: another server sharing the database skips it meanwhile.
  if (!claimOutboxRow(env.store, row, env.owner, new Date(nowMs).toISOString(), new Date(nowMs + env.claimMs).toISOString())) return;
  state.lastCallAt.set(due.gapKey, nowMs);
  state.lastCallAt.set(messageKey(row), nowMs);
  report.calls += 1;
  const outcome = await callSurface(env, state, row, due.shown, nowMs);
  if (settle(env, state, row, outcome, env.clock.now().getTime())) report.sent += 1;
}

function nextDue(env: SendEnv, states: readonly SurfaceState[], nowMs: number): number | null {
  const { store } = env;
  let next: number | null = null;
  for (const state of states) {
    for (const destination of pendingDestinations(store, state.surface.name)) {
      for (const row of pendingOutboxRows(store, state.surface.name, destination)) {
        const due = Math.max(dueAt(env, state, row, gapOf(state, row, shownOf(env, state, row)), nowMs), state.bucket.readyAt(nowMs));
        next = next === null ? due : Math.min(next, due);
      }
    }
  }
  return next === null ? null : Math.max(0, next - nowMs);
}

/** The sender's environment: who it sends as, and how long its claim on a row holds if it crashes mid-call. */
type SenderEnv = SendEnv & { readonly clock: Clock; readonly claimMs: number };

/** Who a sender sends as and how long its row claims hold; a single-process sender needs neither. */
export interface SenderIdentity {
  readonly owner: string;
  readonly claimMs: number;
}

/** One process alone on its database: claims lapse after a minute. */
const SOLO: SenderIdentity = { owner: 'solo', claimMs: 60_000 };

/**
 * Creates the sender. Rows leave the outbox only after the platform accepted them and the message reference
 * and rendered hash are recorded, so a restart re-sends what was not confirmed and never re-posts a card
 * that has a reference: it updates it in place.
 */
export function createOutboxSender(store: Store, clock: Clock, logger: Logger, surfaces: readonly ChatSurface[], limits: Partial<Record<ChatSurface['name'], SurfaceLimits>> = {}, identity: SenderIdentity = SOLO): OutboxSender {
  const env: SenderEnv = { store, clock, logger, ...identity };
  const states = surfaces.map((surface): SurfaceState => {
    const surfaceLimits = limits[surface.name] ?? DEFAULT_SURFACE_LIMITS[surface.name];
    return { surface, limits: surfaceLimits, bucket: createTokenBucket(surfaceLimits, clock.now().getTime()), lastCallAt: new Map(), heldUntil: 0 };
  });
  return {
    // Rounds: each round sends at most one row per destination, all destinations at once, most urgent first, so
    // the surface's calls go to the most urgent rows even while a busy surface keeps finding new ones.
    async runDue() {
      const report = { calls: 0, sent: 0 };
      for (;;) {
        const before = report.calls;
        const round: Promise<void>[] = [];
        for (const state of states) {
          for (const destination of pendingDestinations(store, state.surface.name)) round.push(sendNext(env, state, destination, report));
        }
        await Promise.all(round);
        if (report.calls === before) return report;
      }
    },
    nextDueInMs: () => nextDue(env, states, clock.now().getTime()),
  };
}
