import { createHmac, timingSafeEqual } from 'node:crypto';
import { agentForToken } from '../app/agents.js';
import type { Actor } from '../app/actor.js';
import type { AppDeps } from '../app/deps.js';
import { kernelError, type KernelError } from '../kernel/errors.js';
import { err, ok, type Result } from '../kernel/result.js';
import type { HttpRequest } from './types.js';

/** Signatures older or newer than this are refused (replay window). */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** Computes the `v1` signature of a body: hex HMAC-SHA256 of "<t>.<raw body>". */
export function signBody(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

function unauthenticated(message: string): Result<never, KernelError> {
  return err(kernelError('unauthenticated', message));
}

function verifySignature(header: string | undefined, secret: string, body: Buffer, now: Date): Result<true, KernelError> {
  if (!header) return unauthenticated('This agent must sign requests: send X-LoopX-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">.');
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/i.test(given)) return unauthenticated('X-LoopX-Signature is malformed; expected t=<unix seconds>,v1=<64 hex chars>.');
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_WINDOW_SECONDS) {
    return unauthenticated(`The signature timestamp is more than ${SIGNATURE_WINDOW_SECONDS} s from the server clock; check the agent's clock and sign again.`);
  }
  const expected = Buffer.from(signBody(secret, t, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return unauthenticated('The request signature does not match; sign the exact raw body with the agent signing secret.');
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
    const header = request.headers['x-loopx-signature'];
    const verified = verifySignature(Array.isArray(header) ? header[0] : header, secret, request.body, now);
    if (!verified.ok) return verified;
  }
  return ok({ kind: 'agent', id });
}
