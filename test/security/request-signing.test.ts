import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addTodo } from '../../src/app/todos.js';
import { signBody, signRequest } from '../../src/http/agent-auth.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function signedWorld(path?: string) {
  const app = await createTestApp(path ? { path } : {});
  const { tokens, secrets } = seedGoal(app.deps, { agents: ['signer'], signing: ['signer'] });
  const todo = (text: string) => unwrap(addTodo(app.deps, operator, 'demo', { text })).todo.id;
  const server = await startTestServer(app.deps);
  cleanups.push(() => server.close());
  return { app, server, token: tokens.signer!, secret: secrets.signer!, todo, now: () => Math.floor(app.clock.now().getTime() / 1000) };
}

async function send(server: TestServer, token: string, method: string, path: string, body: string, signature: string, idempotencyKey?: string) {
  return call(server.url, method, path, { token, rawBody: body, headers: { 'x-loopx-signature': signature, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) } });
}

const evidence = (summary: string) => JSON.stringify({ goal_id: 'demo', kind: 'test', summary });
const count = (app: TestApp, table: string) => (app.deps.store.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('request signing (issue 14 §4)', () => {
  it('refuses a signed {} claim for one todo replayed to another todo (v1, the reported attack)', async () => {
    const w = await signedWorld();
    const [first, second] = [w.todo('First'), w.todo('Second')];
    const signature = `t=${w.now()},v1=${signBody(w.secret, w.now(), '{}')}`;
    expect((await send(w.server, w.token, 'POST', `/v1/todos/${first}/claim`, '{}', signature)).status).toBe(200);
    const replayed = await send(w.server, w.token, 'POST', `/v1/todos/${second}/claim`, '{}', signature);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe('signature_replayed');
  });

  it('refuses the same signed evidence request sent twice (v1): one row, not two', async () => {
    const w = await signedWorld();
    const body = evidence('sent twice');
    const signature = `t=${w.now()},v1=${signBody(w.secret, w.now(), body)}`;
    expect((await send(w.server, w.token, 'POST', '/v1/evidence', body, signature)).status).toBe(201);
    expect((await send(w.server, w.token, 'POST', '/v1/evidence', body, signature)).status).toBe(401);
    expect(count(w.app, 'evidence')).toBe(1);
  });

  it('v2 covers the method, the path, the Idempotency-Key and the body', async () => {
    const w = await signedWorld();
    const [first, second] = [w.todo('First'), w.todo('Second')];
    const t = w.now();
    const sign = (method: string, target: string, key: string | null, body: string) => `t=${t},v2=${signRequest(w.secret, t, { method, target, idempotencyKey: key, body })}`;
    const forFirst = sign('POST', `/v1/todos/${first}/claim`, 'k-1', '{}');
    expect((await send(w.server, w.token, 'POST', `/v1/todos/${second}/claim`, '{}', forFirst, 'k-1')).status).toBe(401);
    expect((await send(w.server, w.token, 'POST', `/v1/todos/${first}/claim`, '{}', forFirst, 'k-2')).status).toBe(401);
    expect((await send(w.server, w.token, 'POST', `/v1/todos/${first}/claim`, '{"ttl_seconds":600}', forFirst, 'k-1')).status).toBe(401);
    expect((await send(w.server, w.token, 'POST', `/v1/todos/${first}/claim`, '{}', sign('PUT', `/v1/todos/${first}/claim`, 'k-1', '{}'), 'k-1')).status).toBe(401);
    expect((await send(w.server, w.token, 'POST', `/v1/todos/${first}/claim`, '{}', forFirst, 'k-1')).status).toBe(200);
    const again = await send(w.server, w.token, 'POST', `/v1/todos/${first}/claim`, '{}', forFirst, 'k-1');
    expect(again.body.error.code).toBe('signature_replayed');
  });

  it('a retry signed afresh with the same Idempotency-Key gets the stored answer', async () => {
    const w = await signedWorld();
    const body = evidence('retried');
    const first = await call(w.server.url, 'POST', '/v1/evidence', { token: w.token, rawBody: body, idempotencyKey: 'retry-1', signingSecret: w.secret, signedAt: w.now() });
    w.app.clock.advance(1_000);
    const retry = await call(w.server.url, 'POST', '/v1/evidence', { token: w.token, rawBody: body, idempotencyKey: 'retry-1', signingSecret: w.secret, signedAt: w.now() });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    expect(count(w.app, 'evidence')).toBe(1);
  });

  it('remembers seen signatures in the database: a replay after a restart is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopx-sig-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const w = await signedWorld(join(dir, 'loopx.db'));
    const body = evidence('before restart');
    const t = w.now();
    const signature = `t=${t},v2=${signRequest(w.secret, t, { method: 'POST', target: '/v1/evidence', idempotencyKey: null, body })}`;
    expect((await send(w.server, w.token, 'POST', '/v1/evidence', body, signature)).status).toBe(201);
    await w.server.close();
    const reopened = await createTestApp({ path: join(dir, 'loopx.db'), start: w.app.clock.now().toISOString() });
    const server = await startTestServer(reopened.deps);
    cleanups.push(() => server.close());
    const replay = await send(server, w.token, 'POST', '/v1/evidence', body, signature);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('signature_replayed');
    expect(count(reopened, 'evidence')).toBe(1);
  });

  it('forgets signatures once their window is over, keeping the table small', async () => {
    const w = await signedWorld();
    for (let i = 0; i < 3; i += 1) expect((await call(w.server.url, 'POST', '/v1/evidence', { token: w.token, rawBody: evidence(`n${i}`), signingSecret: w.secret, signedAt: w.now() })).status).toBe(201);
    expect(count(w.app, 'seen_signatures')).toBe(3);
    w.app.clock.advance(302_000);
    expect((await call(w.server.url, 'POST', '/v1/evidence', { token: w.token, rawBody: evidence('later'), signingSecret: w.secret, signedAt: w.now() })).status).toBe(201);
    expect(count(w.app, 'seen_signatures')).toBe(1);
  });
});
