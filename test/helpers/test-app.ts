import { CLI_ACTOR, type Actor } from '../../src/app/actor.js';
import { addAgent } from '../../src/app/agents.js';
import type { AppDeps } from '../../src/app/deps.js';
import { addGoal } from '../../src/app/goals.js';
import { createAppDeps } from '../../src/app/index.js';
import { addPerson } from '../../src/app/people.js';
import type { KernelError } from '../../src/kernel/errors.js';
import type { Result } from '../../src/kernel/result.js';
import { openStore } from '../../src/store/db.js';
import { runMigrations } from '../../src/store/migrate.js';
import { steppedClock, type SteppedClock } from './clock.js';

/** A real app on an in-memory database with the real migrations and a stepped clock. */
export interface TestApp {
  readonly deps: AppDeps;
  readonly clock: SteppedClock;
}

/** Opens a fresh in-memory LoopX (optionally on a file path, for multi-connection tests). */
export async function createTestApp(options: { path?: string; start?: string } = {}): Promise<TestApp> {
  const store = openStore({ path: options.path ?? ':memory:' });
  const migrated = await runMigrations(store);
  if (migrated.error) throw migrated.error;
  const clock = steppedClock(options.start);
  return { deps: createAppDeps(store, { clock }), clock };
}

/** Unwraps a result in a test, failing loudly with the error. */
export function unwrap<T>(result: Result<T, KernelError>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The operator, as CLI writes are recorded. */
export const operator = { actor: CLI_ACTOR };

/** An origin acting as an agent. */
export function asAgent(id: string, idempotencyKey?: string): { actor: Actor; idempotencyKey?: string } {
  return idempotencyKey ? { actor: { kind: 'agent', id }, idempotencyKey } : { actor: { kind: 'agent', id } };
}

/** Seeds a person `ana`, a goal `demo` owned by her, and agents; returns their tokens and secrets. */
export function seedGoal(
  deps: AppDeps,
  options: { goalId?: string; agents?: readonly string[]; signing?: readonly string[] } = {},
): { goalId: string; tokens: Record<string, string>; secrets: Record<string, string> } {
  const goalId = options.goalId ?? 'demo';
  if (!deps.store.first(deps.store.kysely.selectFrom('people').select('id').where('id', '=', 'ana'))) {
    unwrap(addPerson(deps, operator, { id: 'ana', name: 'Ana', timezone: 'Asia/Shanghai' }));
  }
  unwrap(addGoal(deps, operator, { id: goalId, title: 'Demo goal', objective: 'Ship the demo', owners: ['ana'], timezone: 'Asia/Shanghai' }));
  const tokens: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const agentId of options.agents ?? ['a1', 'a2']) {
    const created = unwrap(addAgent(deps, operator, { id: agentId, goalId, signing: options.signing?.includes(agentId) ?? false }));
    tokens[agentId] = created.token;
    if (created.signingSecret) secrets[agentId] = created.signingSecret;
  }
  return { goalId, tokens, secrets };
}
