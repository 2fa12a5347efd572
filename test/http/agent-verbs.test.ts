import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { listEvents } from '../../src/store/events.js';
import { gateApp } from '../app/gate-fixture.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { asAgent, seedGoal, unwrap } from '../helpers/test-app.js';

// Every agent verb of the CLI also exists under /v1, with the same rules (issue 17 #1).

let app: Awaited<ReturnType<typeof gateApp>>;
let server: TestServer;
const post = (token: string | undefined, path: string, body: unknown = {}) => call(server.url, 'POST', path, { token, body });
const get = (token: string | undefined, path: string) => call(server.url, 'GET', path, { token });

beforeEach(async () => {
  app = await gateApp();
  server = await startTestServer(app.deps);
});
afterEach(async () => server.close());

describe('todo verbs over HTTP', () => {
  it('reads one todo with its lane', async () => {
    const res = await get(app.tokens.a1, `/v1/todos/${app.todoA}`);
    expect(res.status).toBe(200);
    expect(res.body.todo).toMatchObject({ id: app.todoA, text: 'Publish the post', lane: 'todo' });
    expect((await get(app.tokens.a1, '/v1/todos/todo_nope')).status).toBe(404);
  });

  it('updates, defers, reopens and supersedes, each recorded like its CLI twin', async () => {
    const updated = await post(app.tokens.a1, `/v1/todos/${app.todoB}/update`, { priority: 'P0' });
    expect(updated.body.todo).toMatchObject({ priority: 'P0' });
    expect((await post(app.tokens.a1, `/v1/todos/${app.todoB}/update`, {})).status).toBe(422);
    const deferred = await post(app.tokens.a1, `/v1/todos/${app.todoB}/defer`, { resume_when: '2030-01-01T00:00:00Z' });
    expect(deferred.body.todo).toMatchObject({ status: 'deferred', resume_when: '2030-01-01T00:00:00Z' });
    expect((await post(app.tokens.a1, `/v1/todos/${app.todoB}/reopen`)).body.todo.status).toBe('open');
    const superseded = await post(app.tokens.a1, `/v1/todos/${app.todoB}/supersede`, { text: 'Draft a shorter changelog' });
    expect(superseded.status).toBe(200);
    expect(superseded.body).toMatchObject({ todo: { status: 'superseded' }, replacement: { text: 'Draft a shorter changelog' } });
    const types = listEvents(app.deps.store, { goalId: 'demo' }).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['todo.updated', 'todo.deferred', 'todo.reopened', 'todo.superseded']));
  });

  it('keeps the rules: another agent`s lease, and a todo of a goal the agent is not on', async () => {
    expect((await post(app.tokens.a2, `/v1/todos/${app.todoB}/claim`)).status).toBe(200);
    const refused = await post(app.tokens.a1, `/v1/todos/${app.todoB}/update`, { text: 'Mine now' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('not_claimed_by_you');
    const outsider = seedGoal(app.deps, { goalId: 'other', agents: ['b1'] }).tokens.b1;
    expect((await get(outsider, `/v1/todos/${app.todoA}`)).status).toBe(403);
  });
});

describe('gate verbs over HTTP', () => {
  it('the asker amends and cancels its own gate; another agent may not; the agent lists its gates', async () => {
    const asked = await post(app.tokens.a1, '/v1/goals/demo/gates', { question: 'May I publish?', blocks: { todo_ids: [app.todoA] } });
    const gateId = asked.body.gate.id;
    const amended = await post(app.tokens.a1, `/v1/gates/${gateId}/amend`, { question: 'May I publish on Friday?' });
    expect(amended.body.gate).toMatchObject({ question: 'May I publish on Friday?', revision: 2 });
    expect((await post(app.tokens.a2, `/v1/gates/${gateId}/amend`, { question: 'Hijack?' })).status).toBe(403);
    const mine = await get(app.tokens.a1, '/v1/agents/me/gates?state=pending');
    expect(mine.body.gates.map((g: { id: string }) => g.id)).toEqual([gateId]);
    expect((await get(app.tokens.a2, '/v1/agents/me/gates')).body.gates).toEqual([]);
    expect((await get(app.tokens.a1, '/v1/agents/me/gates?state=nope')).status).toBe(422);
    const cancelled = await post(app.tokens.a1, `/v1/gates/${gateId}/cancel`, { reason: 'not needed' });
    expect(cancelled.body).toMatchObject({ changed: true, gate: { state: 'cancelled' } });
  });
});

describe('evidence reads over HTTP', () => {
  it('lists a goal`s evidence newest first (by todo too) and reads one; other goals are refused', async () => {
    const first = unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', todoId: app.todoA, kind: 'test', summary: 'tests pass' }));
    app.clock.advance(1000);
    const second = unwrap(addEvidence(app.deps, asAgent('a2'), { goalId: 'demo', kind: 'note', summary: 'looked around' }));
    const all = await get(app.tokens.a1, '/v1/goals/demo/evidence');
    expect(all.body.evidence.map((e: { id: string }) => e.id)).toEqual([second.id, first.id]);
    const byTodo = await get(app.tokens.a1, `/v1/goals/demo/evidence?todo_id=${app.todoA}&limit=5`);
    expect(byTodo.body.evidence.map((e: { id: string }) => e.id)).toEqual([first.id]);
    expect((await get(app.tokens.a1, '/v1/goals/demo/evidence?limit=0')).status).toBe(422);
    expect((await get(app.tokens.a1, `/v1/evidence/${first.id}`)).body.evidence).toMatchObject({ id: first.id, summary: 'tests pass' });
    const outsider = seedGoal(app.deps, { goalId: 'other', agents: ['b1'] }).tokens.b1;
    expect((await get(outsider, `/v1/evidence/${first.id}`)).status).toBe(403);
    expect((await get(outsider, '/v1/goals/demo/evidence')).status).toBe(403);
  });
});
