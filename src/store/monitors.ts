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

/** Records one check of a monitor. */
export function recordMonitorCheck(store: Store, todoId: string, check: Pick<MonitorTable, 'unchanged' | 'last_hash' | 'last_checked_at'>): void {
  store.run(store.kysely.updateTable('monitors').set((eb) => ({ ...check, polls: eb('polls', '+', 1) })).where('todo_id', '=', todoId));
}

/** Keeps one handoff per todo: the latest. */
export function upsertHandoff(store: Store, handoff: HandoffTable): void {
  store.run(store.kysely.insertInto('handoffs').values(handoff).onConflict((oc) => oc.column('todo_id').doUpdateSet({ from_actor: handoff.from_actor, packet: handoff.packet, created_at: handoff.created_at })));
}

export function findHandoff(store: Store, todoId: string): HandoffTable | undefined {
  return store.first(store.kysely.selectFrom('handoffs').selectAll().where('todo_id', '=', todoId));
}
