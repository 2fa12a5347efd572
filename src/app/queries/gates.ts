import { grantReaches, parseDecisionScope } from '../../kernel/decision-scope.js';
import { OPEN_GATE_STATES, type Gate, type GateState } from '../../kernel/gate.js';
import type { Store } from '../../store/db.js';
import { selectGrant, selectGrants, type GrantRow } from '../../store/gate-grants.js';
import { countGates, selectGate, selectGates, selectPendingPolicies, type PolicyRow } from '../../store/gates.js';
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
  return selectGates(store, { goalId, states: OPEN_GATE_STATES });
}

/** The goal's owners. */
export function ownersOf(store: Store, goalId: string): string[] {
  return listMemberships(store, goalId).filter((m) => m.role === 'owner').map((m) => m.personId);
}

/** The goal's oldest pending gates (at most `limit`) and how many are pending in all. */
export function oldestPendingGates(store: Store, goalId: string, limit: number): { gates: Gate[]; total: number } {
  return { gates: selectGates(store, { goalId, states: ['pending'], limit }), total: countGates(store, goalId, ['pending']) };
}

/**
 * Everyone the goal's pending gates wait on, however many gates there are: approvers depend only on a gate's
 * policy and asker, so each distinct (policy, asker) is resolved once.
 */
export function peopleWaitedOn(store: Store, goalId: string, memberships = listMemberships(store, goalId)): string[] {
  const people = selectPendingPolicies(store, goalId).flatMap((policy) => approversOf(store, policy, memberships));
  return [...new Set(people)];
}

/**
 * Person ids who may decide this gate: the policy's named people who still hold a role, else the goal's owners and approvers;
 * the asker is left out unless self-approval is allowed. Agents are never in this list. Pass the goal's memberships
 * when asking for many gates at once.
 */
export function approversOf(store: Store, gate: PolicyRow, memberships: readonly { personId: string; role: string }[] = listMemberships(store, gate.goalId)): string[] {
  const deciders = decidersOf(store, gate.goalId, memberships);
  const named = gate.policy.approvers?.filter((personId) => deciders.includes(personId)) ?? deciders;
  return named.filter((personId) => gate.policy.allowSelfApproval || gate.requestedBy !== `person:${personId}`);
}

/**
 * Who a gate still waits on: its approvers whose vote could still count, so not those who already voted on this
 * revision of a quorum gate. Pass the goal's memberships when asking for many gates at once.
 */
export function waitingOn(store: Store, gate: Gate, memberships?: readonly { personId: string; role: string }[]): string[] {
  const voted = new Set(gate.votes.map((v) => v.personId));
  return approversOf(store, gate, memberships).filter((personId) => !voted.has(personId));
}

/** Who holds decision authority on a goal right now: its owners and approvers. Named approvers only narrow this. */
export function decidersOf(store: Store, goalId: string, memberships: readonly { personId: string; role: string }[] = listMemberships(store, goalId)): string[] {
  return memberships.filter((m) => m.role === 'owner' || m.role === 'approver').map((m) => m.personId);
}

/** Standing grants of a goal (or all): active ones only (not revoked, unexpired at `now` when given) unless asked. */
export function listGrants(store: Store, goalId?: string, options: { includeRevoked?: boolean; now?: Date } = {}): GrantRow[] {
  if (options.includeRevoked) return selectGrants(store, { goalId });
  return selectGrants(store, { goalId, activeOnly: true, liveAt: options.now?.toISOString() });
}

/** The active grants that can reach a goal: its own, and project-wide or global ones made on any goal. */
export function grantsReaching(store: Store, goalId: string, now: Date): GrantRow[] {
  return listGrants(store, undefined, { now }).filter((g) => {
    const scope = parseDecisionScope(g.scope);
    return scope.ok && grantReaches(scope.value, g.goalId, goalId);
  });
}

/** One standing grant by id. */
export function findGrant(store: Store, id: string): GrantRow | undefined {
  return selectGrant(store, id);
}
