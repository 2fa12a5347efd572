import { createHash, createHmac } from 'node:crypto';
import type { Store } from './db.js';
import { openLedger } from './ledger-key.js';
import { prepared } from './prepared.js';
import type { EventTable } from './tables.js';

/** The hash that starts the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** One ledger fact to append. */
export interface NewEvent {
  readonly goalId: string | null;
  readonly type: string;
  readonly actor: string;
  readonly payload: unknown;
  readonly idempotencyKey?: string | null;
}

/** A ledger row as read back. */
export type EventRow = EventTable;

/**
 * A row's link in the chain over its content and the previous row's hash: HMAC-SHA256 under the ledger key for
 * rows from `keyedFrom` on (nobody without the key can recompute it), plain SHA-256 for rows written before the
 * ledger was keyed (anyone with the file can recompute those: only a published head protects them).
 */
function chainHash(row: Omit<EventTable, 'hash'>, key: Buffer | null): string {
  const content = [row.seq, row.prev_hash, row.at, row.goal_id ?? '', row.type, row.actor, row.idempotency_key ?? '', row.payload].join('\u001f');
  return (key === null ? createHash('sha256') : createHmac('sha256', key)).update(content).digest('hex');
}

function keyFor(store: Store, seq: number): Buffer | null {
  return seq >= store.ledger.keyedFrom ? store.ledger.key : null;
}

const lastEvent = prepared('ledger head', (db) => db.selectFrom('events').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1));
const insertEvent = prepared('ledger append', (db, row: EventTable) => db.insertInto('events').values(row));

/** The ledger head: the last row's seq and hash (seq 0 and the genesis hash when empty). What digests publish. */
export function ledgerHead(store: Store): { seq: number; hash: string } {
  return store.first(lastEvent, {}) ?? { seq: 0, hash: GENESIS_HASH };
}

/** Appends events to the hash chain; call inside the command's transaction. */
export function appendEvents(store: Store, at: string, events: readonly NewEvent[]): EventRow[] {
  // Another connection to a migrated file (a worker, a second process) loads the key beside the database.
  if (store.ledger.key === null) openLedger(store, undefined);
  let previous = ledgerHead(store);
  const rows: EventRow[] = [];
  for (const event of events) {
    const unhashed = {
      seq: previous.seq + 1,
      at,
      goal_id: event.goalId,
      type: event.type,
      actor: event.actor,
      payload: JSON.stringify(event.payload ?? {}),
      idempotency_key: event.idempotencyKey ?? null,
      prev_hash: previous.hash,
    };
    const row = { ...unhashed, hash: chainHash(unhashed, keyFor(store, unhashed.seq)) };
    store.run(insertEvent, row);
    rows.push(row);
    previous = row;
  }
  return rows;
}

/** Filters for reading the ledger. */
export interface EventQuery {
  readonly goalId?: string | undefined;
  readonly afterSeq?: number | undefined;
  readonly limit?: number | undefined;
}

/** Reads ledger rows in order. */
export function listEvents(store: Store, query: EventQuery = {}): EventRow[] {
  let select = store.kysely.selectFrom('events').selectAll().where('seq', '>', query.afterSeq ?? 0);
  if (query.goalId !== undefined) select = select.where('goal_id', '=', query.goalId);
  return store.all(select.orderBy('seq', 'asc').limit(query.limit ?? 1000));
}

/** What `audit verify` found. */
export interface ChainVerification {
  readonly ok: boolean;
  readonly checked: number;
  /** The first seq chained under the key (rows before it follow the unkeyed rule). */
  readonly keyedFrom: number;
  readonly head: { seq: number; hash: string };
  readonly problems: readonly { seq: number; problem: string }[];
}

/** A head published outside the database (a digest, a note): `<seq>:<hash>`. */
export interface PublishedHead {
  readonly seq: number;
  readonly hash: string;
}

/**
 * Re-walks the whole chain: a changed row breaks its own hash, an inserted or deleted row breaks the
 * sequence or the next row's link, and a deleted tail is caught by SQLite's rowid high-water mark. Rows from
 * `keyedFrom` on are checked with the key, so a row edited or appended and "re-hashed" without the key fails.
 * A published head must still be in the chain with the same hash: that catches a cut-off tail (with
 * `sqlite_sequence` reset too) and a rewrite of unkeyed rows, which the file alone cannot.
 */
export function verifyChain(store: Store, published: PublishedHead | null = null): ChainVerification {
  // One read snapshot: a running server may append meanwhile, and the walk and the high-water mark must agree.
  return store.sqlite.transaction(() => walkChain(store, published)).deferred();
}

function walkChain(store: Store, published: PublishedHead | null): ChainVerification {
  const problems: { seq: number; problem: string }[] = [];
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  let checked = 0;
  let publishedSeen = false;
  for (const row of store.sqlite.prepare('SELECT * FROM events ORDER BY seq').iterate() as Iterable<EventRow>) {
    checked += 1;
    if (row.seq !== expectedSeq) problems.push({ seq: row.seq, problem: `expected seq ${expectedSeq}: rows were deleted or inserted` });
    if (row.prev_hash !== previousHash) problems.push({ seq: row.seq, problem: 'link to the previous row is broken' });
    if (chainHash(row, keyFor(store, row.seq)) !== row.hash) problems.push({ seq: row.seq, problem: 'row content does not match its hash: it was changed, or written without the ledger key' });
    if (published !== null && row.seq === published.seq) {
      publishedSeen = true;
      if (row.hash !== published.hash) problems.push({ seq: row.seq, problem: 'the published head has another hash: the ledger was rewritten up to here' });
    }
    expectedSeq = row.seq + 1;
    previousHash = row.hash;
  }
  if (published !== null && !publishedSeen) problems.push({ seq: published.seq, problem: `the published head seq ${published.seq} is no longer in the ledger: rows were removed` });
  // AUTOINCREMENT keeps the highest seq ever used in sqlite_sequence, so a deleted tail shows up here.
  const highWater = store.sqlite.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'").get() as { seq: number } | undefined;
  const lastSeq = expectedSeq - 1;
  if ((highWater?.seq ?? 0) !== lastSeq) {
    problems.push({ seq: highWater?.seq ?? 0, problem: `the ledger reached seq ${highWater?.seq ?? 0} but now ends at ${lastSeq}: rows were removed` });
  }
  return { ok: problems.length === 0, checked, keyedFrom: store.ledger.keyedFrom, head: { seq: lastSeq, hash: previousHash }, problems };
}

/** An event's payload as an object, or null when it cannot be read (a row changed by hand). */
export function eventPayload(event: Pick<EventRow, 'payload'>): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(event.payload);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The gate an event names (`payload.gate_id`), if any. */
export function eventGateId(event: Pick<EventRow, 'payload'>): string | null {
  const gateId = eventPayload(event)?.gate_id;
  return typeof gateId === 'string' ? gateId : null;
}
