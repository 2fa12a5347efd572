import type { Gate, GateState } from '../../kernel/gate.js';
import type { Store } from '../../store/db.js';
import { selectGrants, type GrantRow } from '../../store/gate-grants.js';
import { selectGate, selectGates } from '../../store/gates.js';
import { listMemberships } from '../../store/goals.js';

/** One gate by id. */
export function findGate(store: Store, id: string): Gate | undefined {
  return selectGate(store, id);
}

/** Gates of one goal (or all), optionally in some states, oldest first. */
export function listGates(store: Store, goalId?: string, states?: readonly GateState[]): Gate[] {
  return selectGates(store, { goalId, states });
}

/** The goal's gates that wait on a person right now, oldest first (the digest's "Needs you"). */
export function pendingGatesFor(store: Store, goalId: string): Gate[] {
  return selectGates(store, { goalId, states: ['pending'] });
}

/** Gates that still hold work back: pending, or snoozed by a defer. */
export function openGatesFor(store: Store, goalId: string): Gate[] {
  return selectGates(store, { goalId, states: ['pending', 'deferred'] });
}

/** The goal's owners. */
export function ownersOf(store: Store, goalId: string): string[] {
  return listMemberships(store, goalId).filter((m) => m.role === 'owner').map((m) => m.personId);
}

/**
 * Person ids who may decide this gate: the policy's named people, else the goal's owners and approvers;
 * the asker is left out unless self-approval is allowed. Agents are never in this list. Pass the goal's memberships
 * when asking for many gates at once.
 */
export function approversOf(store: Store, gate: Gate, memberships: readonly { personId: string; role: string }[] = listMemberships(store, gate.goalId)): string[] {
  const named = gate.policy.approvers ?? memberships.filter((m) => m.role === 'owner' || m.role === 'approver').map((m) => m.personId);
  return named.filter((personId) => gate.policy.allowSelfApproval || gate.requestedBy !== `person:${personId}`);
}

/** Standing grants of a goal (or all), active ones only unless asked. */
export function listGrants(store: Store, goalId?: string, options: { includeRevoked?: boolean } = {}): GrantRow[] {
  return selectGrants(store, { goalId, activeOnly: !options.includeRevoked });
}
