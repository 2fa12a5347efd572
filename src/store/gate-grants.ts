import type { Store } from './db.js';
import type { GateGrantTable } from './tables.js';

/** A standing approval as stored. */
export interface GrantRow {
  readonly id: string;
  readonly goalId: string;
  readonly scope: string;
  readonly gateId: string;
  readonly grantedBy: string;
  readonly createdAt: string;
  /** When it stops applying; null only for rows no migration could date. */
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
  readonly revokedBy: string | null;
  readonly revokedByGateId: string | null;
  readonly revokedReason: string | null;
}

function grantFromRow(row: GateGrantTable): GrantRow {
  return {
    id: row.id,
    goalId: row.goal_id,
    scope: row.scope,
    gateId: row.gate_id,
    grantedBy: row.granted_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
    revokedByGateId: row.revoked_by_gate_id,
    revokedReason: row.revoked_reason,
  };
}

/** Records a standing grant. */
export function insertGrant(store: Store, grant: Pick<GrantRow, 'id' | 'goalId' | 'scope' | 'gateId' | 'grantedBy' | 'createdAt' | 'expiresAt'>): void {
  store.run(
    store.kysely.insertInto('gate_grants').values({
      id: grant.id,
      goal_id: grant.goalId,
      scope: grant.scope,
      gate_id: grant.gateId,
      granted_by: grant.grantedBy,
      created_at: grant.createdAt,
      expires_at: grant.expiresAt,
      revoked_at: null,
      revoked_by: null,
      revoked_by_gate_id: null,
      revoked_reason: null,
    }),
  );
}

/** Grants, optionally of one goal, optionally only the active ones (not revoked, and unexpired at `liveAt`), oldest first. */
export function selectGrants(store: Store, filter: { goalId?: string | undefined; activeOnly?: boolean; liveAt?: string | undefined } = {}): GrantRow[] {
  let query = store.kysely.selectFrom('gate_grants').selectAll();
  if (filter.goalId !== undefined) query = query.where('goal_id', '=', filter.goalId);
  if (filter.activeOnly) query = query.where('revoked_at', 'is', null);
  if (filter.liveAt !== undefined) query = query.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', filter.liveAt ?? '')]));
  return store.all(query.orderBy('created_at').orderBy('id')).map(grantFromRow);
}

/** One grant by id. */
export function selectGrant(store: Store, id: string): GrantRow | undefined {
  const row = store.first(store.kysely.selectFrom('gate_grants').selectAll().where('id', '=', id));
  return row ? grantFromRow(row) : undefined;
}

/** Marks a grant revoked (kept, never deleted); false when it already was. */
export function revokeGrant(store: Store, id: string, by: { actor: string; gateId: string | null; reason: string | null }, at: string): boolean {
  const changed = store.run(
    store.kysely
      .updateTable('gate_grants')
      .set({ revoked_at: at, revoked_by: by.actor, revoked_by_gate_id: by.gateId, revoked_reason: by.reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null),
  );
  return changed === 1;
}
