import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/app/deps.js';
import { createAppDeps } from '../../src/app/index.js';
import { createHttpServer, listen } from '../../src/http/serve.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { createTestApp, seedGoal, type TestApp } from '../helpers/test-app.js';

let server: TestServer | undefined;
afterEach(async () => server?.close());

/** A server on an app whose error log is captured. */
async function world() {
  const base = await createTestApp();
  const errors: string[] = [];
  const logger: Logger = { info() {}, warn() {}, error: (fields, message) => errors.push(message + JSON.stringify(fields)) };
  const deps = createAppDeps(base.deps.store, { clock: base.clock, logger });
  const token = seedGoal(deps, { agents: ['a1'] }).tokens.a1!;
  server = await startTestServer(deps);
  const post = (summary: string) => call(server!.url, 'POST', '/v1/evidence', { token, body: { goal_id: 'demo', kind: 'note', summary } });
  const health = () => call(server!.url, 'GET', '/healthz');
  return { app: { ...base, deps } as TestApp, errors, post, health, token, sqlite: base.deps.store.sqlite };
}

const evidenceRows = (app: TestApp) => (app.deps.store.sqlite.prepare('SELECT count(*) AS n FROM evidence').get() as { n: number }).n;

describe('storage faults (issue 14 §7)', () => {
  it('a full disk: 503 storage_full, /healthz says so, one log line for many failures, and recovery by itself', async () => {
    const w = await world();
    expect((await w.post('before')).status).toBe(201);
    // Simulate a full disk: the database may not grow past the pages it has now.
    const pages = w.sqlite.pragma('page_count', { simple: true }) as number;
    w.sqlite.pragma(`max_page_count = ${pages}`);
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push(await w.post(`filling ${i} ${'x'.repeat(1800)}`));
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.length).toBeGreaterThan(20);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('storage_full');
      expect(answer.headers.get('retry-after')).toBe('5');
    }
    const stored = evidenceRows(w.app);
    expect(stored).toBe(1 + answers.filter((a) => a.status === 201).length);
    expect(w.errors.length).toBe(1);
    expect(await w.health()).toMatchObject({ status: 503, body: { ok: false, storage: 'storage_full' } });

    w.sqlite.pragma('max_page_count = 1073741823');
    w.app.clock.advance(1_000);
    expect(await w.health()).toMatchObject({ status: 200, body: { ok: true, storage: 'ok' } });
    expect((await w.post('after space returned')).status).toBe(201);
  });

  it('a read-only database: 503 storage_read_only, reads still work, /healthz recovers when it is writable again', async () => {
    const w = await world();
    w.sqlite.pragma('query_only = ON');
    const refused = await w.post('while read-only');
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('storage_read_only');
    expect(await w.health()).toMatchObject({ status: 503, body: { storage: 'storage_read_only' } });
    expect((await call(server!.url, 'GET', '/v1/goals/demo/status', { token: w.token })).status).toBe(200);
    w.sqlite.pragma('query_only = OFF');
    expect((await w.health()).status).toBe(503);
    w.app.clock.advance(1_000);
    expect((await w.health()).status).toBe(200);
    expect((await w.post('writable again')).status).toBe(201);
  });

  it('logs again after a minute of the same fault, counting what it held back', async () => {
    const w = await world();
    w.sqlite.pragma('query_only = ON');
    for (let i = 0; i < 5; i += 1) await w.post(`r${i}`);
    expect(w.errors).toHaveLength(1);
    w.app.clock.advance(60_000);
    await w.post('a minute later');
    expect(w.errors).toHaveLength(2);
  });
});

describe('repeated unexpected errors', () => {
  it('log one line per message a minute, counting the ones held back', async () => {
    const lines: Record<string, unknown>[] = [];
    let now = 0;
    const logger: Logger = { info() {}, warn() {}, error: (fields) => lines.push(fields) };
    const broken = createHttpServer({ mounts: [{ prefix: '/', handler: () => { throw new Error('disk I/O error'); } }], bodyLimitBytes: 1024, logger, now: () => now });
    const port = await listen(broken, 0, '127.0.0.1');
    try {
      for (let i = 0; i < 30; i += 1) expect((await fetch(`http://127.0.0.1:${port}/x`)).status).toBe(500);
      expect(lines).toHaveLength(1);
      now += 60_000;
      await fetch(`http://127.0.0.1:${port}/x`);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({ error: 'disk I/O error', repeated: 29 });
    } finally {
      broken.closeAllConnections();
      broken.close();
    }
  });
});
