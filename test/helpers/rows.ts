import type { Store } from '../../src/store/db.js';
import type { TodoTable } from '../../src/store/tables.js';
import type { GateTable } from '../../src/store/tables-gates.js';

// Raw rows for read-model tests: any state a todo or gate can reach, written straight into the real schema.

type TodoFields = Partial<Omit<TodoTable, 'base_lane'>> & { id: string };

/** Inserts a todo row of goal `demo` (open, P2, an agent's advancement work unless `fields` say otherwise). */
export function insertTodoRow(store: Store, fields: TodoFields): void {
  store.run(
    store.kysely.insertInto('todos').values({
      goal_id: 'demo', text: `do ${fields.id}`, role: 'agent', task_class: 'advancement', priority: 'P2', status: 'open', blocked_reason: null, action_kind: null,
      resume_when: null, claimed_by: null, lease_expires_at: null, lease_version: 0, lease_epoch: 0, lease_started_at: null, predecessor_id: null,
      superseded_by: null, no_followup: null, completed_at: null, completed_by: null, revision: 1, created_at: '2026-01-05T08:00:00.000Z', updated_at: '2026-01-05T08:00:00.000Z',
      ...fields,
    }),
  );
}

/** Inserts a gate row of goal `demo` (pending, asked by agent a1, holding nothing unless `fields` say otherwise). */
export function insertGateRow(store: Store, fields: Partial<GateTable> & { id: string }): void {
  store.run(
    store.kysely.insertInto('gates').values({
      goal_id: 'demo', question: `May I ${fields.id}?`, context: null, options: '[]', risk: 'normal', requested_by: 'agent:a1', blocks_agent: null, blocks_todo_ids: '[]',
      blocks_global: 0, decision_scope: null, approvers: null, quorum: 1, allow_self_approval: 0, state: 'pending', revision: 1, expires_at: null, on_expire: 'keep_waiting',
      deferred_until: null, escalation: null, decision_outcome: null, decided_by: null, decided_via: null, decision_reason: null, decided_at: null, decided_revision: null,
      grant_id: null, created_at: '2026-01-05T08:00:00.000Z', updated_at: '2026-01-05T08:00:00.000Z',
      ...fields,
    }),
  );
}
