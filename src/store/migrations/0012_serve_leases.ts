import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Several `loopx serve` processes may share one database (a rolling restart, a standby). `servers` lists them
// with a heartbeat; `serve_leases` holds named roles (the sender, which also runs the jobs) as an owner and an
// expiry taken by a conditional write, so a crashed holder's role lapses and another server takes it over.
// Outbox rows carry a claim of their own, so a row one server is sending is never sent by another meanwhile.
// Projections remember when their message was first posted (`posted_at`; existing rows take their last send),
// so a card is re-posted before its platform stops taking updates (Lark: 14 days).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('serve_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('claimed_until', 'text').execute();
  await db.schema.alterTable('projections').addColumn('posted_at', 'text').execute();
  await db.updateTable('projections').set((eb) => ({ posted_at: eb.ref('sent_at') })).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projections').dropColumn('posted_at').execute();
  await db.schema.alterTable('outbox').dropColumn('claimed_until').execute();
  await db.schema.alterTable('outbox').dropColumn('claimed_by').execute();
  await db.schema.dropTable('serve_leases').execute();
  await db.schema.dropTable('servers').execute();
}
