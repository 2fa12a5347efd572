import { isOpenGate } from '../kernel/gate.js';
import type { Store } from '../store/db.js';
import { findPerson } from '../store/people.js';
import { sweepGates } from './gate-sweep.js';
import type { GateFeed } from './job-ports.js';
import { findGate, pendingGatesFor, waitingOn } from './queries/gates.js';
import { quotaState } from './queries/quota.js';

// People by name in chat copy; the id stands in for anyone not on file.
function namesOf(store: Store, personIds: readonly string[]): string[] {
  return personIds.map((id) => findPerson(store, id)?.name ?? id);
}

/** The gates and the quota, as the heartbeat and digest see them. */
export const gateFeed: GateFeed = {
  sweep(deps, goalId, now) {
    const swept = sweepGates(deps, goalId, now);
    return {
      expired: swept.expired.map((gate) => ({ gateId: gate.id, question: gate.question, onExpire: gate.onExpire })),
      reminders: swept.reminders.map((r) => ({ gateId: r.gateId, question: findGate(deps.store, r.gateId)?.question ?? r.gateId, step: r.step, people: namesOf(deps.store, r.personIds) })),
    };
  },
  pending(store, goalId) {
    return pendingGatesFor(store, goalId).map((gate) => ({
      gateId: gate.id,
      revision: gate.revision,
      question: gate.question,
      askedAt: gate.createdAt,
      waitingOn: namesOf(store, waitingOn(store, gate)),
      options: gate.options,
    }));
  },
  isSettled(store, gateId) {
    const gate = findGate(store, gateId);
    return gate !== undefined && !isOpenGate(gate);
  },
  quota(store, goalId, now) {
    const state = quotaState(store, goalId, now);
    return { spent: state.spent, allowed: state.allowed, windowHours: state.windowHours };
  },
};
