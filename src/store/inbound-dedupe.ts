import type { Store } from './db.js';

/** Forgets inbound deliveries received before `before` (ISO); answers how many were removed. */
export function forgetInboundBefore(store: Store, before: string): number {
  return store.run(store.kysely.deleteFrom('inbound_dedupe').where('received_at', '<', before));
}
