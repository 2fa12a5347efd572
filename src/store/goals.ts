import type { Goal } from '../kernel/goal.js';
import type { GoalStatus, MemberRole } from '../kernel/vocabulary.js';
import type { Store } from './db.js';
import { prepared } from './prepared.js';
import type { GoalTable } from './tables.js';

/** Maps a stored row to the domain goal. */
export function goalFromRow(row: GoalTable): Goal {
  return {
    id: row.id,
    title: row.title,
    objective: row.objective,
    status: row.status as GoalStatus,
    timezone: row.timezone,
    heartbeatCron: row.heartbeat_cron,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Inserts a goal. */
export function insertGoal(store: Store, goal: Omit<Goal, 'revision' | 'createdAt' | 'updatedAt'>, at: string): void {
  store.run(
    store.kysely.insertInto('goals').values({
      id: goal.id,
      title: goal.title,
      objective: goal.objective,
      status: goal.status,
      timezone: goal.timezone,
      heartbeat_cron: goal.heartbeatCron,
      revision: 1,
      created_at: at,
      updated_at: at,
    }),
  );
}

const goalById = prepared('goal by id', (db, p: { id: string }) => db.selectFrom('goals').selectAll().where('id', '=', p.id));

/** Reads one goal. */
export function findGoal(store: Store, id: string): Goal | undefined {
  const row = store.first(goalById, { id });
  return row ? goalFromRow(row) : undefined;
}

/** Lists every goal, oldest first. */
export function listGoals(store: Store): Goal[] {
  return store.all(store.kysely.selectFrom('goals').selectAll().orderBy('created_at').orderBy('id')).map(goalFromRow);
}

/** Updates goal fields, bumping the revision. */
export function updateGoal(store: Store, id: string, fields: Partial<Pick<GoalTable, 'status' | 'timezone' | 'heartbeat_cron' | 'title' | 'objective'>>, at: string): void {
  store.run(
    store.kysely.updateTable('goals').set((eb) => ({ ...fields, revision: eb('revision', '+', 1), updated_at: at })).where('id', '=', id),
  );
}

/** Adds or changes a person's role on a goal. */
export function upsertMembership(store: Store, goalId: string, personId: string, role: MemberRole, at: string): void {
  store.run(
    store.kysely
      .insertInto('memberships')
      .values({ goal_id: goalId, person_id: personId, role, created_at: at })
      .onConflict((oc) => oc.columns(['goal_id', 'person_id']).doUpdateSet({ role })),
  );
}

/** A goal's members with their roles. */
export function listMemberships(store: Store, goalId: string): { personId: string; role: MemberRole }[] {
  return store
    .all(store.kysely.selectFrom('memberships').select(['person_id', 'role']).where('goal_id', '=', goalId).orderBy('created_at').orderBy('person_id'))
    .map((row) => ({ personId: row.person_id, role: row.role as MemberRole }));
}
