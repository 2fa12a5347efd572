import { type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

/**
 * Inbound event ids (Lark `event_id`) are remembered in `inbound_dedupe` for at least 24 h: Lark re-pushes an
 * event it thinks went unanswered after ~15 s, 5 min, 1 h and 6 h. This index makes the TTL purge cheap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('inbound_dedupe_received').on('inbound_dedupe').column('received_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inbound_dedupe_received').execute();
}
