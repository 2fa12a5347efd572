import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { kernelError, type KernelError } from '../../kernel/errors.js';
import { err, ok, type Result } from '../../kernel/result.js';
import { openStore, type Store } from '../../store/db.js';
import { verifyChain } from '../../store/events.js';
import { ledgerKeyPath, LedgerKeyError, openLedger } from '../../store/ledger-key.js';
import { crossCheckState } from '../../store/ledger-state.js';
import { liveServers } from '../../store/servers.js';
import { checkpoint, integrityCheck, vacuumInto } from '../../store/snapshot.js';
import { processAlive } from '../serve/presence.js';

/** What a verified copy holds. */
export interface VerifiedCopy {
  readonly integrity: 'ok';
  readonly ledgerEvents: number;
  readonly head: { seq: number; hash: string };
}

/** A written backup: where, how big, what it holds, and where its ledger key went (null: LOOPX_LEDGER_KEY or unkeyed). */
export interface BackupDone extends VerifiedCopy {
  readonly file: string;
  readonly bytes: number;
  readonly keyFile: string | null;
}

/** A restore: the database now in place, where the one it replaced was kept, and the restored key. */
export interface RestoreDone extends VerifiedCopy {
  readonly database: string;
  readonly from: string;
  readonly previous: string | null;
  readonly keyFile: string | null;
}

/** A database file, its WAL companions and its ledger key file. */
function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '.ledger-key']) rmSync(`${path}${suffix}`, { force: true });
}

/** Moves a database file and its key file (if any) to `to`. */
function moveDatabase(from: string, to: string): void {
  removeDatabase(to);
  renameSync(from, to);
  if (existsSync(ledgerKeyPath(from))) renameSync(ledgerKeyPath(from), ledgerKeyPath(to));
}

function copyKey(from: string, to: string): void {
  rmSync(to, { force: true });
  copyFileSync(from, to);
  chmodSync(to, 0o600);
}

/**
 * Checks a copy as `loopx audit verify` checks a live database: SQLite's integrity_check, then the keyed hash
 * chain (with LOOPX_LEDGER_KEY, else `<path>.ledger-key`) and the state tables against it. Never creates a key.
 */
export function verifyCopy(path: string, envKey: string | undefined): Result<VerifiedCopy, KernelError> {
  let store: Store;
  try {
    store = openStore({ path });
  } catch (error) {
    return err(kernelError('backup_invalid', `${path} is not a LoopX database (${error instanceof Error ? error.message : String(error)}).`));
  }
  try {
    const integrity = integrityCheck(store);
    if (integrity !== 'ok') return err(kernelError('backup_invalid', `${path} failed SQLite's integrity_check: ${integrity}.`));
    openLedger(store, envKey, { create: false });
    const chain = verifyChain(store);
    const state = crossCheckState(store);
    if (!chain.ok || state.length > 0) {
      return err(kernelError('ledger_tampered', `The ledger in ${path} does not verify (${chain.problems.length + state.length} problem(s)); use another backup.`, { problems: chain.problems.slice(0, 20), state_problems: state.slice(0, 20) }));
    }
    return ok({ integrity: 'ok', ledgerEvents: chain.checked, head: chain.head });
  } catch (error) {
    if (error instanceof LedgerKeyError) return err(kernelError('backup_invalid', 'The ledger key for this copy is missing or does not match it: pass the saved key file with `--key <file>` (your `<db>.ledger-key`), or set LOOPX_LEDGER_KEY.', { reason: error.message }));
    return err(kernelError('backup_invalid', `${path} is not a LoopX database (${error instanceof Error ? error.message : String(error)}).`));
  } finally {
    store.close();
  }
}

/**
 * `loopx backup <file>`: a consistent copy of the live database (a server may be writing), written beside the
 * target, verified, then renamed into place with its ledger key as `<file>.ledger-key` (0600). A copy that does not
 * verify is deleted and never replaces an older backup.
 */
