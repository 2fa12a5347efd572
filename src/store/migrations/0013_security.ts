import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Signed agent requests are single-use: every accepted signature is remembered until its 300 s window ends, in
// the database, so a replay is refused across restarts and across processes sharing the file.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seen_signatures')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seen_signatures_expiry').on('seen_signatures').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seen_signatures').execute();
}
