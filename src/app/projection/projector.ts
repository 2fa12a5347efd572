import type { ChatSurface as SurfaceName } from '../../kernel/vocabulary.js';
import { listBindings, type Binding } from '../../store/bindings.js';
import type { Store } from '../../store/db.js';
import type { EventRow } from '../../store/events.js';
import { findOutboxRow, findProjection, type ProjectionRow } from '../../store/outbox.js';
import type { Clock } from '../deps.js';
import { CARD_PRIORITY, cardHash, enqueueCard } from './enqueue.js';
import { catchUpLedger } from './ledger-cursor.js';
import { chatReader, renderFor } from './readers.js';
import { needsOwnRender, type CardSource, type CardTarget, type Destination } from './sources.js';

const CURSOR = 'cards';

/** Turns committed ledger events into queued card renders. */
export interface Projector {
  /** Projects every ledger event after the durable cursor (after each commit, and on start). Answers how many cards were queued. */
  catchUp(): number;
  /** Re-renders every live card of every binding and queues those whose render differs from what was sent. */
  reconcile(): number;
}

function destinationsFor(store: Store, source: CardSource, target: CardTarget, surfaces: ReadonlySet<SurfaceName>, now: Date): Destination[] {
  const bound: Destination[] = listBindings(store, target.goalId)
    .filter((b) => b.purposes.includes(source.purpose))
    .map((b) => ({ surface: b.surface, destination: b.destination, reader: chatReader(b) }));
  return [...bound, ...(source.directDestinations?.(store, target.key, now) ?? [])].filter((d) => surfaces.has(d.surface));
}

function queueTarget(store: Store, source: CardSource, target: CardTarget, destinations: readonly Destination[], now: Date): number {
  if (destinations.length === 0) return 0;
  const shared = source.render(store, target.key, now);
  if (!shared) return 0;
  let queued = 0;
  for (const to of destinations) {
    // A direct message in its reader's own timezone and language, a chat in its binding's; English chats share one render.
    const rendered = needsOwnRender(to.reader) ? (renderFor(source, store, target.key, now, to.reader) ?? shared) : shared;
    const delivery = { surface: to.surface, destination: to.destination, card: rendered.card, priority: target.priority, revision: rendered.revision };
    if (enqueueCard(store, delivery, now)) queued += 1;
  }
  return queued;
}

function projectBatch(store: Store, sources: readonly CardSource[], surfaces: ReadonlySet<SurfaceName>, events: readonly EventRow[], now: Date): number {
  let queued = 0;
  for (const source of sources) {
    for (const target of source.affected(store, events)) {
      queued += queueTarget(store, source, target, destinationsFor(store, source, target, surfaces, now), now);
    }
  }
  return queued;
}

/** Whether a posted card's message stops taking updates soon, so the card must be posted afresh. */
export type ExpiringCheck = (shown: ProjectionRow, nowMs: number) => boolean;

/**
 * Why a card on a binding must be queued: it shows something other than its fresh render (or was never sent),
 * or it shows it in a message about to stop taking updates; null when it is fine.
 */
function driftOf(store: Store, binding: Binding, key: string, hash: string, expiring: ExpiringCheck, nowMs: number): 'changed' | 'expiring' | null {
  const queued = findOutboxRow(store, binding.surface, binding.destination, key);
  if (queued?.state === 'pending') return queued.card_hash !== hash ? 'changed' : null;
  const shown = findProjection(store, binding.surface, binding.destination, key);
  if (shown?.rendered_hash !== hash) return 'changed';
  return expiring(shown, nowMs) ? 'expiring' : null;
}

/**
 * Creates the projector for the surfaces that are configured. It reads the ledger (the durable change feed)
 * from its own cursor, so a crash between a commit and its projection loses nothing: the next catch-up
 * re-reads the events, and coalescing in the outbox makes re-projecting harmless.
 */
export function createProjector(store: Store, clock: Clock, sources: readonly CardSource[], surfaceNames: readonly SurfaceName[], expiring: ExpiringCheck = () => false): Projector {
  const surfaces = new Set(surfaceNames);
  return {
    catchUp: () => catchUpLedger(store, CURSOR, (events) => projectBatch(store, sources, surfaces, events, clock.now())),
    reconcile() {
      const now = clock.now();
      return store.transaction(() => {
        let queued = 0;
        for (const binding of listBindings(store).filter((b) => surfaces.has(b.surface))) {
          for (const source of sources.filter((s) => binding.purposes.includes(s.purpose))) {
            for (const key of source.liveKeys(store, binding.goalId)) {
              const rendered = renderFor(source, store, key, now, chatReader(binding));
              const drift = rendered ? driftOf(store, binding, key, cardHash(rendered.card), expiring, now.getTime()) : null;
              if (!rendered || drift === null) continue;
              const delivery = { surface: binding.surface, destination: binding.destination, card: rendered.card, priority: CARD_PRIORITY.progress, revision: rendered.revision, repost: drift === 'expiring' };
              if (enqueueCard(store, delivery, now)) queued += 1;
            }
          }
        }
        return queued;
      });
    },
  };
}
