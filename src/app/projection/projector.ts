import type { ChatSurface as SurfaceName } from '../../kernel/vocabulary.js';
import { listBindings } from '../../store/bindings.js';
import type { Store } from '../../store/db.js';
import type { EventRow } from '../../store/events.js';
import { copiesOfCardUnder, findOutboxRow, findProjection, type ProjectionRow } from '../../store/outbox.js';
import { DM_PREFIX } from '../../kernel/reach.js';
import type { Clock } from '../deps.js';
import { CARD_PRIORITY, cardHash, enqueueCard } from './enqueue.js';
import { catchUpLedger } from './ledger-cursor.js';
import { chatReader, readerOfCopy, renderFor } from './readers.js';
import { needsOwnRender, type CardSource, type CardTarget, type Destination, type Reader } from './sources.js';

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

/** Where one copy of a card lives: a bound chat, or a person's direct messages (`dm:<chat user>`). */
interface Copy {
  readonly surface: SurfaceName;
  readonly destination: string;
}

/**
 * Why a card on a binding must be queued: it shows something other than its fresh render (or was never sent),
 * or it shows it in a message about to stop taking updates; null when it is fine.
 */
function driftOf(store: Store, copy: Copy, key: string, hash: string, expiring: ExpiringCheck, nowMs: number): 'changed' | 'expiring' | null {
  const queued = findOutboxRow(store, copy.surface, copy.destination, key);
  if (queued?.state === 'pending') return queued.card_hash !== hash ? 'changed' : null;
  const shown = findProjection(store, copy.surface, copy.destination, key);
  if (shown?.rendered_hash !== hash) return 'changed';
  return expiring(shown, nowMs) ? 'expiring' : null;
}

/** The direct-message copies of a card (shown or queued) on the configured surfaces. */
function directCopiesOf(store: Store, key: string, surfaces: ReadonlySet<SurfaceName>): Copy[] {
  return copiesOfCardUnder(store, key, DM_PREFIX).flatMap((c) => (surfaces.has(c.surface as SurfaceName) ? [{ surface: c.surface as SurfaceName, destination: c.destination }] : []));
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
        const repair = (copy: Copy, source: CardSource, key: string, reader: Reader | undefined): void => {
          const rendered = renderFor(source, store, key, now, reader);
          const drift = rendered ? driftOf(store, copy, key, cardHash(rendered.card), expiring, now.getTime()) : null;
          if (!rendered || drift === null) return;
          const delivery = { surface: copy.surface, destination: copy.destination, card: rendered.card, priority: CARD_PRIORITY.progress, revision: rendered.revision, repost: drift === 'expiring' };
          if (enqueueCard(store, delivery, now)) queued += 1;
        };
        const directChecked = new Set<string>();
        for (const binding of listBindings(store).filter((b) => surfaces.has(b.surface))) {
          for (const source of sources.filter((s) => binding.purposes.includes(s.purpose))) {
            for (const key of source.liveKeys(store, binding.goalId)) {
              repair(binding, source, key, chatReader(binding));
              // Direct-message copies of the card, once per key, each in its person's timezone and language.
              if (!source.directDestinations || directChecked.has(key)) continue;
              directChecked.add(key);
              for (const copy of directCopiesOf(store, key, surfaces)) repair(copy, source, key, readerOfCopy(store, copy.surface, copy.destination));
            }
          }
        }
        return queued;
      });
    },
  };
}
