import type { Store } from './db.js';

/** A storage fault LoopX can name: the database cannot be written, or the disk (or its size limit) is full. */
export type StorageFault = 'storage_read_only' | 'storage_full';

/** The storage fault a thrown SQLite error means, or null for any other error. */
export function storageFaultOf(error: unknown): StorageFault | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') return 'storage_read_only';
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_WRITE' || code === 'SQLITE_IOERR_FSYNC') return 'storage_full';
  return null;
}

/** How much room the probe asks for: a write that needs new pages, not one that fits in a half-empty page. */
const PROBE_BYTES = 64 * 1024;

/**
 * Probes whether the database takes writes now: allocates fresh pages in a transaction it rolls back (a full
 * database or disk limit refuses them), then commits one tiny row (a read-only file, or a disk that cannot take
 * another WAL frame, refuses it). Null when writable (or when the probe failed for another reason, like a busy lock).
 */
export function probeWritable(store: Store, at: string): StorageFault | null {
  try {
    store.sqlite.transaction(() => {
      store.sqlite.prepare('INSERT INTO main.storage_probe (id, at) VALUES (2, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at').run(at);
      store.sqlite.prepare(`UPDATE main.storage_probe SET at = at || zeroblob(${PROBE_BYTES}) WHERE id = 2`).run();
      throw new RolledBack();
    })();
  } catch (error) {
    if (!(error instanceof RolledBack)) return storageFaultOf(error);
  }
  try {
    store.sqlite.prepare('INSERT INTO storage_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at').run(at);
    return null;
  } catch (error) {
    return storageFaultOf(error);
  }
}

class RolledBack extends Error {}
