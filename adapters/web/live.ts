import type { AppDeps, CommitListener } from '../../src/app/deps.js';
import type { RawMount } from '../../src/http/serve.js';
import { viewerOf } from './auth.js';

type RawRequest = Parameters<RawMount['handle']>[0];
type RawResponse = Parameters<RawMount['handle']>[1];

/** The live-update stream: server-sent events, one `change` per commit, so open pages refresh themselves. */
export interface LiveHub {
  readonly mount: RawMount;
  /** Hooked into `deps.commitListeners`. */
  readonly onCommit: CommitListener;
  /** How many browsers are listening. */
  clientCount(): number;
  /** Ends every stream (server shutdown). */
  close(): void;
}

/** Streams beyond this many are refused: each one holds a socket. */
const MAX_CLIENTS = 200;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

/** Creates the `/live` stream; with `requireSession`, only signed-in browsers may listen. */
export function createLiveHub(deps: AppDeps, options: { requireSession: boolean }): LiveHub {
  const clients = new Set<RawResponse>();
  const keepalive = setInterval(() => {
    for (const client of clients) client.write(': keepalive\n\n');
  }, KEEPALIVE_MS);
  keepalive.unref();

  function handle(request: RawRequest, response: RawResponse): void {
    if (request.method !== 'GET') return refuse(response, 405, 'Use GET for the live stream.');
    if (options.requireSession && viewerOf(deps, request.headers).person === null) return refuse(response, 401, 'Sign in to follow live updates.');
    if (clients.size >= MAX_CLIENTS) return refuse(response, 503, 'Too many live connections; reload later.');
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
    response.write('retry: 3000\n\n');
    clients.add(response);
    request.on('close', () => clients.delete(response));
  }

  function onCommit(events: Parameters<CommitListener>[0]): void {
    const last = events[events.length - 1];
    if (!last || clients.size === 0) return;
    const goals = [...new Set(events.map((e) => e.goal_id).filter((g): g is string => g !== null))];
    const frame = `event: change\ndata: ${JSON.stringify({ seq: last.seq, goals })}\n\n`;
    for (const client of clients) client.write(frame);
  }

  return {
    mount: { path: '/live', handle },
    onCommit,
    clientCount: () => clients.size,
    close() {
      clearInterval(keepalive);
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}

function refuse(response: RawResponse, status: number, message: string): void {
  const body = JSON.stringify({ error: { code: status === 401 ? 'unauthenticated' : status === 405 ? 'method_not_allowed' : 'internal_error', message } });
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
  response.end(body);
}
