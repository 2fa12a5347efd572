import { dataVersion, ledgerHead } from '../../store/change-feed.js';
import { listEvents, type EventRow } from '../../store/events.js';
import type { AppDeps } from '../deps.js';
import { notifyCommit } from '../write.js';

/** How often a server asks SQLite whether another process committed (p95 cross-process latency stays well under 1 s). */
export const CHANGE_POLL_MS = 200;
const BATCH = 500;

/**
 * Commits made by other processes (the CLI, a second server, a script using the package) reach this process's
 * commit listeners exactly like its own: projector catch-up, outbox sends, web live events, timers that re-arm.
 */
export interface ChangeSignal {
  /** Checks once; when another connection committed, hands the ledger rows it has not seen to the commit listeners. Answers how many. */
  poll(): number;
  /** Polls every `intervalMs` on an unref'd timer until `stop()`. */
  start(intervalMs?: number): void;
  stop(): void;
}

/**
 * Builds the signal on the server's own connection. `PRAGMA data_version` changes only when another connection
 * commits, so an idle poll is one pragma read and touches no table; only then is the ledger read after the
 * signal's cursor. Rows this process committed itself were already announced in-process and are not repeated.
 * `onForeignWrite` hears about every foreign commit, ledger rows or not (the outbox changed, say).
 */
export function createChangeSignal(deps: AppDeps, options: { onForeignWrite?: () => void } = {}): ChangeSignal {
  const { store } = deps;
  let cursor = ledgerHead(store);
  let version = dataVersion(store);
  /** Own rows past the cursor that no poll has accounted for yet. */
  const own = new Set<number>();
  let timer: NodeJS.Timeout | null = null;

  // Remembered without asking SQLite anything (this runs after every command): the next poll sorts them out.
  const onOwnCommit = (events: readonly EventRow[]) => {
    for (const event of events) if (event.seq > cursor) own.add(event.seq);
  };
  deps.commitListeners.push(onOwnCommit);

  function poll(): number {
    const now = dataVersion(store);
    if (now === version) {
      // Nobody else committed since the last poll: every row past the cursor is ours, already announced.
      if (own.size > 0) cursor = Math.max(cursor, ...own);
      own.clear();
      return 0;
    }
    version = now;
    const delivered = announceForeignRows();
    // Writes with no ledger rows matter too: another server's projector may have queued cards for this one to send.
    options.onForeignWrite?.();
    return delivered;
  }

  function announceForeignRows(): number {
    let delivered = 0;
    for (;;) {
      const events = listEvents(store, { afterSeq: cursor, limit: BATCH });
      if (events.length === 0) return delivered;
      cursor = events[events.length - 1]!.seq;
      const foreign = events.filter((event) => !own.delete(event.seq));
      if (foreign.length > 0) notifyCommit(deps, foreign);
      delivered += foreign.length;
      if (events.length < BATCH) return delivered;
    }
  }

  return {
    poll,
    start(intervalMs = CHANGE_POLL_MS) {
      if (timer) return;
      timer = setInterval(() => {
        try {
          poll();
        } catch (error) {
          deps.logger.error({ error: String(error) }, 'change signal poll failed');
        }
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      const index = deps.commitListeners.indexOf(onOwnCommit);
      if (index >= 0) deps.commitListeners.splice(index, 1);
    },
  };
}
