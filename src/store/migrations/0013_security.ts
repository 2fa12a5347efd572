import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// The ledger becomes a keyed chain: rows from `keyed_from` on are HMAC-SHA256 under a key kept outside the
// database (a 0600 file beside it, or LOOPX_LEDGER_KEY); `ledger_meta` records where keying began, itself
// authenticated with the key, so nobody without the key can move that point. Rows before it keep the old rule.
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
  // One row rewritten by the writability probe (storage-probe.ts).
  await db.schema
    .createTable('storage_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_meta')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_meta').execute();
  await db.schema.dropTable('storage_probe').execute();
  await db.schema.dropTable('seen_signatures').execute();
}
