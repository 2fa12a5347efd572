import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { createTestApp, seedGoal, type TestApp } from '../helpers/test-app.js';

let app: TestApp;
let server: TestServer;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  token = seedGoal(app.deps, { agents: ['a1'] }).tokens.a1!;
  server = await startTestServer(app.deps);
});
afterAll(() => server.close());

const evidenceRows = () => (app.deps.store.sqlite.prepare('SELECT count(*) AS n FROM evidence').get() as { n: number }).n;

describe('JSON at the edge (issue 14 §8)', () => {
  it('treats the same request with its keys reordered as the same request under one Idempotency-Key', async () => {
    const first = await call(server.url, 'POST', '/v1/evidence', { token, idempotencyKey: 'order-1', rawBody: '{"goal_id":"demo","kind":"test","summary":"s","data":{"a":1,"b":{"x":1,"y":2}}}' });
    const reordered = await call(server.url, 'POST', '/v1/evidence', { token, idempotencyKey: 'order-1', rawBody: '{"data":{"b":{"y":2,"x":1},"a":1},"summary":"s","kind":"test","goal_id":"demo"}' });
    expect([first.status, reordered.status]).toEqual([201, 201]);
    expect(reordered.body).toEqual(first.body);
  });

  it('still refuses a different request under the same key', async () => {
    const other = await call(server.url, 'POST', '/v1/evidence', { token, idempotencyKey: 'order-1', rawBody: '{"goal_id":"demo","kind":"test","summary":"s","data":{"a":2,"b":{"x":1,"y":2}}}' });
    expect(other.status).toBe(409);
  });

  it('refuses 1e400 instead of storing null', async () => {
    const before = evidenceRows();
    const answer = await call(server.url, 'POST', '/v1/evidence', { token, rawBody: '{"goal_id":"demo","kind":"test","summary":"s","data":{"n":1e400}}' });
    expect(answer.status).toBe(422);
    expect(evidenceRows()).toBe(before);
  });

  it('refuses a nested __proto__ key instead of dropping it', async () => {
    const before = evidenceRows();
    const answer = await call(server.url, 'POST', '/v1/evidence', { token, rawBody: '{"goal_id":"demo","kind":"test","summary":"s","data":{"x":{"__proto__":{"p":1}}}}' });
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toContain('__proto__');
    expect(evidenceRows()).toBe(before);
  });
});
