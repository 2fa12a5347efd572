import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Targeted wake (issue 17): an agent's wake URL and its Standard Webhooks secret (kept, since every delivery is
// signed with it), and a durable queue of wake events. Each event has a stable id (the `webhook-id`), is retried
// with backoff until delivered or 24 hours old, and an agent's events go out in order, one at a time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_wakes')
    .addColumn('agent_id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('wake_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('goal_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('wake_events_pending').on('wake_events').columns(['state', 'agent_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wake_events').execute();
  await db.schema.dropTable('agent_wakes').execute();
}
