import { createHash } from 'node:crypto';
import { fail, KernelFailure, type KernelError } from '../kernel/errors.js';
import { requirePublicSafe } from '../kernel/public-safe.js';
import type { Result } from '../kernel/result.js';
import { appendEvents, type EventRow, type NewEvent } from '../store/events.js';
import { findStoredResult, storeResult } from '../store/idempotency.js';
import type { Store } from '../store/db.js';
import { actorRef, type Actor } from './actor.js';
import type { AppDeps } from './deps.js';

/** Who is writing, and the key that makes a retry safe. */
export interface WriteSpec {
  readonly actor: Actor;
  readonly idempotencyKey?: string | null | undefined;
  /** The command name and request, hashed to tell a retry from a different request under the same key. */
  readonly command: string;
  readonly request: unknown;
}

/** Who is writing, without the command: what callers pass to a use case. */
export type WriteOrigin = Omit<WriteSpec, 'command' | 'request'>;

/** What a command body gets: the store, the one `now` of this command, and the ledger. */
export interface WriteContext {
  readonly store: Store;
  readonly now: Date;
  readonly at: string;
  readonly actor: Actor;
  /** Records a ledger event, appended in this transaction. */
  event(event: Omit<NewEvent, 'actor' | 'idempotencyKey'>): void;
  /** Records an audit event that is kept even if the command is refused (refused decisions, denied clicks). */
  audit(event: Omit<NewEvent, 'actor' | 'idempotencyKey'>): void;
  readonly newId: (prefix: string) => string;
}

/** JSON with object keys sorted at every depth: the same request with its keys in another order hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function requestHash(command: string, request: unknown): string {
  return createHash('sha256').update(command).update('\u0000').update(canonicalJson(request)).digest('hex');
}

/**
 * Runs one command as one transaction: idempotency check → body (decide + persist + events) → stored result.
 * A refused command writes nothing but its audit events. Listeners hear about the appended events after commit.
 */
export function runWrite<T>(deps: AppDeps, spec: WriteSpec, body: (ctx: WriteContext) => Result<T, KernelError>): Result<T, KernelError> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const hash = requestHash(spec.command, spec.request);
  const key = spec.idempotencyKey ?? null;
  const actor = actorRef(spec.actor);
  // Every string a command carries (free text, ids, data values and keys, URLs decoded) is checked once here,
  // before the write lock is taken, so no field can be forgotten: a credential is never stored, whichever field.
  const safe = requirePublicSafe(isRecord(spec.request) ? spec.request : { request: spec.request });
  if (!safe.ok) return safe;
  const auditEvents: NewEvent[] = [];
  let appended: EventRow[] = [];
  let outcome: Result<T, KernelError>;
  try {
    outcome = deps.store.transaction(() => {
      if (key !== null) {
        const stored = findStoredResult(deps.store, actor, key);
        if (stored) {
          if (stored.requestHash !== hash) {
            return fail('idempotency_key_reused', `Idempotency-Key "${key}" was already used for a different request; use a new key for a new request.`);
          }
          return { ok: true, value: stored.response as T };
        }
      }
      const events: NewEvent[] = [];
      const ctx: WriteContext = {
        store: deps.store,
        now,
        at,
        actor: spec.actor,
        newId: deps.newId,
        event: (e) => events.push({ ...e, actor, idempotencyKey: key }),
        audit: (e) => auditEvents.push({ ...e, actor, idempotencyKey: key }),
      };
      const result = body(ctx);
      if (!result.ok) throw new KernelFailure(result.error);
      appended = appendEvents(deps.store, at, [...auditEvents, ...events]);
      if (key !== null) storeResult(deps.store, actor, key, hash, result.value, at);
      return result;
    });
  } catch (thrown) {
    if (!(thrown instanceof KernelFailure)) throw thrown;
    outcome = { ok: false, error: thrown.error };
    if (auditEvents.length > 0) appended = deps.store.transaction(() => appendEvents(deps.store, at, auditEvents));
  }
  // Inside a group commit the listeners must wait for the shared COMMIT, not just this command's savepoint.
  if (appended.length > 0) deps.store.afterCommit(() => notifyCommit(deps, appended));
  return outcome;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Tells every commit listener about committed ledger rows (this process's commits, and others' via the change signal). */
export function notifyCommit(deps: AppDeps, events: readonly EventRow[]): void {
  for (const listener of deps.commitListeners) {
    try {
      listener(events);
    } catch (error) {
      deps.logger.error({ error: String(error) }, 'commit listener failed');
    }
  }
}

/** Unwraps a Result inside a command body, aborting the transaction on failure. */
export function must<T>(result: Result<T, KernelError>): T {
  if (!result.ok) throw new KernelFailure(result.error);
  return result.value;
}
