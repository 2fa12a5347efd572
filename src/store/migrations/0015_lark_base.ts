import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Lark Base (Bitable) projection: a goal bound to a Base table, and one row per todo in that table. `base_rows`
// is both the record_id map and the durable outbox of row writes: a row is pending while the fields LoopX wants
// (`want_hash`) differ from the fields the Base last accepted (`applied_hash`), so a burst of changes to one
// todo coalesces into one write and a restart resends nothing already applied.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lark_bases')
    .addColumn('goal_id', 'text', (c) => c.notNull())
    .addColumn('app_token', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lark_bases_pk', ['goal_id', 'app_token', 'table_id'])
    .execute();
  await db.schema
    .createTable('base_rows')
    .addColumn('app_token', 'text', (c) => c.notNull())
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('todo_id', 'text', (c) => c.notNull())
    .addColumn('goal_id', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('want_hash', 'text', (c) => c.notNull())
    .addColumn('applied_hash', 'text')
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('create_started_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('base_rows_pk', ['app_token', 'table_id', 'todo_id'])
    .execute();
  await db.schema.createIndex('base_rows_pending').on('base_rows').columns(['pending', 'app_token', 'table_id', 'next_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_rows').execute();
  await db.schema.dropTable('lark_bases').execute();
}
