import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../app/deps.js';
import { createLogLimiter } from '../app/log-limit.js';
import { isKernelFailure, kernelError, type KernelError } from '../kernel/errors.js';
import { errorResponse } from './errors.js';
import type { HttpHandler, HttpRequest, HttpResponse } from './types.js';

/** A handler for every path under `prefix` (`/v1/`, `/slack/`, `/`): the first matching prefix wins. */
export interface Mount {
  readonly prefix: string;
  readonly handler: HttpHandler;
}

/** A handler that takes the raw Node request and response (streaming responses such as server-sent events). */
export interface RawMount {
  readonly path: string;
  handle(request: IncomingMessage, response: ServerResponse): void;
}

/** How the one HTTP server is put together. */
export interface ServerOptions {
  readonly mounts: readonly Mount[];
  readonly rawMounts?: readonly RawMount[];
  readonly bodyLimitBytes: number;
  readonly logger: Logger;
  /** Slow senders are answered 408 after these (defaults 15 s for the whole request, 10 s for headers). */
  readonly requestTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  /** Names an unexpected error an operator can act on (a read-only or full database): answered typed, not 500. */
  readonly knownError?: (error: unknown) => KernelError | null;
  /** The clock for rate-limiting repeated error logs (one line per message a minute). */
  readonly now?: () => number;
}

class BodyTooLarge extends Error {}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks, size)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, answer: HttpResponse, close = false): void {
  const headers: Record<string, string> = { ...answer.headers };
  const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type');
  const payload = contentType && typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  if (!contentType) headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(payload));
  headers['x-content-type-options'] = 'nosniff';
  if (close) headers.connection = 'close';
  response.writeHead(answer.status, headers);
  response.end(payload);
}

function tooLarge(limit: number): HttpResponse {
  return errorResponse(kernelError('payload_too_large', `The body is over the ${limit}-byte limit; send compact evidence and link to large artefacts.`));
}

/**
 * The only node:http file: reads the body (refusing oversized ones before parsing), bridges to the
 * matching handler, and answers JSON. Slow senders are cut off by request and header timeouts.
 */
export function createHttpServer(options: ServerOptions): Server {
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  // Node only notices an expired timeout when it checks; check often enough that a 408 is timely.
  const connectionsCheckingInterval = Math.min(1_000, Math.ceil(headersTimeout / 4));
  const logLimit = createLogLimiter(options.now ?? Date.now);
  const server = createServer({ requestTimeout, headersTimeout, connectionsCheckingInterval }, (request, response) => {
    void handle(request, response);
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    logRequest(options.logger, request, response, url.pathname);
    const raw = options.rawMounts?.find((m) => m.path === url.pathname);
    if (raw) return raw.handle(request, response);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > options.bodyLimitBytes) return send(response, tooLarge(options.bodyLimitBytes), true);
    let body: Buffer;
    try {
      body = await readBody(request, options.bodyLimitBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) return send(response, tooLarge(options.bodyLimitBytes), true);
      return send(response, errorResponse(kernelError('invalid_request', 'The request body could not be read.')), true);
    }
    const mount = options.mounts.find((m) => url.pathname.startsWith(m.prefix));
    if (!mount) return send(response, errorResponse(kernelError('not_found', `Nothing at ${url.pathname}.`)));
    const httpRequest: HttpRequest = { method: request.method ?? 'GET', path: url.pathname, target: request.url ?? url.pathname, query: url.searchParams, headers: request.headers, body };
    try {
      send(response, await mount.handler(httpRequest));
    } catch (error) {
      if (isKernelFailure(error)) return send(response, errorResponse(error.error));
      const known = options.knownError?.(error);
      if (known) return send(response, errorResponse(known, { 'retry-after': '5' }));
      const message = error instanceof Error ? error.message : String(error);
      const repeated = logLimit(message);
      if (repeated !== null) options.logger.error({ path: url.pathname, error: message, repeated }, 'request failed');
      send(response, errorResponse(kernelError('internal_error', 'LoopX hit an internal error; nothing was changed. Retry, and check the server log if it repeats.')));
    }
  }
  return server;
}

/**
 * One `info` line per request once it is answered: method, path, status, duration. The query string and headers
 * are left out, since they carry login tokens and credentials.
 */
function logRequest(logger: Logger, request: IncomingMessage, response: ServerResponse, path: string): void {
  const started = performance.now();
  response.once('close', () => {
    logger.info({}, `request ${request.method ?? 'GET'} ${path} ${response.statusCode} ${Math.round(performance.now() - started)}ms`);
  });
}

/** Starts listening and resolves with the bound port (0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
