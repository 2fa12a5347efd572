import type { Store } from '../../store/db.js';
import { listEvents, type EventRow } from '../../store/events.js';
import { readCursor, writeCursor } from '../../store/outbox.js';

const BATCH = 500;

/**
 * Feeds every ledger event after the named cursor to `project`, a batch at a time, each batch in one transaction
 * with the cursor move: a crash between a commit and its projection loses nothing, the next catch-up re-reads.
 * Answers the sum of what `project` answered.
 */
export function catchUpLedger(store: Store, cursor: string, project: (events: readonly EventRow[]) => number): number {
  let total = 0;
  for (;;) {
    const batch = store.transaction(() => {
      const events = listEvents(store, { afterSeq: readCursor(store, cursor), limit: BATCH });
      if (events.length === 0) return 0;
      total += project(events);
      writeCursor(store, cursor, events[events.length - 1]!.seq);
      return events.length;
    });
    if (batch < BATCH) return total;
  }
}

/** Moves a cursor up to `seq` (never back): the events before it concern nothing its projector shows. */
export function skipLedgerTo(store: Store, cursor: string, seq: number): void {
  if (readCursor(store, cursor) < seq) writeCursor(store, cursor, seq);
}
