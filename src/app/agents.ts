import { createHash, randomBytes } from 'node:crypto';
import { fail, type KernelError } from '../kernel/errors.js';
import { ok, type Result } from '../kernel/result.js';
import type { Agent } from '../kernel/entities.js';
import { findAgent, findCredentialByTokenHash, insertAgent, registerAgentOnGoal, replaceAgentCredentials, revokeAgent, type AgentCredential } from '../store/agents.js';
import { rememberSignature } from '../store/seen-signatures.js';
import type { AppDeps } from './deps.js';
import { requireAgent, requireGoal } from './lookup.js';
import { must, runWrite, type WriteOrigin } from './write.js';

/** Hashes an agent token for storage and lookup; the token itself is never stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new agent's credentials: shown once, never again. */
export interface AgentCredentials {
  readonly agent: Agent;
  readonly token: string;
  readonly signingSecret: string | null;
}

/** Adds an agent registered on a goal; returns its token (and signing secret) exactly once. */
export function addAgent(
  deps: AppDeps,
  origin: WriteOrigin,
  input: { id: string; name?: string | undefined; goalId: string; signing: boolean },
): Result<AgentCredentials, KernelError> {
  const { token, signingSecret } = newCredentials(input.signing);
  // The credentials are not part of the idempotent result: a retried `agent add` must not reveal them again.
  return runWrite(deps, { ...origin, idempotencyKey: null, command: 'agent.add', request: input }, (ctx) => {
    if (findAgent(ctx.store, input.id)) {
      return fail('already_exists', `Agent "${input.id}" already exists; for a new token run \`loopx agent token rotate ${input.id}\` (same agent, same history).`);
    }
    must(requireGoal(ctx.store, input.goalId));
    insertAgent(ctx.store, { id: input.id, name: input.name ?? input.id, tokenHash: hashToken(token), signingSecret }, ctx.at);
    registerAgentOnGoal(ctx.store, input.id, input.goalId, ctx.at);
    ctx.event({ goalId: input.goalId, type: 'agent.added', payload: { agent_id: input.id, signing: input.signing } });
    return ok({ agent: must(requireAgent(ctx.store, input.id)), token, signingSecret });
  });
}

function newCredentials(signing: boolean): { token: string; signingSecret: string | null } {
  return { token: `lpx_${randomBytes(24).toString('base64url')}`, signingSecret: signing ? randomBytes(32).toString('hex') : null };
}

/**
 * Gives an agent a new token (and a new signing secret when it signs), shown once; the old ones stop working at
 * once. The agent keeps its id, goals and history; a revoked agent becomes active again.
 */
export function rotateAgentToken(deps: AppDeps, origin: WriteOrigin, agentId: string): Result<AgentCredentials, KernelError> {
  return runWrite(deps, { ...origin, idempotencyKey: null, command: 'agent.token_rotate', request: { agentId } }, (ctx) => {
    const agent = must(requireAgent(ctx.store, agentId));
    const { token, signingSecret } = newCredentials(agent.signs);
    replaceAgentCredentials(ctx.store, agentId, { tokenHash: hashToken(token), signingSecret }, ctx.at);
    ctx.event({ goalId: null, type: 'agent.token_rotated', payload: { agent_id: agentId, signing: agent.signs, reactivated: agent.status !== 'active' } });
    return ok({ agent: must(requireAgent(ctx.store, agentId)), token, signingSecret });
  });
}

/** Registers an existing agent on another goal. */
export function registerAgent(deps: AppDeps, origin: WriteOrigin, agentId: string, goalId: string): Result<Agent, KernelError> {
  return runWrite(deps, { ...origin, command: 'agent.register', request: { agentId, goalId } }, (ctx) => {
    must(requireAgent(ctx.store, agentId));
    must(requireGoal(ctx.store, goalId));
    if (registerAgentOnGoal(ctx.store, agentId, goalId, ctx.at)) {
      ctx.event({ goalId, type: 'agent.registered', payload: { agent_id: agentId } });
    }
    return ok(must(requireAgent(ctx.store, agentId)));
  });
}

/** Revokes an agent: its token stops working at once. */
export function revokeAgentAccess(deps: AppDeps, origin: WriteOrigin, agentId: string): Result<Agent, KernelError> {
  return runWrite(deps, { ...origin, command: 'agent.revoke', request: { agentId } }, (ctx) => {
    const agent = must(requireAgent(ctx.store, agentId));
    if (agent.status !== 'revoked') {
      revokeAgent(ctx.store, agentId, ctx.at);
      ctx.event({ goalId: null, type: 'agent.revoked', payload: { agent_id: agentId } });
    }
    return ok(must(requireAgent(ctx.store, agentId)));
  });
}

/** Accepts a request signature once: false when it was already used (a replay), durable across restarts. */
export function acceptSignatureOnce(deps: AppDeps, agentId: string, signature: string, now: Date, expiresAt: Date): boolean {
  return rememberSignature(deps.store, agentId, signature, now.toISOString(), expiresAt.toISOString());
}

/** The agent a bearer token belongs to: id, status and signing secret for verifying the request (never logged). */
export function agentForToken(deps: AppDeps, token: string): AgentCredential | undefined {
  return findCredentialByTokenHash(deps.store, hashToken(token));
}
