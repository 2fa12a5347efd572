import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/http/agent-auth.js';
import { call, type TestServer } from '../helpers/http.js';
import type { TestApp } from '../helpers/test-app.js';
import { HOSTILE_CASES, type HostileTarget } from './hostile-corpus.js';
import { rowCounts, startHostileTarget } from './hostile-fixture.js';

let app: TestApp;
let server: TestServer;
let target: HostileTarget;

beforeAll(async () => {
  ({ app, server, target } = await startHostileTarget());
});
afterAll(() => server.close());

async function healthy(): Promise<boolean> {
  return (await fetch(`${target.url}/healthz`)).status === 200;
}

describe('hostile input corpus', () => {
  it('has at least 150 refusal cases', () => {
    expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(150);
  });

  it.each(HOSTILE_CASES.map((c) => [c.name, c] as const))('%s: refused, nothing written, server stays up', async (_name, hostile) => {
    const before = rowCounts(app.deps);
    const answer = await hostile.send(target);
    expect(answer.status).toBe(hostile.status);
    if (hostile.code) expect((answer.body as { error?: { code?: string } }).error?.code).toBe(hostile.code);
    expect(rowCounts(app.deps)).toEqual(before);
    expect(await healthy()).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('controls beside the corpus', () => {
  const body = (summary: string) => ({ goal_id: target.goalId, kind: 'test', summary });

  it('accepts a valid event and replays it once under the same Idempotency-Key', async () => {
    const before = rowCounts(app.deps);
    const first = await call(target.url, 'POST', '/v1/evidence', { token: target.token, body: body('control'), idempotencyKey: 'ctl-1' });
    const again = await call(target.url, 'POST', '/v1/evidence', { token: target.token, body: body('control'), idempotencyKey: 'ctl-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(rowCounts(app.deps).evidence).toBe((before.evidence ?? 0) + 1);
  });

  it('refuses the same Idempotency-Key with a different body (409) and writes nothing', async () => {
    const before = rowCounts(app.deps);
    const reused = await call(target.url, 'POST', '/v1/evidence', { token: target.token, body: body('different'), idempotencyKey: 'ctl-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(rowCounts(app.deps)).toEqual(before);
  });

  it('refuses an exact replay of a signed request, and answers a re-signed retry with the stored answer', async () => {
    const raw = JSON.stringify(body('signed once'));
    const t = target.nowSeconds();
    const headers = { 'x-loopx-signature': `t=${t},v1=${signBody(target.signerSecret, t, raw)}` };
    const first = await call(target.url, 'POST', '/v1/evidence', { token: target.signerToken, rawBody: raw, headers, idempotencyKey: 'signed-1' });
    const before = rowCounts(app.deps);
    const replay = await call(target.url, 'POST', '/v1/evidence', { token: target.signerToken, rawBody: raw, headers, idempotencyKey: 'signed-1' });
    const retry = await call(target.url, 'POST', '/v1/evidence', { token: target.signerToken, rawBody: raw, idempotencyKey: 'signed-1', signingSecret: target.signerSecret, signedAt: t - 1 });
    expect(first.status).toBe(201);
    expect(replay.body.error.code).toBe('signature_replayed');
    expect(retry.body).toEqual(first.body);
    expect(rowCounts(app.deps)).toEqual(before);
  });

  it('accepts a signature 290 s old (inside the ±300 s window)', async () => {
    const answer = await call(target.url, 'POST', '/v1/evidence', { token: target.signerToken, body: body('slightly late'), signingSecret: target.signerSecret, signedAt: target.nowSeconds() - 290 });
    expect(answer.status).toBe(201);
  });

  it('stores SQL-ish and unicode free text byte-exact and leaves the tables intact', async () => {
    const texts = ["x');DROP TABLE evidence;-- ' OR 1=1 --", 'emoji 🧪 CJK 证据 Arabic مرحبا \u200F', '<!channel> *bold* `code`'];
    for (const text of texts) {
      const answer = await call(target.url, 'POST', '/v1/evidence', { token: target.token, body: body(text) });
      expect(answer.status).toBe(201);
      const stored = app.deps.store.sqlite.prepare('SELECT summary FROM evidence WHERE id = ?').get(answer.body.evidence.id) as { summary: string };
      expect(stored.summary).toBe(text);
    }
    expect(app.deps.store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('accepts data nested 30 levels deep (inside the depth limit)', async () => {
    const raw = `{"goal_id":"${target.goalId}","kind":"test","summary":"deep but fine","data":{"x":${'['.repeat(28)}1${']'.repeat(28)}}}`;
    expect((await call(target.url, 'POST', '/v1/evidence', { token: target.token, rawBody: raw })).status).toBe(201);
  });

  it('refuses a __proto__ key inside data (rather than dropping it) without polluting prototypes', async () => {
    const raw = `{"goal_id":"${target.goalId}","kind":"test","summary":"proto","data":{"__proto__":{"polluted":true},"ok":1}}`;
    const answer = await call(target.url, 'POST', '/v1/evidence', { token: target.token, rawBody: raw });
    expect(answer.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });
});

describe('memory across ten corpus loops', () => {
  it('does not grow the heap by more than 20 MB', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const loop = async () => {
      for (const hostile of HOSTILE_CASES) await hostile.send(target);
    };
    await loop();
    gc();
    const start = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10; i += 1) await loop();
    gc();
    const growth = process.memoryUsage().heapUsed - start;
    expect(growth).toBeLessThan(20 * 1024 * 1024);
    expect(await healthy()).toBe(true);
  }, 60_000);
});
