import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Bilingual Lark chats (issue 16): a binding may ask for cards in both languages, each reader's client showing its
// own (Lark `i18n_content`). 0 = one language, the binding's locale, as before.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bindings').addColumn('bilingual', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bindings').dropColumn('bilingual').execute();
}
