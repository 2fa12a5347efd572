import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gateApp } from '../app/gate-fixture.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { askGate } from '../../src/app/gates.js';
import { asAgent, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';

// The fences over HTTP, as the adversarial probe drove them: every refusal is a typed 4xx and writes nothing.

let app: TestApp & { todoA: string; todoB: string; tokens: Record<string, string> };
let server: TestServer;
const count = (table: string) => (app.deps.store.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(async () => {
  app = await gateApp();
  server = await startTestServer(app.deps);
});
afterEach(async () => {
  await server.close();
});

describe('a gate fences the todos it blocks, over HTTP (issue 12 #2)', () => {
  it('claim and complete of a blocked todo answer 409 gate_pending while the gate is pending', async () => {
    const asked = await call(server.url, 'POST', '/v1/goals/demo/gates', { token: app.tokens.a1, body: { question: 'May I publish?', blocks: { todo_ids: [app.todoA] } } });
    expect(asked.status).toBe(201);
    const claim = await call(server.url, 'POST', `/v1/todos/${app.todoA}/claim`, { token: app.tokens.a1, body: {} });
    expect(claim.status).toBe(409);
    expect(claim.body.error).toMatchObject({ code: 'gate_pending', details: { gate_id: asked.body.gate.id, waiting_on: ['ana', 'bo'] } });
    const complete = await call(server.url, 'POST', `/v1/todos/${app.todoA}/complete`, { token: app.tokens.a1, body: { no_followup: 'did it' } });
    expect(complete.status).toBe(409);
    expect(complete.body.error.code).toBe('gate_pending');
    const other = await call(server.url, 'POST', `/v1/todos/${app.todoB}/claim`, { token: app.tokens.a1, body: {} });
    expect(other.status).toBe(200);
  });
});

describe('only the lease holder changes a leased todo (issue 12 #5)', () => {
  it('another agent`s block answers 409 not_claimed_by_you', async () => {
    expect((await call(server.url, 'POST', `/v1/todos/${app.todoB}/claim`, { token: app.tokens.a2, body: {} })).status).toBe(200);
    const block = await call(server.url, 'POST', `/v1/todos/${app.todoB}/block`, { token: app.tokens.a1, body: { reason: 'mine' } });
    expect(block.status).toBe(409);
    expect(block.body.error).toMatchObject({ code: 'not_claimed_by_you', details: { holder: 'a2' } });
  });
});

describe('every id in a request exists on that goal (issue 12 #8)', () => {
  it.each([
    { name: 'an unknown gate_id on evidence', path: '/v1/evidence', body: { goal_id: 'demo', kind: 'note', summary: 'x', gate_id: 'gate_nope' }, field: 'gate_id' },
    { name: 'an unknown todo_id on evidence', path: '/v1/evidence', body: { goal_id: 'demo', kind: 'note', summary: 'x', todo_id: 'todo_nope' }, field: 'todo_id' },
    { name: 'an unknown todo in blocks.todo_ids', path: '/v1/goals/demo/gates', body: { question: 'Q?', blocks: { todo_ids: ['todo_nope'] } }, field: 'blocks.todo_ids' },
    { name: 'an unknown todo in resume_when', path: '/v1/goals/demo/todos', body: { text: 'Later', resume_when: 'todo_done:todo_nope' }, field: 'resume_when' },
    { name: 'an unknown gate in resume_when', path: '/v1/goals/demo/todos', body: { text: 'Later', resume_when: 'gate:gate_nope' }, field: 'resume_when' },
  ])('refuses $name with 422 naming the field, writing nothing', async ({ path, body, field }) => {
    const before = [count('evidence'), count('gates'), count('todos'), count('events')];
    const res = await call(server.url, 'POST', path, { token: app.tokens.a1, body });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', details: { field } });
    expect([count('evidence'), count('gates'), count('todos'), count('events')]).toEqual(before);
  });

  it('refuses a gate of another goal on evidence', async () => {
    seedGoal(app.deps, { goalId: 'other', agents: ['b1'] });
    const foreign = unwrap(askGate(app.deps, asAgent('b1'), 'other', { question: 'Elsewhere?', blocks: { global: true } })).gate;
    const res = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: { goal_id: 'demo', kind: 'note', summary: 'x', gate_id: foreign.id } });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toMatchObject({ field: 'gate_id' });
  });
});
