import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Gate authority (issue 12): standing grants expire (grants recorded before this migration get the default 30
// days from when they were made) and keep why they were revoked; a decision records the option it chose.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gate_grants').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('gate_grants').addColumn('revoked_reason', 'text').execute();
  await sql`UPDATE gate_grants SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+30 days') WHERE expires_at IS NULL`.execute(db);
  await db.schema.alterTable('gates').addColumn('decision_option', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gates').dropColumn('decision_option').execute();
  await db.schema.alterTable('gate_grants').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('gate_grants').dropColumn('expires_at').execute();
}
