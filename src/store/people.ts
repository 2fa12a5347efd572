import type { Person } from '../kernel/entities.js';
import { NOTIFY_VIA, type NotifyVia } from '../kernel/reach.js';
import type { ChatSurface } from '../kernel/vocabulary.js';
import type { Store } from './db.js';

/** Inserts a person. */
export function insertPerson(store: Store, person: { id: string; name: string; timezone: string | null }, at: string): void {
  store.run(store.kysely.insertInto('people').values({ ...person, revision: 1, created_at: at, updated_at: at }));
}

/** Reads one person with their linked identities. */
export function findPerson(store: Store, id: string): Person | undefined {
  const row = store.first(store.kysely.selectFrom('people').selectAll().where('id', '=', id));
  if (!row) return undefined;
  const identities = store
    .all(store.kysely.selectFrom('person_identities').select(['surface', 'external_id']).where('person_id', '=', id).orderBy('surface'))
    .map((i) => ({ surface: i.surface as ChatSurface, externalId: i.external_id }));
  return { id: row.id, name: row.name, timezone: row.timezone, identities, notifyVia: NOTIFY_VIA.find((v) => v === row.notify_via) ?? null, quietHours: row.quiet_hours };
}

/** Lists people ids and names. */
export function listPeople(store: Store): Person[] {
  return store
    .all(store.kysely.selectFrom('people').select('id').orderBy('id'))
    .map((row) => findPerson(store, row.id))
    .filter((p): p is Person => p !== undefined);
}

/** Sets where a person is reached, their quiet hours and timezone (only the fields given). */
export function updateReach(store: Store, personId: string, fields: { notify_via?: NotifyVia; quiet_hours?: string | null; timezone?: string }, at: string): void {
  store.run(store.kysely.updateTable('people').set({ ...fields, updated_at: at }).where('id', '=', personId));
}

/** Records a reminder or escalation sent to a person about a gate; false when that step was already sent to them. */
export function recordNudge(store: Store, nudge: { gateId: string; personId: string; step: 'remind' | 'escalate' | 'urgent'; via: string }, at: string): boolean {
  const changed = store.run(
    store.kysely
      .insertInto('gate_nudges')
      .values({ gate_id: nudge.gateId, person_id: nudge.personId, step: nudge.step, via: nudge.via, at })
      .onConflict((oc) => oc.doNothing()),
  );
  return changed > 0;
}

/** Links (or re-links) a chat identity to a person. */
export function linkIdentity(store: Store, personId: string, surface: ChatSurface, externalId: string, at: string): void {
  store.run(
    store.kysely
      .insertInto('person_identities')
      .values({ surface, external_id: externalId, person_id: personId, created_at: at })
      .onConflict((oc) => oc.columns(['surface', 'external_id']).doUpdateSet({ person_id: personId })),
  );
}

/** The person linked to a chat user on a surface (`U…` of `TEAM:U…`, `ou_…` of `tenant:ou_…`), if any. */
export function findPersonByChatUser(store: Store, surface: ChatSurface, chatUser: string): Person | undefined {
  if (chatUser === '') return undefined;
  // LIKE narrows the rows (its `_` wildcard may match more); the exact suffix decides.
  const rows = store.all(store.kysely.selectFrom('person_identities').select(['person_id', 'external_id']).where('surface', '=', surface).where('external_id', 'like', `%:${chatUser}`));
  const row = rows.find((r) => r.external_id.endsWith(`:${chatUser}`));
  return row ? findPerson(store, row.person_id) : undefined;
}

/** The person a chat identity is linked to, if any. */
export function findPersonByIdentity(store: Store, surface: ChatSurface, externalId: string): Person | undefined {
  const row = store.first(
    store.kysely.selectFrom('person_identities').select('person_id').where('surface', '=', surface).where('external_id', '=', externalId),
  );
  return row ? findPerson(store, row.person_id) : undefined;
}
