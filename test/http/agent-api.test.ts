import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTodo } from '../../src/app/todos.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';

let app: TestApp;
let server: TestServer;
let tokens: Record<string, string>;
let secrets: Record<string, string>;
let todoId: string;
const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);
const evidenceCount = () => (app.deps.store.sqlite.prepare('SELECT count(*) AS n FROM evidence').get() as { n: number }).n;
const evidence = { goal_id: 'demo', kind: 'test', summary: 'unit tests pass', url: 'https://ci.example.com/runs/1' };

beforeEach(async () => {
  app = await createTestApp();
  ({ tokens, secrets } = seedGoal(app.deps, { agents: ['a1', 'a2', 'signer'], signing: ['signer'] }));
  tokens = { ...tokens, ...seedGoal(app.deps, { goalId: 'other', agents: ['outsider'] }).tokens };
  todoId = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the changelog' })).todo.id;
  server = await startTestServer(app.deps);
});
afterEach(async () => {
  await server.close();
});

describe('GET /healthz', () => {
  it('answers without auth', async () => {
    const res = await call(server.url, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, version: expect.any(String) });
  });
});

describe('the agent loop over HTTP', () => {
  it('claims, reports evidence, completes, and shows status', async () => {
    const claimed = await call(server.url, 'POST', `/v1/todos/${todoId}/claim`, { token: tokens.a1, body: { ttl_seconds: 600 } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.lease).toMatchObject({ version: 1, epoch: 1, holder: 'a1' });
    const other = await call(server.url, 'POST', `/v1/todos/${todoId}/claim`, { token: tokens.a2, body: {} });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('lease_held');
    const posted = await call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, todo_id: todoId } });
    expect(posted.status).toBe(201);
    expect(posted.body.evidence).toMatchObject({ agent_id: 'a1', todo_id: todoId, kind: 'test' });
    const status = await call(server.url, 'GET', '/v1/goals/demo/status', { token: tokens.a1 });
    expect(status.body.lanes).toMatchObject({ running: 1, todo: 0 });
    const refused = await call(server.url, 'POST', `/v1/todos/${todoId}/complete`, { token: tokens.a1, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('completion_requires_successor_or_no_followup');
    const done = await call(server.url, 'POST', `/v1/todos/${todoId}/complete`, { token: tokens.a1, body: { lease_version: 1, successors: [{ text: 'Publish it' }] } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ changed: true, todo: { status: 'done' }, successors: [{ text: 'Publish it' }] });
    const again = await call(server.url, 'POST', `/v1/todos/${todoId}/complete`, { token: tokens.a1, body: { no_followup: 'x' } });
    expect(again.body.changed).toBe(false);
  });

  it('adds a todo and claims it in one call', async () => {
    const res = await call(server.url, 'POST', '/v1/goals/demo/todos', { token: tokens.a2, body: { text: 'Fix the flaky test', priority: 'P1', claim: true } });
    expect(res.status).toBe(201);
    expect(res.body.todo).toMatchObject({ priority: 'P1', claimed_by: 'a2' });
    const list = await call(server.url, 'GET', '/v1/goals/demo/todos?status=open', { token: tokens.a2 });
    expect(list.body.todos.map((t: { text: string }) => t.text)).toEqual(['Fix the flaky test', 'Write the changelog']);
  });

  it('replays an idempotent request with the same status and body', async () => {
    const first = await call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: evidence, idempotencyKey: 'ev-1' });
    const again = await call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: evidence, idempotencyKey: 'ev-1' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(evidenceCount()).toBe(1);
    const reused = await call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, summary: 'different' }, idempotencyKey: 'ev-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
  });
});

describe('refusals: typed error, nothing written', () => {
  const cases: { name: string; status: number; code: string; run: () => Promise<{ status: number; body: any }> }[] = [
    { name: 'no token', status: 401, code: 'unauthenticated', run: () => call(server.url, 'POST', '/v1/evidence', { body: evidence }) },
    { name: 'wrong token', status: 401, code: 'unauthenticated', run: () => call(server.url, 'POST', '/v1/evidence', { token: 'lpx_nope', body: evidence }) },
    { name: 'goal the agent is not on', status: 403, code: 'forbidden', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.outsider, body: evidence }) },
    { name: 'unsigned request from a signing agent', status: 401, code: 'unauthenticated', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.signer, body: evidence }) },
    { name: 'badly signed request', status: 401, code: 'unauthenticated', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.signer, body: evidence, signingSecret: 'not-the-secret', signedAt: nowSeconds() }) },
    { name: 'stale signature (6 minutes old)', status: 401, code: 'unauthenticated', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.signer, body: evidence, signingSecret: secrets.signer, signedAt: nowSeconds() - 360 }) },
    { name: 'future signature (6 minutes ahead)', status: 401, code: 'unauthenticated', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.signer, body: evidence, signingSecret: secrets.signer, signedAt: nowSeconds() + 360 }) },
    { name: 'oversized body', status: 413, code: 'payload_too_large', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, rawBody: JSON.stringify({ ...evidence, summary: 'x'.repeat(300_000) }) }) },
    { name: 'malformed JSON', status: 400, code: 'invalid_json', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, rawBody: '{"goal_id": "demo",' }) },
    { name: 'invalid UTF-8', status: 400, code: 'invalid_json', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, rawBody: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]) }) },
    { name: 'wrong content type', status: 415, code: 'unsupported_media_type', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, rawBody: JSON.stringify(evidence), contentType: 'text/plain' }) },
    { name: 'wrong field type', status: 422, code: 'invalid_request', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, summary: 42 } }) },
    { name: 'unknown kind', status: 422, code: 'invalid_request', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, kind: 'vibes' } }) },
    { name: 'unknown field', status: 422, code: 'invalid_request', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, sumary: 'typo' } }) },
    { name: 'secret in the summary', status: 422, code: 'secret_in_text', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, summary: 'token xoxb-123456789012-abcdef' } }) },
    { name: 'unknown route', status: 404, code: 'not_found', run: () => call(server.url, 'GET', '/v1/nothing', { token: tokens.a1 }) },
    { name: 'wrong method', status: 405, code: 'method_not_allowed', run: () => call(server.url, 'GET', '/v1/evidence', { token: tokens.a1 }) },
    { name: 'unknown goal', status: 404, code: 'not_found', run: () => call(server.url, 'POST', '/v1/evidence', { token: tokens.a1, body: { ...evidence, goal_id: 'nope' } }) },
  ];

  it.each(cases)('$name → $status $code', async ({ status, code, run }) => {
    const res = await run();
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
    expect(evidenceCount()).toBe(0);
  });

  it('accepts a correctly signed request from a signing agent', async () => {
    const res = await call(server.url, 'POST', '/v1/evidence', { token: tokens.signer, body: evidence, signingSecret: secrets.signer, signedAt: nowSeconds() - 200 });
    expect(res.status).toBe(201);
    expect(evidenceCount()).toBe(1);
  });
});
