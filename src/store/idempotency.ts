import type { Store } from './db.js';
import { prepared } from './prepared.js';

/** A stored idempotent result. */
export interface StoredResult {
  readonly requestHash: string;
  readonly response: unknown;
}

const storedResult = prepared('idempotent result', (db, p: { actor: string; key: string }) =>
  db.selectFrom('idempotency').select(['request_hash', 'response']).where('actor', '=', p.actor).where('key', '=', p.key),
);

const insertResult = prepared('store idempotent result', (db, p: { actor: string; key: string; requestHash: string; response: string; at: string }) =>
  db.insertInto('idempotency').values({ actor: p.actor, key: p.key, request_hash: p.requestHash, response: p.response, created_at: p.at }),
);

/** Looks up the stored result for (actor, key). */
export function findStoredResult(store: Store, actor: string, key: string): StoredResult | undefined {
  const row = store.first(storedResult, { actor, key });
  return row ? { requestHash: row.request_hash, response: JSON.parse(row.response) as unknown } : undefined;
}

/** Stores the result of a write under (actor, key); call in the write's transaction. */
export function storeResult(store: Store, actor: string, key: string, requestHash: string, response: unknown, at: string): void {
  store.run(insertResult, { actor, key, requestHash, response: JSON.stringify(response), at });
}
