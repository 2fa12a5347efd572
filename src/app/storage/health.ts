import { kernelError, type KernelError } from '../../kernel/errors.js';
import { probeWritable, storageFaultOf, type StorageFault } from '../../store/storage-probe.js';
import type { AppDeps } from '../deps.js';
import { createLogLimiter } from '../log-limit.js';

/** What `/healthz` and `loopx doctor` report about the database. */
export interface StorageStatus {
  readonly state: 'ok' | StorageFault;
  /** When the current fault was first seen (ISO). */
  readonly since: string | null;
}

/** Re-probe a faulted database at most this often: recovery is noticed quickly without a probe per request. */
const PROBE_EVERY_MS = 1_000;
/** One log line per fault this often, however many requests fail (a full disk once logged 14.8k lines in 8 s). */
const LOG_EVERY_MS = 60_000;

const MESSAGES: Readonly<Record<StorageFault, string>> = {
  storage_read_only: 'The database cannot be written (read-only file, directory or mount); nothing was changed. Reads still work. An operator must make it writable; LoopX recovers by itself.',
  storage_full: 'The disk holding the database is full; nothing was changed. Reads still work. Free space (LoopX recovers by itself) and retry.',
};

/** The typed error for a thrown storage fault (HTTP 503, CLI exit 4), or null for any other error. */
export function storageFaultError(error: unknown, details?: Record<string, unknown>): KernelError | null {
  const fault = storageFaultOf(error);
  return fault === null ? null : kernelError(fault, MESSAGES[fault], details);
}

/** The storage state of one app: what the last write or probe found, with rate-limited logging. */
export interface StorageHealth {
  /** The typed 503 for a thrown storage error (and records the fault); null for any other error. */
  refusal(error: unknown): KernelError | null;
  /** The current state; while faulted, re-probes (at most once a second) so recovery shows without a write. */
  status(): StorageStatus;
  /** Probes now (startup, doctor). */
  probe(): StorageStatus;
}

/** Creates the storage health tracker for `deps` (one per process and database). */
export function createStorageHealth(deps: Pick<AppDeps, 'store' | 'clock' | 'logger'>): StorageHealth {
  let state: StorageStatus = { state: 'ok', since: null };
  let lastProbe = 0;
  let limit = createLogLimiter(() => deps.clock.now().getTime(), LOG_EVERY_MS);

  function enter(fault: StorageFault, detail: string): void {
    if (state.state !== fault) state = { state: fault, since: deps.clock.now().toISOString() };
    const repeated = limit(fault);
    if (repeated !== null) deps.logger.error({ code: fault, detail, repeated }, 'storage fault: writes are refused with 503');
  }

  function probe(): StorageStatus {
    const now = deps.clock.now();
    lastProbe = now.getTime();
    const fault = probeWritable(deps.store, now.toISOString());
    if (fault !== null) enter(fault, 'writability probe failed');
    else if (state.state !== 'ok') {
      deps.logger.info({ was: state.state, since: state.since }, 'storage writable again');
      state = { state: 'ok', since: null };
      limit = createLogLimiter(() => deps.clock.now().getTime(), LOG_EVERY_MS);
    }
    return state;
  }

  return {
    refusal(error) {
      const fault = storageFaultOf(error);
      if (fault === null) return null;
      enter(fault, error instanceof Error ? error.message : String(error));
      return storageFaultError(error, { since: state.since });
    },
    status() {
      if (state.state !== 'ok' && deps.clock.now().getTime() - lastProbe >= PROBE_EVERY_MS) return probe();
      return state;
    },
    probe,
  };
}
