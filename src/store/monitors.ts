import type { Store } from './db.js';

/** A monitor todo's cadence and what its last check found. */
export interface MonitorTable {
  todo_id: string;
  every_seconds: number;
  until: string | null;
  target: string | null;
  dead_after: number;
  polls: number;
  unchanged: number;
  last_hash: string | null;
  last_checked_at: string | null;
}

/** What an agent left for the next one on a todo (JSON `packet`: summary, next steps, evidence ids, questions). */
export interface HandoffTable {
  todo_id: string;
  from_actor: string;
  packet: string;
  created_at: string;
}

export function insertMonitor(store: Store, monitor: Pick<MonitorTable, 'todo_id' | 'every_seconds' | 'until' | 'target' | 'dead_after'>): void {
  store.run(store.kysely.insertInto('monitors').values({ ...monitor, polls: 0, unchanged: 0, last_hash: null, last_checked_at: null }));
}

export function findMonitor(store: Store, todoId: string): MonitorTable | undefined {
  return store.first(store.kysely.selectFrom('monitors').selectAll().where('todo_id', '=', todoId));
}

/** Records one check of a monitor (`counted`: a poll; a person's "keep watching" only resets the streak). */
export function recordMonitorCheck(store: Store, todoId: string, check: Pick<MonitorTable, 'unchanged' | 'last_hash' | 'last_checked_at'>, counted = true): void {
  store.run(store.kysely.updateTable('monitors').set((eb) => ({ ...check, polls: eb('polls', '+', counted ? 1 : 0) })).where('todo_id', '=', todoId));
}

/** Keeps one handoff per todo: the latest. */
export function upsertHandoff(store: Store, handoff: HandoffTable): void {
  store.run(store.kysely.insertInto('handoffs').values(handoff).onConflict((oc) => oc.column('todo_id').doUpdateSet({ from_actor: handoff.from_actor, packet: handoff.packet, created_at: handoff.created_at })));
}

export function findHandoff(store: Store, todoId: string): HandoffTable | undefined {
  return store.first(store.kysely.selectFrom('handoffs').selectAll().where('todo_id', '=', todoId));
}

/** A goal's open monitors whose unchanged streak reached their `dead_after`, oldest first. */
export function quietMonitors(store: Store, goalId: string, limit: number): { todoId: string; text: string; unchanged: number }[] {
  return store
    .all(
      store.kysely
        .selectFrom('monitors')
        .innerJoin('todos', 'todos.id', 'monitors.todo_id')
        .select(['todos.id as todoId', 'todos.text as text', 'monitors.unchanged as unchanged'])
        .where('todos.goal_id', '=', goalId)
        .where('todos.status', 'in', ['open', 'deferred'])
        .whereRef('monitors.unchanged', '>=', 'monitors.dead_after')
        .orderBy('todos.created_at')
        .limit(limit),
    );
}

/** The handoffs waiting on a goal's todos, by todo id. */
export function handoffsOnGoal(store: Store, goalId: string): HandoffTable[] {
  return store.all(store.kysely.selectFrom('handoffs').innerJoin('todos', 'todos.id', 'handoffs.todo_id').selectAll('handoffs').where('todos.goal_id', '=', goalId));
}
