import type { Store } from './db.js';

/**
 * SQLite's per-connection change counter: it moves when another connection (another process, the CLI, a second
 * server) commits to the database, and never for this connection's own commits. Reading it is a few
 * microseconds and touches no table, so a server can ask it several times a second for free.
 */
export function dataVersion(store: Store): number {
  return store.sqlite.pragma('data_version', { simple: true }) as number;
}

/** The highest ledger sequence committed so far (0 on an empty ledger). */
export function ledgerHead(store: Store): number {
  return store.first(store.kysely.selectFrom('events').select((eb) => eb.fn.max('seq').as('head')))?.head ?? 0;
}
