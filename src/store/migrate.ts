import { Migrator, type MigrationResultSet } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import type { Store } from './db.js';
import { openLedger } from './ledger-key.js';

// Numbered migrations land from parallel branches, so a database may have run a later number before an
// earlier one arrived: run whatever has not run yet, in name order, instead of refusing.
function migratorFor(store: Store): Migrator {
  return new Migrator({ db: store.kysely, provider: { getMigrations: async () => ({ ...MIGRATIONS }) }, allowUnorderedMigrations: true });
}

/**
 * Runs every pending migration, then opens the ledger key (LOOPX_LEDGER_KEY or the key file beside the
 * database, created on first use). The result set carries the error, if any, instead of throwing.
 */
export async function runMigrations(store: Store, options: { ledgerKey?: string | undefined } = {}): Promise<MigrationResultSet> {
  const result = await migratorFor(store).migrateToLatest();
  if (result.error !== undefined) return result;
  try {
    openLedger(store, options.ledgerKey);
    return result;
  } catch (error) {
    return { ...result, error };
  }
}

/** Names of migrations that exist in code but have not run on this database. */
export async function pendingMigrations(store: Store): Promise<string[]> {
  const all = await migratorFor(store).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