export function backupDatabase(dbPath: string, file: string, options: { envKey: string | undefined; withKey: boolean }): Result<BackupDone, KernelError> {
  const { envKey } = options;
  if (!existsSync(dbPath)) return err(kernelError('not_found', `There is no database at ${dbPath} to back up (check LOOPX_DB).`));
  const source = openStore({ path: dbPath });
  const partial = `${file}.partial`;
  let keyFromFile: boolean;
  try {
    keyFromFile = openLedger(source, envKey, { create: false }).source === 'file' && source.ledger.key !== null;
    mkdirSync(dirname(file), { recursive: true });
    removeDatabase(partial);
    vacuumInto(source, partial);
    // The copy is verified with the key either way; it is kept beside the backup only when asked (the default).
    if (keyFromFile) copyKey(ledgerKeyPath(dbPath), ledgerKeyPath(partial));
  } catch (error) {
    if (error instanceof LedgerKeyError) return err(kernelError('config_invalid', error.message));
    throw error;
  } finally {
    source.close();
  }
  const verified = verifyCopy(partial, envKey);
  if (!verified.ok) {
    removeDatabase(partial);
    return verified;
  }
  moveDatabase(partial, file);
  const keyFile = keyFromFile && options.withKey ? ledgerKeyPath(file) : null;
  if (keyFromFile && !options.withKey) rmSync(ledgerKeyPath(file), { force: true });
  return ok({ ...verified.value, file, bytes: statSync(file).size, keyFile });
}

/** The servers using a database now: a fresh heartbeat, and (on this machine) a process still alive. */
function serversUsing(dbPath: string, leaseMs: number, now: Date): { pid: number; host: string; url: string }[] {
  if (!existsSync(dbPath)) return [];
  const store = openStore({ path: dbPath });
  try {
    const here = hostname();
    return liveServers(store, new Date(now.getTime() - leaseMs).toISOString())
      .filter((s) => s.host !== here || processAlive(s.pid))
      .map((s) => ({ pid: s.pid, host: s.host, url: s.url }));
  } catch {
    return []; // Not migrated yet: no server has used it.
  } finally {
    store.close();
  }
}

/**
 * `loopx restore <file>`: refuses while a server uses the database; copies the backup beside it and verifies the
 * copy (with LOOPX_LEDGER_KEY, else `keyPath`, by default `<file>.ledger-key`); keeps the current database as `<db>.before-restore`
 * (with its key); then moves the copy and its key into place.
 */
export function restoreDatabase(dbPath: string, file: string, options: { envKey: string | undefined; keyPath: string | null; leaseMs: number; now: Date }): Result<RestoreDone, KernelError> {
  const { envKey, leaseMs, now } = options;
  if (!existsSync(file)) return err(kernelError('not_found', `There is no backup at ${file}.`));
  const servers = serversUsing(dbPath, leaseMs, now);
  if (servers.length > 0) {
    const who = servers.map((s) => `pid ${s.pid} on ${s.host} (${s.url})`).join(', ');
    return err(kernelError('database_in_use', `A LoopX server is using ${dbPath}: ${who}. Stop it (Ctrl-C or systemctl stop), then restore.`, { servers }));
  }
  const backupKey = options.keyPath ?? ledgerKeyPath(file);
  if (options.keyPath !== null && !existsSync(backupKey)) return err(kernelError('not_found', `There is no ledger key at ${backupKey}.`));
  const incoming = `${dbPath}.restoring`;
  removeDatabase(incoming);
  mkdirSync(dirname(dbPath), { recursive: true });
  copyFileSync(file, incoming);
  if (existsSync(backupKey)) copyKey(backupKey, ledgerKeyPath(incoming));
  const verified = verifyCopy(incoming, envKey);
  if (!verified.ok) {
    removeDatabase(incoming);
    return verified;
  }
  let previous: string | null = null;
  if (existsSync(dbPath)) {
    previous = `${dbPath}.before-restore`;
    const current = openStore({ path: dbPath });
    try {
      checkpoint(current);
    } finally {
      current.close();
    }
    moveDatabase(dbPath, previous);
  }
  moveDatabase(incoming, dbPath);
  return ok({ ...verified.value, database: dbPath, from: file, previous, keyFile: existsSync(backupKey) ? ledgerKeyPath(dbPath) : null });
}
