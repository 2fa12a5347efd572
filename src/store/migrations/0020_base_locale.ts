import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// A Lark Base table in the reader's language (issue 16): the locale its field, option and view names and the cells
// LoopX writes are in. Null means English: tables bound before this have English fields and keep them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lark_bases').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lark_bases').dropColumn('locale').execute();
}
