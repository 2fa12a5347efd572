import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Lanes and should-run at scale: the part of a todo's lane that its own row decides, as a virtual generated column, and indexes
// that let status count lanes and list the first todos of each lane without reading every todo (a goal with
// 10,000 todos). Gates, leases and agent activity refine `base_lane` at read time (src/store/todo-lanes.ts).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE todos ADD COLUMN base_lane TEXT GENERATED ALWAYS AS (CASE
    WHEN status = 'superseded' THEN NULL
    WHEN status = 'done' THEN 'done'
    WHEN task_class = 'user_action' THEN 'user_gate'
    WHEN status IN ('blocked', 'deferred') OR task_class = 'blocker' THEN 'blocked'
    WHEN action_kind = 'review' THEN 'review'
    WHEN claimed_by IS NOT NULL THEN 'leased'
    ELSE 'todo' END) VIRTUAL`.execute(db);
  await db.schema.createIndex('todos_goal_lane').on('todos').columns(['goal_id', 'base_lane', 'priority', 'created_at', 'id']).execute();
  await db.schema.createIndex('todos_goal_lane_completed').on('todos').columns(['goal_id', 'base_lane', 'completed_at', 'id']).execute();
  // should-run walks one task class in selection order and stops at the first takeable todo; an agent's own claims first.
  await db.schema.createIndex('todos_goal_class').on('todos').columns(['goal_id', 'task_class', 'priority', 'created_at', 'id']).execute();
  await db.schema.createIndex('todos_goal_holder').on('todos').columns(['goal_id', 'claimed_by']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('todos_goal_holder').execute();
  await db.schema.dropIndex('todos_goal_class').execute();
  await db.schema.dropIndex('todos_goal_lane_completed').execute();
  await db.schema.dropIndex('todos_goal_lane').execute();
  await sql`ALTER TABLE todos DROP COLUMN base_lane`.execute(db);
}
