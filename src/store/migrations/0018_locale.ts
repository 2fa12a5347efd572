import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Languages (issue 16): the locale a person reads (DMs, toasts, replies) and the locale a binding's chat reads
// (its cards). Null means English, what every reader saw before; `goal bind` stores the surface default.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('people').addColumn('locale', 'text').execute();
  await db.schema.alterTable('bindings').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bindings').dropColumn('locale').execute();
  await db.schema.alterTable('people').dropColumn('locale').execute();
}
