import { Migrator, type MigrationResultSet } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import type { Store } from './db.js';

/** Runs every pending migration; the result set carries the error, if any, instead of throwing. */
export async function runMigrations(store: Store): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db: store.kysely, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  return migrator.migrateToLatest();
}

/** Names of migrations that exist in code but have not run on this database. */
export async function pendingMigrations(store: Store): Promise<string[]> {
  const migrator = new Migrator({ db: store.kysely, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
