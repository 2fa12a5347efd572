import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// When a card's first post was handed to the platform: a post whose answer was lost (a crash, a timeout after
// the platform accepted it) leaves this set without a projection, and the sender looks for the message before
// posting again, so Slack (which has no idempotency key) never shows the card twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('post_started_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('post_started_at').execute();
}
