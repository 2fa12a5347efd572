/** One queued body and the promise waiting for its committed result. */
interface Queued {
  readonly body: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

/** Runs a function inside a transaction (nested calls become savepoints). */
export type RunInTransaction = <T>(body: () => T) => T;

/** Queues bodies and commits each turn's queue as one transaction. */
export interface CommitGroup {
  enqueue<T>(body: () => T): Promise<T>;
}

/**
 * Group commit (perf-reliability §2.3): everything enqueued during one event-loop turn runs in one
 * transaction on the next `setImmediate`, each body in its own savepoint, and the promises settle only after
 * COMMIT returns. With `synchronous=FULL` one fsync then makes the whole group durable.
 */
export function createCommitGroup(transaction: RunInTransaction, schedule: (flush: () => void) => void = setImmediate, isOpen: () => boolean = () => true): CommitGroup {
  let queue: Queued[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    // Some errors (a full disk) make SQLite roll back the whole transaction, not just the savepoint: the rest of
    // the group must not then run outside it (each body would commit on its own), and that error is the cause.
    let aborted: unknown = null;
    try {
      transaction(() => {
        for (const item of batch) {
          if (aborted !== null) {
            outcomes.push({ ok: false, value: aborted });
            continue;
          }
          try {
            outcomes.push({ ok: true, value: transaction(item.body) });
          } catch (error) {
            outcomes.push({ ok: false, value: error });
            if (!isOpen()) aborted = error;
          }
        }
      });
    } catch (error) {
      // The commit itself failed: nothing in the group is durable, so nobody may be acknowledged.
      for (const item of batch) item.reject(aborted ?? error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.value);
    });
  }

  return {
    enqueue<T>(body: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) schedule(flush);
        queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
