import type { Store } from './db.js';

/**
 * Remembers a signature until `expiresAt`; false when it was already seen (a replay). Expired entries are
 * purged on the way, so the table holds at most one replay window of signatures.
 */
export function rememberSignature(store: Store, agentId: string, signature: string, at: string, expiresAt: string): boolean {
  return store.transaction(() => {
    store.run(store.kysely.deleteFrom('seen_signatures').where('expires_at', '<', at));
    return store.run(store.kysely.insertInto('seen_signatures').values({ signature, agent_id: agentId, expires_at: expiresAt }).onConflict((oc) => oc.doNothing())) > 0;
  });
}
