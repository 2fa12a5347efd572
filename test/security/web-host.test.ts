import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { issueLoginLink } from '../../src/app/web-sessions.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';
import { getPage, postForm, startWebServer, type WebTestServer } from '../helpers/web.js';

let server: WebTestServer | undefined;
afterEach(async () => server?.close());

async function board(env: Record<string, string> = {}): Promise<{ app: TestApp; server: WebTestServer; port: number }> {
  const app = await createTestApp();
  seedGoal(app.deps);
  server = await startWebServer(app.deps, env);
  return { app, server, port: Number(new URL(server.url).port) };
}

/** A GET with a chosen Host header (fetch cannot set one): the status, and the socket left open for streams. */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
      if (res.headers['content-type']?.includes('text/event-stream') !== true) res.resume();
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web board Host header and sessions (issue 14 §2)', () => {
  it('answers 421 to a page requested under another name (DNS rebinding)', async () => {
    const { port } = await board();
    expect((await getWithHost(port, '/audit', 'attacker.test')).status).toBe(421);
    expect((await getWithHost(port, '/audit', `attacker.test:${port}`)).status).toBe(421);
    expect((await getWithHost(port, '/live', 'attacker.test')).status).toBe(421);
    expect((await getWithHost(port, '/audit', `localhost:${port}`)).status).toBe(200);
    expect((await getWithHost(port, '/audit', `127.0.0.1:${port}`)).status).toBe(200);
  });

  it('accepts the LOOPX_PUBLIC_URL host and requires a session for every page when it is set', async () => {
    const { port } = await board({ LOOPX_PUBLIC_URL: 'https://board.example.com' });
    expect((await getWithHost(port, '/audit', 'board.example.com')).status).toBe(401);
    expect((await getPage(server!.url, '/')).status).toBe(401);
    expect((await getPage(server!.url, '/audit')).status).toBe(401);
    expect((await getWithHost(port, '/audit', 'evil.example')).status).toBe(421);
  });

  it('refuses a cross-site POST /login without starting a session', async () => {
    const { app } = await board();
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', { loginLinkMinutes: 15, sessionHours: 12 }));
    const forged = await postForm(server!.url, '/login', { token: link.token }, { headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('set-cookie')).toBeNull();
    const sameSite = await postForm(server!.url, '/login', { token: link.token }, { headers: { origin: server!.url } });
    expect(sameSite.status).toBe(303);
  });

  it('caps anonymous live streams per client', async () => {
    const { port } = await board();
    const streams = [];
    for (let i = 0; i < 4; i += 1) streams.push(await getWithHost(port, '/live', `127.0.0.1:${port}`));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const fifth = await getWithHost(port, '/live', `127.0.0.1:${port}`);
    expect(fifth.status).toBe(429);
    streams[0]!.close();
    await new Promise<void>((resolve) => setImmediate(resolve));
    let again = 0;
    for (let attempt = 0; attempt < 50 && again !== 200; attempt += 1) {
      again = (await getWithHost(port, '/live', `127.0.0.1:${port}`)).status;
    }
    expect(again).toBe(200);
    for (const stream of streams) stream.close();
  });
});
