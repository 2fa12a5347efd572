import type { Server } from 'node:http';
import type { AppDeps } from '../../src/app/deps.js';
import { loadConfig } from '../../src/config.js';
import { signBody, signRequest } from '../../src/http/agent-auth.js';
import { listen } from '../../src/http/serve.js';
import { createLoopxServer } from '../../src/server.js';

/** A real LoopX server on 127.0.0.1 and a free port. */
export interface TestServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Starts the real server for `deps` on port 0. */
export async function startTestServer(deps: AppDeps, env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({ LOOPX_DB: ':memory:', LOOPX_PORT: '0', ...env }, '/nonexistent');
  const server = createLoopxServer(deps, config);
  const port = await listen(server, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Options for one agent call. */
export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  /** Sent verbatim instead of JSON-encoding `body`. */
  readonly rawBody?: string | Buffer;
  readonly contentType?: string;
  readonly idempotencyKey?: string;
  /** Signs with this secret at `signedAt` (unix seconds, default now), as `v2` unless `signVersion` says `v1`. */
  readonly signingSecret?: string;
  readonly signedAt?: number;
  readonly signVersion?: 'v1' | 'v2';
  readonly headers?: Record<string, string>;
}

/** Calls the agent API and returns status and parsed JSON. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.signingSecret) {
    const t = options.signedAt ?? Math.floor(Date.now() / 1000);
    headers['x-loopx-signature'] =
      options.signVersion === 'v1'
        ? `t=${t},v1=${signBody(options.signingSecret, t, body ?? '')}`
        : `t=${t},v2=${signRequest(options.signingSecret, t, { method, target: path, idempotencyKey: options.idempotencyKey ?? null, body: body ?? '' })}`;
  }
  const response = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // non-JSON answers are returned as text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
