import type { Store } from '../store/db.js';
import type { EventRow } from '../store/events.js';
import type { StorageHealth } from './storage/health.js';

/** The time source; tests pass a stepped clock. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** Object-first structured logging; never pass secrets. */
export interface Logger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** A logger that drops everything (tests, CLI). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Called after every commit with the ledger rows it appended (projections, live updates). */
export type CommitListener = (events: readonly EventRow[]) => void;

/** What every use case needs. */
export interface AppDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly newId: (prefix: string) => string;
  readonly commitListeners: CommitListener[];
  /** Whether the database takes writes (read-only and full-disk faults, with self-recovery). */
  readonly storage: StorageHealth;
}
