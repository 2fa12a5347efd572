import type { z } from 'zod';
import type { Actor } from '../../app/actor.js';
import type { AppDeps } from '../../app/deps.js';
import type { WriteOrigin } from '../../app/write.js';
import type { KernelError } from '../../kernel/errors.js';
import type { Result } from '../../kernel/result.js';
import { errorResponse } from '../errors.js';
import { parseJsonBody } from '../json-body.js';
import type { HttpRequest, HttpResponse } from '../types.js';

/** An authenticated agent call, as a route handler sees it. */
export interface AgentCall {
  readonly deps: AppDeps;
  readonly request: HttpRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly actor: Actor;
  /** The actor and Idempotency-Key, ready to pass to a use case. */
  readonly origin: WriteOrigin;
}

/** One endpoint of the agent API. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path with `:name` parameters, e.g. `/v1/todos/:todo/claim`. */
  readonly pattern: string;
  handle(call: AgentCall): HttpResponse | Promise<HttpResponse>;
}

/** Answers a use-case result: `status` and `toBody` on success, the typed error otherwise. */
export function respond<T>(result: Result<T, KernelError>, toBody: (value: T) => unknown, status: number | ((value: T) => number) = 200): HttpResponse {
  if (!result.ok) return errorResponse(result.error);
  return { status: typeof status === 'number' ? status : status(result.value), body: toBody(result.value) };
}

/** Parses the body with `schema`, then runs `then`; a bad body is answered with its 4xx. */
export function withBody<S extends z.ZodType, R extends HttpResponse | Promise<HttpResponse>>(call: AgentCall, schema: S, then: (body: z.infer<S>) => R): R | HttpResponse {
  const parsed = parseJsonBody(call.request, schema);
  return parsed.ok ? then(parsed.value) : errorResponse(parsed.error);
}

/** A path parameter (always present once the route matched). */
export function param(call: AgentCall, name: string): string {
  return call.params[name] ?? '';
}
