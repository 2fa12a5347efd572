import { createHmac, timingSafeEqual } from 'node:crypto';
import { acceptSignatureOnce, agentForToken } from '../app/agents.js';
import type { Actor } from '../app/actor.js';
import type { AppDeps } from '../app/deps.js';
import { kernelError, type KernelError } from '../kernel/errors.js';
import { err, ok, type Result } from '../kernel/result.js';
import type { HttpRequest } from './types.js';

/** Signatures older or newer than this are refused (replay window); inside it each signature is accepted once. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** Computes the legacy `v1` signature of a body: hex HMAC-SHA256 of "<t>.<raw body>". Accepted once per window. */
export function signBody(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** What a `v2` signature covers besides the time: the method, the request target, the Idempotency-Key and the body. */
export interface SignedRequest {
  readonly method: string;
  /** The request target exactly as sent: path and `?query` if any. */
  readonly target: string;
  readonly idempotencyKey: string | null;
  readonly body: Buffer | string;
}

/**
 * Computes the `v2` signature: hex HMAC-SHA256 of the base string
 * "v2\n<t>\n<METHOD>\n<target>\n<Idempotency-Key or empty>\n<raw body>" (docs/agent-api.md).
 */
export function signRequest(secret: string, timestamp: number, request: SignedRequest): string {
  const head = ['v2', String(timestamp), request.method.toUpperCase(), request.target, request.idempotencyKey ?? '', ''].join('\n');
  return createHmac('sha256', secret).update(head).update(request.body).digest('hex');
}

function unauthenticated(message: string): Result<never, KernelError> {
  return err(kernelError('unauthenticated', message));
}

function headerOf(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const SIGN_HINT = 'send X-LoopX-Signature: t=<unix seconds>,v2=<hex HMAC-SHA256 of "v2\\n<t>\\n<METHOD>\\n<path>\\n<Idempotency-Key>\\n<body>"> (docs/agent-api.md)';

function verifySignature(deps: AppDeps, agentId: string, request: HttpRequest, secret: string, now: Date): Result<true, KernelError> {
  const header = headerOf(request, 'x-loopx-signature');
  if (!header) return unauthenticated(`This agent must sign requests: ${SIGN_HINT}.`);
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const version = parts.has('v2') ? 'v2' : 'v1';
  const given = parts.get(version) ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/i.test(given)) return unauthenticated(`X-LoopX-Signature is malformed; ${SIGN_HINT}.`);
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_WINDOW_SECONDS) {
    return unauthenticated(`The signature timestamp is more than ${SIGNATURE_WINDOW_SECONDS} s from the server clock; check the agent's clock and sign again.`);
  }
  const target = request.target ?? request.path;
  const computed = version === 'v2' ? signRequest(secret, t, { method: request.method, target, idempotencyKey: headerOf(request, 'idempotency-key') ?? null, body: request.body }) : signBody(secret, t, request.body);
  if (!timingSafeEqual(Buffer.from(computed, 'hex'), Buffer.from(given, 'hex'))) {
    return unauthenticated(`The request signature does not match; ${SIGN_HINT}, with the agent signing secret.`);
  }
  const expiresAt = new Date((t + SIGNATURE_WINDOW_SECONDS + 1) * 1000);
  if (!acceptSignatureOnce(deps, agentId, `${version}:${given.toLowerCase()}`, now, expiresAt)) {
    return err(kernelError('signature_replayed', 'This signature was already used: every signed request is accepted once. Sign each attempt afresh (a retry keeps its Idempotency-Key and gets the stored answer).'));
  }
  return ok(true);
}

/** Authenticates an agent request: a valid bearer token of an active agent, and a signature when it has a secret. */
export function authenticateAgent(deps: AppDeps, request: HttpRequest, now: Date): Result<Actor, KernelError> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return unauthenticated('Send `Authorization: Bearer <agent token>` (create one with `loopx agent add`).');
  const found = agentForToken(deps, match[1]);
  if (!found) return unauthenticated('The agent token is not valid; ask an operator for a token (`loopx agent add`).');
  const { id, status, signingSecret: secret } = found;
  if (status !== 'active') return err(kernelError('agent_revoked', `Agent ${id} was revoked; ask an operator for a new agent.`));
  if (secret !== null) {
    const verified = verifySignature(deps, id, request, secret, now);
    if (!verified.ok) return verified;
  }
  return ok({ kind: 'agent', id });
}
