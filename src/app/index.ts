import type { Store } from '../store/db.js';
import { systemClock, silentLogger, type AppDeps, type Clock, type Logger } from './deps.js';
import { createIdGenerator } from './ids.js';
import { createStorageHealth } from './storage/health.js';

/** Builds the dependencies every use case takes. */
export function createAppDeps(store: Store, options: { clock?: Clock; logger?: Logger } = {}): AppDeps {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  return { store, clock, logger, newId: createIdGenerator(clock), commitListeners: [], storage: createStorageHealth({ store, clock, logger }) };
}
