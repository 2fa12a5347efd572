import type { Server } from 'node:http';
import { createWebBoard } from '../adapters/web/index.js';
import { startScheduler } from '../jobs/schedule.js';
import { createAppDeps } from './app/index.js';
import { createJobDeps } from './app/job-deps.js';
import type { AppDeps, Clock, Logger } from './app/deps.js';
import { boardUrl, ConfigError, type Config } from './config.js';
import { startLoopxServer } from './server.js';
import { openStore } from './store/db.js';
import { runMigrations } from './store/migrate.js';

/** Opens the database, runs pending migrations and builds the app: the one place that wires the store. */
export async function openApp(config: Config, options: { clock?: Clock; logger?: Logger } = {}): Promise<AppDeps> {
  const store = openStore({ path: config.LOOPX_DB, synchronous: config.LOOPX_SYNCHRONOUS });
  const migrated = await runMigrations(store);
  if (migrated.error) {
    store.close();
    throw new ConfigError(`Database migration failed (${String(migrated.error)}). Check LOOPX_DB points at a LoopX database you can write.`);
  }
  return createAppDeps(store, options);
}

/** A running server and how to stop it. */
export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  /** The base URL people open (the web board lives at `/`). */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the one HTTP server with every surface mounted (the web board last, at `/`) and the heartbeat and
 * digest scheduler, whose first tick catches up whatever downtime missed.
 */
export async function serveApp(deps: AppDeps, config: Config): Promise<RunningServer> {
  const web = createWebBoard(deps, config);
  const { server, port } = await startLoopxServer(deps, config, { mounts: [web.mount], rawMounts: [web.rawMount] });
  const scheduler = startScheduler(createJobDeps(deps));
  return {
    server,
    port,
    url: boardUrl(config, port),
    stop: async () => {
      await scheduler.stop();
      await new Promise<void>((resolve) => {
        web.close();
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
