import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideGate } from '../../src/app/gate-decisions.js';
import { addTodo } from '../../src/app/todos.js';
import { insertTodo } from '../../src/store/todos.js';
import { SHOULD_RUN_BUDGET_BYTES } from '../../src/contract/should-run-wire.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { operator, unwrap, type TestApp } from '../helpers/test-app.js';
import { asPerson, gateApp } from '../app/gate-fixture.js';

let app: TestApp & { todoA: string; todoB: string; tokens: Record<string, string> };
let server: TestServer;

beforeEach(async () => {
  app = await gateApp();
  server = await startTestServer(app.deps);
});
afterEach(async () => {
  await server.close();
});

const ask = (token: string | undefined, body: unknown) => call(server.url, 'POST', '/v1/goals/demo/gates', { token, body });

describe('POST /v1/goals/{goal}/gates', () => {
  it('creates a gate (201), returns the same open question (200), and shows it in status', async () => {
    const body = { question: 'May I publish the post?', blocks: { todo_ids: [app.todoA] }, risk: 'high' };
    const created = await ask(app.tokens.a1, body);
    expect(created.status).toBe(201);
    expect(created.body.gate).toMatchObject({ state: 'pending', revision: 1, risk: 'high', requested_by: 'agent:a1', waiting_on: ['ana', 'bo'] });
    const again = await ask(app.tokens.a1, body);
    expect(again.status).toBe(200);
    expect(again.body.gate.id).toBe(created.body.gate.id);
    const status = await call(server.url, 'GET', '/v1/goals/demo/status', { token: app.tokens.a2 });
    expect(status.body.open_gates).toEqual([{ id: created.body.gate.id, question: 'May I publish the post?', waiting_on: ['ana', 'bo'] }]);
  });

  it('refuses an unscoped gate in a multi-agent goal with 422 gate_unscoped', async () => {
    const res = await ask(app.tokens.a1, { question: 'May I?' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('gate_unscoped');
  });
});

describe('GET /v1/gates/{gate}?wait=', () => {
  it('is released at once by a decision and carries it', async () => {
    const created = await ask(app.tokens.a1, { question: 'Publish?', blocks: { agent: 'a1' } });
    const id = created.body.gate.id as string;
    const waiting = call(server.url, 'GET', `/v1/gates/${id}?wait=60`, { token: app.tokens.a1 });
    await new Promise((resolve) => setImmediate(resolve));
    const started = Date.now();
    unwrap(decideGate(app.deps, asPerson('ana'), id, { choice: 'reject', revision: 1, reason: 'Not yet', via: 'slack' }));
    const res = await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.gate).toMatchObject({ state: 'rejected', decision: { outcome: 'rejected', by: 'ana', via: 'slack', reason: 'Not yet' } });
  });

  it('answers a decided gate at once and refuses a wait over 60 s', async () => {
    const created = await ask(app.tokens.a1, { question: 'Publish?', blocks: { agent: 'a1' } });
    const tooLong = await call(server.url, 'GET', `/v1/gates/${created.body.gate.id}?wait=61`, { token: app.tokens.a1 });
    expect(tooLong.status).toBe(422);
    const missing = await call(server.url, 'GET', '/v1/gates/gate_nope', { token: app.tokens.a1 });
    expect(missing.status).toBe(404);
  });
});

describe('POST /v1/goals/{goal}/should-run', () => {
  it('answers the same packet for a retried turn', async () => {
    const first = await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a1, body: { turn_id: 't-1' } });
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Urgent fix', priority: 'P0' }));
    const retry = await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a1, body: { turn_id: 't-1' } });
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(first.body).toMatchObject({ mode: 'deliver', work: true, notify: false, selected_todo: { id: app.todoA } });
    const next = await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a1, body: { turn_id: 't-2' } });
    expect(next.body.selected_todo.text).toBe('Urgent fix');
  });

  it('stays within the size budget on a goal with 500 todos and 50 gates', async () => {
    const long = 'x'.repeat(1900);
    // Seeded straight into the store: the use case's duplicate check would make this setup quadratic.
    app.deps.store.transaction(() => {
      for (let i = 0; i < 500; i += 1) {
        const todo = { id: `todo_bulk${i}`, goalId: 'demo', text: `${i} ${long}`, role: 'agent' as const, taskClass: 'advancement' as const, priority: i % 2 ? ('P1' as const) : ('P2' as const), status: 'open' as const, actionKind: null, resumeWhen: null, predecessorId: null };
        insertTodo(app.deps.store, todo, app.clock.now().toISOString());
      }
    });
    for (let i = 0; i < 50; i += 1) {
      const res = await ask(app.tokens.a1, { question: `${i} ${'q'.repeat(990)}`, blocks: { global: true } });
      expect(res.status).toBe(201);
    }
    const res = await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a2, body: { turn_id: 'big' } });
    expect(res.body).toMatchObject({ mode: 'gate_wait', notify: true, blocking_gates_total: 50 });
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThanOrEqual(SHOULD_RUN_BUDGET_BYTES);
  });
});

describe('POST /v1/evidence spend', () => {
  it('answers spent once for the turn, and not for a surface-only writeback', async () => {
    const body = { goal_id: 'demo', turn_id: 't-1', kind: 'test', summary: 'tests pass', delivery_outcome: 'outcome_progress', usage: { tokens_in: 10, tokens_out: 5, cost_usd: 0.01 } };
    await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a1, body: { turn_id: 't-1' } });
    const first = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body });
    expect(first.body.spent).toEqual({ slots: 1 });
    const retry = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body });
    expect(retry.body.spent).toBeUndefined();
    const surface = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: { ...body, turn_id: 't-2', delivery_outcome: 'surface_only' } });
    expect(surface.status).toBe(201);
    expect(surface.body.spent).toBeUndefined();
  });
});
