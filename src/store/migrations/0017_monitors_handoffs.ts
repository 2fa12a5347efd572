import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Monitors (issue 20): a monitor todo's cadence and watch window, and what its last check found (result hash,
// unchanged streak), so should-run offers it only when due and a poll stays quiet until something changes.
// Handoffs: what an agent leaves for the next one when it lets a todo go (summary, next steps, evidence, questions).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('monitors')
    .addColumn('todo_id', 'text', (c) => c.primaryKey().references('todos.id'))
    .addColumn('every_seconds', 'integer', (c) => c.notNull())
    .addColumn('until', 'text')
    .addColumn('target', 'text')
    .addColumn('dead_after', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('polls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hash', 'text')
    .addColumn('last_checked_at', 'text')
    .execute();
  await db.schema
    .createTable('handoffs')
    .addColumn('todo_id', 'text', (c) => c.primaryKey().references('todos.id'))
    .addColumn('from_actor', 'text', (c) => c.notNull())
    .addColumn('packet', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('handoffs').execute();
  await db.schema.dropTable('monitors').execute();
}
