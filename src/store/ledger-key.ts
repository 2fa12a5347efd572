import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Store } from './db.js';

/** Where the ledger key lives for a database file: beside it, readable by its owner only. */
export function ledgerKeyPath(dbPath: string): string {
  return `${dbPath}.ledger-key`;
}

/** Why the ledger could not be opened (the server must not start appending with the wrong key). */
export class LedgerKeyError extends Error {}

function markerMac(key: Buffer, keyedFrom: number): string {
  return createHmac('sha256', key).update(`loopx-ledger-keyed-from:${keyedFrom}`).digest('hex');
}

function readMeta(store: Store, name: string): string | undefined {
  return store.first(store.kysely.selectFrom('ledger_meta').select('value').where('name', '=', name))?.value;
}

function keyFromFile(path: string, create: boolean): Buffer | null {
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !create) return null;
  }
  try {
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
}

/** Where the key came from, and whether its file is private (mode 0600), for `loopx doctor`. */
export interface LedgerKeyInfo {
  readonly source: 'env' | 'file' | 'memory';
  readonly path: string | null;
  readonly filePrivate: boolean | null;
  readonly keyedFrom: number;
}

/**
 * Loads the ledger key (LOOPX_LEDGER_KEY, else the key file beside the database, created 0600 when the ledger
 * has never been keyed) and checks it against the `keyed_from` marker. A keyed ledger whose key is missing or
 * different refuses to open: appending under another key would break the chain. `create: false` (doctor,
 * verify elsewhere) never creates a key or a marker.
 */
export function openLedger(store: Store, envKey: string | undefined, options: { create: boolean } = { create: true }): LedgerKeyInfo {
  const dbPath = store.sqlite.name;
  const inMemory = dbPath === ':memory:' || dbPath === '';
  const path = inMemory ? null : ledgerKeyPath(dbPath);
  const fromEnv = envKey !== undefined && envKey !== '' ? Buffer.from(envKey, 'utf8') : null;
  const unkeyed = readMeta(store, 'keyed_from') === undefined;
  const key = fromEnv ?? store.ledger.key ?? (path !== null ? keyFromFile(path, options.create && unkeyed) : options.create ? randomBytes(32) : null);
  if (unkeyed && key !== null && options.create) {
    // Keying starts after the current head; another process may win this race, and its marker then applies.
    store.transaction(() => {
      const head = store.sqlite.prepare('SELECT coalesce(max(seq), 0) AS seq FROM events').get() as { seq: number };
      const keyedFrom = String(head.seq + 1);
      const marker = [{ name: 'keyed_from', value: keyedFrom }, { name: 'keyed_from_mac', value: markerMac(key, head.seq + 1) }];
      store.run(store.kysely.insertInto('ledger_meta').values(marker).onConflict((oc) => oc.doNothing()));
    });
  }
  const marker = readMeta(store, 'keyed_from');
  if (marker !== undefined) {
    if (key === null) throw new LedgerKeyError(`The ledger is keyed from seq ${marker}, but its key is missing: restore ${path ?? 'the key'} (mode 0600) or set LOOPX_LEDGER_KEY.`);
    if (readMeta(store, 'keyed_from_mac') !== markerMac(key, Number(marker))) throw new LedgerKeyError('The ledger key does not match this database (or its keyed_from marker was changed): use the key this ledger was written with.');
    store.ledger.key = key;
    store.ledger.keyedFrom = Number(marker);
  }
  const filePrivate = path !== null && fromEnv === null && key !== null ? (statSync(path).mode & 0o077) === 0 : null;
  return { source: fromEnv ? 'env' : path ? 'file' : 'memory', path, filePrivate, keyedFrom: store.ledger.keyedFrom };
}
