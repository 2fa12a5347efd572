import { fail, type KernelError } from '../kernel/errors.js';
import { ok, type Result } from '../kernel/result.js';
import { agentAccess } from '../store/agents.js';
import type { Store } from '../store/db.js';

/** Who performs a write: an agent (through its token), a person (through a linked surface) or the system. */
export type Actor = { readonly kind: 'agent'; readonly id: string } | { readonly kind: 'person'; readonly id: string } | { readonly kind: 'system'; readonly id: string };

/** The ledger's actor string: `agent:a1`, `person:ana`, `system:cli`. */
export function actorRef(actor: Actor): string {
  return `${actor.kind}:${actor.id}`;
}

/** The operator at the command line. */
export const CLI_ACTOR: Actor = { kind: 'system', id: 'cli' };

/** An agent may touch only goals it is registered on, and only while it is active (fail closed). */
export function requireGoalAccess(store: Store, actor: Actor, goalId: string): Result<true, KernelError> {
  if (actor.kind !== 'agent') return ok(true);
  const access = agentAccess(store, actor.id, goalId);
  if (!access || access.status !== 'active') return fail('agent_revoked', `Agent ${actor.id} is not active; ask an operator for a new token.`);
  if (!access.registered) {
    return fail('forbidden', `Agent ${actor.id} is not registered on goal ${goalId}; an operator can run \`loopx agent register ${actor.id} --goal ${goalId}\`.`);
  }
  return ok(true);
}

/** The agent id of an agent actor, else null. */
export function agentIdOf(actor: Actor): string | null {
  return actor.kind === 'agent' ? actor.id : null;
}
