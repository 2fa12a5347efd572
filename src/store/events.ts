import { createHash } from 'node:crypto';
import type { Store } from './db.js';
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

function chainHash(row: Omit<EventTable, 'hash'>): string {
  return createHash('sha256')
    .update([row.seq, row.prev_hash, row.at, row.goal_id ?? '', row.type, row.actor, row.idempotency_key ?? '', row.payload].join('\u001f'))
    .digest('hex');
}

const lastEvent = prepared('ledger head', (db) => db.selectFrom('events').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1));
const insertEvent = prepared('ledger append', (db, row: EventTable) => db.insertInto('events').values(row));

function head(store: Store): { seq: number; hash: string } {
  return store.first(lastEvent, {}) ?? { seq: 0, hash: GENESIS_HASH };
}

/** Appends events to the hash chain; call inside the command's transaction. */
export function appendEvents(store: Store, at: string, events: readonly NewEvent[]): EventRow[] {
  let previous = head(store);
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
    const row = { ...unhashed, hash: chainHash(unhashed) };
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
  readonly problems: readonly { seq: number; problem: string }[];
}

/**
 * Re-walks the whole chain: a changed row breaks its own hash, an inserted or deleted row breaks the
 * sequence or the next row's link, and a deleted tail is caught by SQLite's rowid high-water mark.
 */
export function verifyChain(store: Store): ChainVerification {
  // One read snapshot: a running server may append meanwhile, and the walk and the high-water mark must agree.
  return store.sqlite.transaction(() => walkChain(store)).deferred();
}

function walkChain(store: Store): ChainVerification {
  const problems: { seq: number; problem: string }[] = [];
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  let checked = 0;
  for (const row of store.sqlite.prepare('SELECT * FROM events ORDER BY seq').iterate() as Iterable<EventRow>) {
    checked += 1;
    if (row.seq !== expectedSeq) problems.push({ seq: row.seq, problem: `expected seq ${expectedSeq}: rows were deleted or inserted` });
    if (row.prev_hash !== previousHash) problems.push({ seq: row.seq, problem: 'link to the previous row is broken' });
    if (chainHash(row) !== row.hash) problems.push({ seq: row.seq, problem: 'row content does not match its hash: it was changed' });
    expectedSeq = row.seq + 1;
    previousHash = row.hash;
  }
  // AUTOINCREMENT keeps the highest seq ever used in sqlite_sequence, so a deleted tail shows up here.
  const highWater = store.sqlite.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'").get() as { seq: number } | undefined;
  const lastSeq = expectedSeq - 1;
  if ((highWater?.seq ?? 0) !== lastSeq) {
    problems.push({ seq: highWater?.seq ?? 0, problem: `the ledger reached seq ${highWater?.seq ?? 0} but now ends at ${lastSeq}: rows were removed` });
  }
  return { ok: problems.length === 0, checked, problems };
}
