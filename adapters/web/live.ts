import type { AppDeps, CommitListener } from '../../src/app/deps.js';
import type { RawMount } from '../../src/http/serve.js';
import { ERROR_TABLE, type ErrorCode } from '../../src/kernel/errors.js';
import { viewerOf } from './auth.js';
import type { WebBoardOptions } from './routes.js';

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
/** Streams without a session from one address beyond this many are refused, so one client cannot take them all. */
export const MAX_ANONYMOUS_PER_CLIENT = 4;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

/**
 * Creates the `/live` stream: only for a Host that names this board, with `requireSession` only for signed-in
 * browsers, and at most a few anonymous streams per remote address.
 */
export function createLiveHub(deps: AppDeps, options: Pick<WebBoardOptions, 'requireSession' | 'allowedHost'>): LiveHub {
  const clients = new Set<RawResponse>();
  const anonymousByAddress = new Map<string, number>();
  const keepalive = setInterval(() => {
    for (const client of clients) client.write(': keepalive\n\n');
  }, KEEPALIVE_MS);
  keepalive.unref();

  function handle(request: RawRequest, response: RawResponse): void {
    if (request.method !== 'GET') return refuse(response, 'method_not_allowed', 'Use GET for the live stream.');
    if (!options.allowedHost(request.headers.host)) return refuse(response, 'misdirected_request', 'This board answers only at its own address.');
    const anonymous = viewerOf(deps, request.headers).person === null;
    if (options.requireSession && anonymous) return refuse(response, 'unauthenticated', 'Sign in to follow live updates.');
    if (clients.size >= MAX_CLIENTS) return refuse(response, 'too_many_streams', 'Too many live connections; reload later.');
    const address = request.socket.remoteAddress ?? 'unknown';
    if (anonymous && (anonymousByAddress.get(address) ?? 0) >= MAX_ANONYMOUS_PER_CLIENT) return refuse(response, 'too_many_streams_from_client', 'Too many live streams from this address; close other board tabs or sign in.');
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
    response.write('retry: 3000\n\n');
    clients.add(response);
    if (anonymous) anonymousByAddress.set(address, (anonymousByAddress.get(address) ?? 0) + 1);
    request.on('close', () => {
      clients.delete(response);
      if (!anonymous) return;
      const left = (anonymousByAddress.get(address) ?? 1) - 1;
      if (left > 0) anonymousByAddress.set(address, left);
      else anonymousByAddress.delete(address);
    });
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

function refuse(response: RawResponse, code: ErrorCode, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  response.writeHead(ERROR_TABLE[code].http, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
  response.end(body);
}
