import type { Store } from '../store/db.js';
import { systemClock, silentLogger, type AppDeps, type Clock, type Logger } from './deps.js';
import { createIdGenerator } from './ids.js';

/** Builds the dependencies every use case takes. */
export function createAppDeps(store: Store, options: { clock?: Clock; logger?: Logger } = {}): AppDeps {
  const clock = options.clock ?? systemClock;
  return { store, clock, logger: options.logger ?? silentLogger, newId: createIdGenerator(clock), commitListeners: [] };
}
