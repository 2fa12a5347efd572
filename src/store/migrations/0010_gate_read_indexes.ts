import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Covering indexes for the reads a status and should-run make over a goal's open gates (1,000 at scale): what
// they hold (global, agent, listed todos) and who they wait on (approval policy and asker), read from the index
// alone instead of from every gate row (docs/benchmarks.md §5).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('gates_goal_state_holds').on('gates').columns(['goal_id', 'state', 'blocks_global', 'blocks_agent', 'blocks_todo_ids']).execute();
  await db.schema.createIndex('gates_goal_state_policy').on('gates').columns(['goal_id', 'state', 'approvers', 'allow_self_approval', 'requested_by', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gates_goal_state_policy').execute();
  await db.schema.dropIndex('gates_goal_state_holds').execute();
}
