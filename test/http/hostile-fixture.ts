import { revokeAgentAccess } from '../../src/app/agents.js';
import type { AppDeps } from '../../src/app/deps.js';
import { addTodo } from '../../src/app/todos.js';
import { startTestServer, type TestServer } from '../helpers/http.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';
import type { HostileTarget } from './hostile-corpus.js';

/** Row counts of every table a request could write to. */
export function rowCounts(deps: AppDeps): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of ['evidence', 'events', 'idempotency', 'todos', 'gates', 'agents', 'goals']) {
    counts[table] = (deps.store.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  }
  return counts;
}

/** A real server with a goal, a plain agent, a signing agent, a revoked agent and an outsider on another goal. */
export async function startHostileTarget(env: Record<string, string> = {}): Promise<{ app: TestApp; server: TestServer; target: HostileTarget }> {
  const app = await createTestApp();
  const seeded = seedGoal(app.deps, { agents: ['a1', 'signer', 'gone'], signing: ['signer'] });
  const other = seedGoal(app.deps, { goalId: 'other', agents: ['outsider'] });
  unwrap(revokeAgentAccess(app.deps, operator, 'gone'));
  const foreign = unwrap(addTodo(app.deps, operator, 'other', { text: 'Someone else’s work' }));
  const server = await startTestServer(app.deps, env);
  const target: HostileTarget = {
    url: server.url,
    port: Number(new URL(server.url).port),
    goalId: seeded.goalId,
    token: seeded.tokens.a1 ?? '',
    signerToken: seeded.tokens.signer ?? '',
    signerSecret: seeded.secrets.signer ?? '',
    outsiderToken: other.tokens.outsider ?? '',
    revokedToken: seeded.tokens.gone ?? '',
    foreignTodoId: foreign.todo.id,
    nowSeconds: () => Math.floor(app.clock.now().getTime() / 1000),
  };
  return { app, server, target };
}
