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
  readonly revokedAt: string | null;
  readonly revokedBy: string | null;
  readonly revokedByGateId: string | null;
}

function grantFromRow(row: GateGrantTable): GrantRow {
  return {
    id: row.id,
    goalId: row.goal_id,
    scope: row.scope,
    gateId: row.gate_id,
    grantedBy: row.granted_by,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
    revokedByGateId: row.revoked_by_gate_id,
  };
}

/** Records a standing grant. */
export function insertGrant(store: Store, grant: Pick<GrantRow, 'id' | 'goalId' | 'scope' | 'gateId' | 'grantedBy' | 'createdAt'>): void {
  store.run(
    store.kysely.insertInto('gate_grants').values({
      id: grant.id,
      goal_id: grant.goalId,
      scope: grant.scope,
      gate_id: grant.gateId,
      granted_by: grant.grantedBy,
      created_at: grant.createdAt,
      revoked_at: null,
      revoked_by: null,
      revoked_by_gate_id: null,
    }),
  );
}

/** Grants, optionally of one goal, optionally only the active ones, oldest first. */
export function selectGrants(store: Store, filter: { goalId?: string | undefined; activeOnly?: boolean } = {}): GrantRow[] {
  let query = store.kysely.selectFrom('gate_grants').selectAll();
  if (filter.goalId !== undefined) query = query.where('goal_id', '=', filter.goalId);
  if (filter.activeOnly) query = query.where('revoked_at', 'is', null);
  return store.all(query.orderBy('created_at').orderBy('id')).map(grantFromRow);
}

/** Marks a grant revoked (kept, never deleted). */
export function revokeGrant(store: Store, id: string, by: { personId: string; gateId: string }, at: string): void {
  store.run(
    store.kysely.updateTable('gate_grants').set({ revoked_at: at, revoked_by: by.personId, revoked_by_gate_id: by.gateId }).where('id', '=', id).where('revoked_at', 'is', null),
  );
}
