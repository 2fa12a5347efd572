import type { Store } from './db.js';

/** A stored idempotent result. */
export interface StoredResult {
  readonly requestHash: string;
  readonly response: unknown;
}

/** Looks up the stored result for (actor, key). */
export function findStoredResult(store: Store, actor: string, key: string): StoredResult | undefined {
  const row = store.first(
    store.kysely.selectFrom('idempotency').select(['request_hash', 'response']).where('actor', '=', actor).where('key', '=', key),
  );
  return row ? { requestHash: row.request_hash, response: JSON.parse(row.response) as unknown } : undefined;
}

/** Stores the result of a write under (actor, key); call in the write's transaction. */
export function storeResult(store: Store, actor: string, key: string, requestHash: string, response: unknown, at: string): void {
  store.run(
    store.kysely.insertInto('idempotency').values({ actor, key, request_hash: requestHash, response: JSON.stringify(response), created_at: at }),
  );
}
