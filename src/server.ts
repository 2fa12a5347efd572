import type { Server } from 'node:http';
import type { AppDeps } from './app/deps.js';
import type { Config } from './config.js';
import { createAgentApi } from './http/agent-api.js';
import { createHttpServer, listen, type Mount, type RawMount } from './http/serve.js';
import type { HttpHandler, HttpResponse } from './http/types.js';
import { VERSION } from './version.js';
import { MCP_PATH } from './mcp/path.js';

/** `/mcp`, with the MCP SDK loaded on the first request rather than at start (it is the largest part of the server). */
function lazyMcpHandler(deps: AppDeps): HttpHandler {
  let handler: Promise<HttpHandler> | null = null;
  return async (request) => {
    handler ??= import('./mcp/http.js').then((mcp) => mcp.createMcpHandler(deps));
    return (await handler)(request);
  };
}

/** Everything the one server answers: health, the agent API, and whatever surfaces add. */
export function createLoopxServer(deps: AppDeps, config: Config, extra: { mounts?: readonly Mount[]; rawMounts?: readonly RawMount[] } = {}): Server {
  const mounts: Mount[] = [
    { prefix: '/healthz', handler: () => health(deps) },
    { prefix: '/v1/', handler: createAgentApi(deps) },
    { prefix: MCP_PATH, handler: lazyMcpHandler(deps) },
    ...(extra.mounts ?? []),
  ];
  return createHttpServer({
    mounts,
    rawMounts: extra.rawMounts ?? [],
    bodyLimitBytes: config.LOOPX_BODY_LIMIT_BYTES,
    requestTimeoutMs: config.LOOPX_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.LOOPX_HEADERS_TIMEOUT_MS,
    logger: deps.logger,
    knownError: (error) => deps.storage.refusal(error),
    now: () => deps.clock.now().getTime(),
  });
}

/** `/healthz`: 200 while the database takes writes; 503 naming the storage fault (and since when) otherwise. */
function health(deps: AppDeps): HttpResponse {
  const storage = deps.storage.status();
  if (storage.state === 'ok') return { status: 200, body: { ok: true, version: VERSION, storage: 'ok' } };
  return { status: 503, body: { ok: false, version: VERSION, storage: storage.state, since: storage.since } };
}

/** Starts the server on the configured host and port; resolves with the bound port. */
export async function startLoopxServer(deps: AppDeps, config: Config, extra: { mounts?: readonly Mount[]; rawMounts?: readonly RawMount[] } = {}): Promise<{ server: Server; port: number }> {
  const server = createLoopxServer(deps, config, extra);
  // Probe writability at startup: a read-only or full database is reported at once, not at the first write.
  const storage = deps.storage.probe();
  if (storage.state !== 'ok') deps.logger.warn({ storage: storage.state }, 'starting with a database that cannot be written: reads work, writes answer 503');
  const port = await listen(server, config.LOOPX_PORT, config.LOOPX_HOST);
  return { server, port };
}
