import type { Store } from './db.js';

/**
 * Writes a consistent copy of the database to `path` with `VACUUM INTO`: one read transaction, so the copy is
 * the database as of one commit while other processes keep writing (WAL readers never block writers), and it
 * never restarts the way the page-by-page backup API does whenever another process writes mid-copy.
 */
export function vacuumInto(store: Store, path: string): void {
  store.sqlite.prepare('VACUUM INTO ?').run(path);
}

/** SQLite's full `integrity_check`: `ok`, or the first problems it found. */
export function integrityCheck(store: Store): string {
  const rows = store.sqlite.pragma('integrity_check(20)', { simple: false }) as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).join('; ');
}

/** Moves everything in the write-ahead log into the database file, so the file alone is the whole database. */
export function checkpoint(store: Store): void {
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
}
