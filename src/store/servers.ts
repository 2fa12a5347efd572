import type { Store } from './db.js';
import type { ServerTable, ServeLeaseTable } from './tables.js';

/** A running server as listed in the database. */
export type ServerRow = ServerTable;
/** A role and who holds it until when. */
export type LeaseRow = ServeLeaseTable;

/** Records a server (or refreshes its heartbeat). */
export function upsertServer(store: Store, row: ServerRow): void {
  store.run(store.kysely.insertInto('servers').values(row).onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: row.seen_at, url: row.url })));
}

/** Forgets a server (a clean stop), and any whose heartbeat is older than `staleBefore` (a crash). */
export function removeServers(store: Store, ids: readonly string[], staleBefore: string): void {
  store.run(store.kysely.deleteFrom('servers').where((eb) => eb.or([eb('seen_at', '<', staleBefore), ...(ids.length > 0 ? [eb('id', 'in', ids)] : [])])));
}

/** Every server listed as running on `host`, whatever its heartbeat. */
export function serversOnHost(store: Store, host: string): ServerRow[] {
  return store.all(store.kysely.selectFrom('servers').selectAll().where('host', '=', host));
}

/** Servers whose heartbeat is not older than `since`, oldest first. */
export function liveServers(store: Store, since: string): ServerRow[] {
  return store.all(store.kysely.selectFrom('servers').selectAll().where('seen_at', '>=', since).orderBy('started_at').orderBy('id'));
}

/**
 * Takes or renews a role with one conditional write: it succeeds when nobody holds it, when `owner` already
 * does, or when the holder's lease has lapsed (`expires_at <= at`). Answers whether `owner` holds it now.
 */
export function takeLease(store: Store, name: string, owner: string, at: string, expiresAt: string): boolean {
  const changed = store.run(
    store.kysely
      .insertInto('serve_leases')
      .values({ name, owner, since: at, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({
            owner: eb.ref('excluded.owner'),
            expires_at: eb.ref('excluded.expires_at'),
            since: eb.case().when('serve_leases.owner', '=', owner).then(eb.ref('serve_leases.since')).else(eb.ref('excluded.since')).end(),
          }))
          .where((eb) => eb.or([eb('serve_leases.owner', '=', owner), eb('serve_leases.expires_at', '<=', at)])),
      ),
  );
  return changed === 1;
}

/** Gives a role up (a clean stop), so another server takes it at its next heartbeat instead of after the expiry. */
export function dropLease(store: Store, name: string, owner: string): void {
  store.run(store.kysely.deleteFrom('serve_leases').where('name', '=', name).where('owner', '=', owner));
}

/** Who holds a role at `at`, if anyone (a lapsed lease counts as nobody). */
export function leaseHolder(store: Store, name: string, at: string): LeaseRow | undefined {
  return store.first(store.kysely.selectFrom('serve_leases').selectAll().where('name', '=', name).where('expires_at', '>', at));
}
