import type { AppDeps } from '../app/deps.js';
import { IdempotencyKey } from '../contract/requests.js';
import { kernelError } from '../kernel/errors.js';
import { authenticateAgent } from './agent-auth.js';
import { errorResponse } from './errors.js';
import type { Actor } from '../app/actor.js';
import type { HttpHandler, HttpRequest, HttpResponse } from './types.js';
import { evidenceRoutes } from './v1/evidence.js';
import { gateRoutes } from './v1/gates.js';
import type { Route } from './v1/route.js';
import { todoChangeRoutes } from './v1/todo-changes.js';
import { todoRoutes } from './v1/todos.js';
import { wakeRoutes } from './v1/wake.js';

interface CompiledRoute {
  readonly route: Route;
  readonly regex: RegExp;
  readonly names: readonly string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.pattern.replace(/:([a-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([A-Za-z0-9_.:-]{1,128})';
  });
  return { route, regex: new RegExp(`^${source}$`), names };
}

/** Every endpoint of the agent API. */
export const AGENT_ROUTES: readonly Route[] = [...todoRoutes, ...todoChangeRoutes, ...evidenceRoutes, ...gateRoutes, ...wakeRoutes];
const COMPILED_AGENT_ROUTES = AGENT_ROUTES.map(compile);

interface RouteHit {
  readonly c: CompiledRoute;
  readonly match: RegExpExecArray;
}

/** The routes whose pattern matches `path` (any method). */
function routesAt(compiled: readonly CompiledRoute[], path: string): RouteHit[] {
  return compiled.flatMap((c) => {
    const match = c.regex.exec(path);
    return match ? [{ c, match }] : [];
  });
}

function paramsOf(hit: RouteHit): Record<string, string> {
  return Object.fromEntries(hit.c.names.map((name, i) => [name, decodeURIComponent(hit.match[i + 1] ?? '')]));
}

/** One agent API call made in process (the MCP tools): the route, query and JSON body it would carry over HTTP. */
export interface InProcessCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly idempotencyKey?: string | undefined;
}

/**
 * Runs one `/v1` call for an already authenticated agent, through exactly the route an HTTP request would take:
 * the same zod schemas, use cases, rules and typed errors (MCP tools are thin over it).
 */
export async function callAsAgent(deps: AppDeps, actor: Actor, call: InProcessCall): Promise<HttpResponse> {
  const hit = routesAt(COMPILED_AGENT_ROUTES, call.path).find((x) => x.c.route.method === call.method);
  if (!hit) return errorResponse(kernelError('not_found', `No endpoint ${call.method} ${call.path}.`));
  const request: HttpRequest = {
    method: call.method,
    path: call.path,
    query: new URLSearchParams(call.query ?? {}),
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(call.method === 'POST' ? JSON.stringify(call.body ?? {}) : ''),
  };
  return hit.c.route.handle({ deps, request, params: paramsOf(hit), actor, origin: { actor, idempotencyKey: call.idempotencyKey ?? null } });
}

/**
 * The `/v1` agent API as one handler: route (404/405) → authenticate (401) → idempotency key → endpoint.
 * Endpoints validate their own bodies (415/400/422) and answer typed errors.
 */
export function createAgentApi(deps: AppDeps, routes: readonly Route[] = AGENT_ROUTES): HttpHandler {
  const compiled = routes === AGENT_ROUTES ? COMPILED_AGENT_ROUTES : routes.map(compile);
  return (request) => {
    const candidates = routesAt(compiled, request.path);
    if (candidates.length === 0) return errorResponse(kernelError('not_found', `No endpoint ${request.path}; see docs/agent-api.md.`));
    const hit = candidates.find((x) => x.c.route.method === request.method);
    if (!hit) {
      const allowed = [...new Set(candidates.map((x) => x.c.route.method))].join(', ');
      return errorResponse(kernelError('method_not_allowed', `${request.method} is not allowed on ${request.path}; use ${allowed}.`), { allow: allowed });
    }
    const actor = authenticateAgent(deps, request, deps.clock.now());
    if (!actor.ok) return errorResponse(actor.error);
    const rawKey = request.headers['idempotency-key'];
    let idempotencyKey: string | null = null;
    if (rawKey !== undefined) {
      const key = IdempotencyKey.safeParse(Array.isArray(rawKey) ? rawKey[0] : rawKey);
      if (!key.success) return errorResponse(kernelError('invalid_request', 'Idempotency-Key must be 1–128 printable ASCII characters without spaces.'));
      idempotencyKey = key.data;
    }
    return hit.c.route.handle({ deps, request, params: paramsOf(hit), actor: actor.value, origin: { actor: actor.value, idempotencyKey } });
  };
}
