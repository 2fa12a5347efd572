import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Web board sign-in: one-time login links and browser sessions. Only SHA-256 hashes of the secrets are
// stored, so a copy of the database cannot be replayed as a login.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_login_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('web_sessions')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text', (c) => c.check(sql`ended_at is null or ended_at >= created_at`))
    .execute();
  await db.schema.createIndex('web_sessions_person').on('web_sessions').column('person_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_sessions').execute();
  await db.schema.dropTable('web_login_tokens').execute();
}
