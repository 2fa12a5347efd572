import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

export async function up(db: Kysely<any>): Promise<void> {
  // Where a goal is mirrored: one row per (goal, surface, destination), with the purposes it serves.
  await db.schema
    .createTable('bindings')
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('surface', 'text', (c) => c.notNull().check(sql`surface in ('slack','lark')`))
    .addColumn('workspace', 'text')
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('purposes', 'text', (c) => c.notNull())
    .addColumn('digest_at', 'text', (c) => c.notNull())
    .addColumn('digest_timezone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bindings_pk', ['goal_id', 'surface', 'destination'])
    .execute();

  // What has been posted where, so a card is updated in place and never re-posted.
  await db.schema
    .createTable('projections')
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('card_key', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('rendered_hash', 'text', (c) => c.notNull())
    .addColumn('revision_shown', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('projections_pk', ['surface', 'destination', 'card_key'])
    .execute();

  // The durable outbox: one row per card per destination, so a newer render replaces a queued one (coalescing).
  await db.schema
    .createTable('outbox')
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('card_key', 'text', (c) => c.notNull())
    .addColumn('card', 'text', (c) => c.notNull())
    .addColumn('card_hash', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('thread_of', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending','dead')`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('outbox_pk', ['surface', 'destination', 'card_key'])
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'surface', 'destination', 'priority', 'created_at']).execute();

  // How far the projector has read the ledger; a restart resumes from here, so nothing committed is missed.
  await db.schema
    .createTable('projector_cursor')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();

  // Inbound platform deliveries already handled (Slack retries, Lark re-pushes), by a domain key.
  await db.schema
    .createTable('inbound_dedupe')
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inbound_dedupe_pk', ['surface', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inbound_dedupe', 'projector_cursor', 'outbox', 'projections', 'bindings']) {
    await db.schema.dropTable(table).execute();
  }
}
