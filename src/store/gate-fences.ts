import { sql } from 'kysely';
import { OPEN_GATE_STATES, type Gate } from '../kernel/gate.js';
import type { Store } from './db.js';
import { selectGatesById } from './gates.js';

/**
 * The open gates (pending or snoozed) that hold one todo, oldest first: a global gate, a gate listing the todo, or a
 * gate scoped on one of `agentIds` (the agent acting and the todo's current holder). The same rule as the lanes and
 * should-run (src/store/todo-lanes.ts), asked for one todo.
 */
export function openGatesHolding(store: Store, goalId: string, todoId: string, agentIds: readonly string[]): Gate[] {
  let held = sql<boolean>`(gates.blocks_global = 1 OR EXISTS (SELECT 1 FROM json_each(gates.blocks_todo_ids) WHERE value = ${todoId})`;
  if (agentIds.length > 0) held = sql<boolean>`${held} OR gates.blocks_agent IN (${sql.join(agentIds)})`;
  const rows = store.all(
    store.kysely
      .selectFrom('gates')
      .select('id')
      .where('goal_id', '=', goalId)
      .where('state', 'in', OPEN_GATE_STATES)
      .where(sql<boolean>`(${held}))`)
      .orderBy('created_at')
      .orderBy('id'),
  );
  return selectGatesById(store, rows.map((row) => row.id));
}
