import type { AppDeps } from '../../src/app/deps.js';
import { createWebBoard, type WebBoard } from '../../adapters/web/index.js';
import { loadConfig } from '../../src/config.js';
import { listen } from '../../src/http/serve.js';
import { createLoopxServer } from '../../src/server.js';
import type { TestServer } from './http.js';

/** A real LoopX server with the web board mounted, on 127.0.0.1 and a free port. */
export interface WebTestServer extends TestServer {
  readonly board: WebBoard;
}

/** Starts the server with the board; `env` may set LOOPX_HOST to test the non-loopback policy. */
export async function startWebServer(deps: AppDeps, env: Record<string, string> = {}): Promise<WebTestServer> {
  const config = loadConfig({ LOOPX_DB: ':memory:', LOOPX_PORT: '0', ...env }, '/nonexistent');
  const board = createWebBoard(deps, config);
  const server = createLoopxServer(deps, config, { mounts: [board.mount], rawMounts: [board.rawMount] });
  const port = await listen(server, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    board,
    close: () =>
      new Promise((resolve) => {
        board.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Form-posts `fields` with an optional session cookie; never follows redirects. */
export async function postForm(base: string, path: string, fields: Record<string, string>, options: { cookie?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  return fetch(`${base}${path}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}

/** GETs a page with an optional session cookie. */
export async function getPage(base: string, path: string, cookie?: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The `name=value` part of a Set-Cookie header. */
export function cookiePair(setCookie: string | null): string {
  return (setCookie ?? '').split(';')[0] ?? '';
}

/** The CSRF token embedded in a page's forms. */
export function csrfFrom(page: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error('no CSRF token on the page');
  return match[1];
}
