import { isOpenGate, type Gate } from '../kernel/gate.js';
import { eventsOfTypeSince } from '../store/activity.js';
import { lastRun } from '../store/job-runs.js';
import type { Store } from '../store/db.js';
import { eventPayload } from '../store/events.js';
import { sweepGates } from './gate-sweep.js';
import type { GateFeed } from './job-ports.js';
import { findGate, pendingGatesFor, waitingOn } from './queries/gates.js';
import { cardPeople } from './queries/card-people.js';
import { quotaState } from './queries/quota.js';

/**
 * The gates whose clock ended them since the goal's last heartbeat: by this sweep, by the expiry timer at their
 * due time, or by a decision that came too late, so the heartbeat reports each once whoever applied it.
 */
function expiredSinceLastHeartbeat(store: Store, goalId: string): Gate[] {
  const since = lastRun(store, 'heartbeat', goalId)?.startedAt ?? null;
  const ids = eventsOfTypeSince(store, goalId, ['gate.decided'], since).flatMap((event) => {
    const { by, outcome, gate_id: gateId } = eventPayload(event) ?? {};
    return by === 'system' && (outcome === 'expired' || outcome === 'cancelled') && typeof gateId === 'string' ? [gateId] : [];
  });
  return ids.flatMap((id) => findGate(store, id) ?? []);
}

/** The gates and the quota, as the heartbeat and digest see them. */
export const gateFeed: GateFeed = {
  sweep(deps, goalId, now) {
    const swept = sweepGates(deps, goalId, now);
    return {
      expired: expiredSinceLastHeartbeat(deps.store, goalId).map((gate) => ({ gateId: gate.id, question: gate.question, onExpire: gate.onExpire })),
      reminders: swept.reminders.map((r) => {
        const gate = findGate(deps.store, r.gateId);
        // Quiet hours and "reach me nowhere" hold back the @mention, as on every card drawn for chat.
        return { gateId: r.gateId, question: gate?.question ?? r.gateId, step: r.step, people: cardPeople(deps.store, r.personIds, gate ? { now, gate } : { now }) };
      }),
    };
  },
  pending(store, goalId) {
    return pendingGatesFor(store, goalId).map((gate) => ({
      gateId: gate.id,
      revision: gate.revision,
      question: gate.question,
      askedAt: gate.createdAt,
      waitingOn: cardPeople(store, waitingOn(store, gate)),
      options: gate.options,
      risk: gate.risk,
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
