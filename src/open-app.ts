import { createAppDeps } from './app/index.js';
import type { AppDeps, Clock, Logger } from './app/deps.js';
import { ConfigError, type Config } from './config.js';
import { openStore } from './store/db.js';
import { LedgerKeyError } from './store/ledger-key.js';
import { runMigrations } from './store/migrate.js';

/** Opens the database, runs pending migrations and builds the app: the one place that wires the store. */
export async function openApp(config: Config, options: { clock?: Clock; logger?: Logger } = {}): Promise<AppDeps> {
  const store = openStore({ path: config.LOOPX_DB, synchronous: config.LOOPX_SYNCHRONOUS });
  const migrated = await runMigrations(store, { ledgerKey: config.LOOPX_LEDGER_KEY });
  if (migrated.error) {
    store.close();
    if (migrated.error instanceof LedgerKeyError) throw new ConfigError(migrated.error.message);
    throw new ConfigError(`Database migration failed (${String(migrated.error)}). Check LOOPX_DB points at a LoopX database you can write.`);
  }
  return createAppDeps(store, options);
}

