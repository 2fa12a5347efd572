import type { KernelError } from '../kernel/errors.js';
import { fail } from '../kernel/errors.js';
import { decideShouldRun, MONITOR_DEBT_TURNS, type ShouldRunDecision, type WorkOnOffer } from '../kernel/should-run.js';
import type { Goal } from '../kernel/goal.js';
import type { QuotaState } from '../kernel/quota.js';
import { ok, type Result } from '../kernel/result.js';
import { PACKET_GATES_MAX, ShouldRunWire, shouldRunToWire } from '../contract/should-run-wire.js';
import type { Store } from '../store/db.js';
import { listMemberships } from '../store/goals.js';
import { gateHolds } from '../store/todo-lanes.js';
import { countListedTakeable, countQuietMonitorTurns, countWaiting, firstUnheld, selectBlockingGates, type Asker } from '../store/work-on-offer.js';
import { selectAnsweredGates } from '../store/gates.js';
import { insertTurn, lastTurnAt, selectTurn } from '../store/turns.js';
import { requireGoalAccess } from './actor.js';
import type { AppDeps } from './deps.js';
import { requireGoal } from './lookup.js';
import { approversOf, waitingOn as stillWaitingOn } from './queries/gates.js';
import { quotaState } from './queries/quota.js';
import { must, runWrite, type WriteOrigin } from './write.js';
import { handoffOf } from './work/handoffs.js';

/** How many of its answered gates a packet returns to the agent at most. */
const ANSWERED_GATES_MAX = 3;

/** What the goal offers this agent now: each part is a small indexed query, asked only when the decision needs it. */
function workOnOffer(store: Store, ask: Asker): WorkOnOffer {
  return {
    monitor: firstUnheld(store, ask, 'monitor'),
    next: firstUnheld(store, ask, 'advancement'),
    held: () => countListedTakeable(store, ask),
    blocking: () => {
      const gates = selectBlockingGates(store, ask, PACKET_GATES_MAX);
      const memberships = listMemberships(store, ask.goalId);
      const first = gates.gates.map((gate) => ({ gate, waitingOn: stillWaitingOn(store, gate, memberships) }));
      const waitingOn = new Set(gates.policies.flatMap((policy) => approversOf(store, policy, memberships)));
      return { first, total: gates.total, pending: gates.pending, waitingOn: [...waitingOn] };
    },
    waiting: () => countWaiting(store, ask),
    quietMonitorTurns: () => countQuietMonitorTurns(store, ask, MONITOR_DEBT_TURNS),
  };
}

/** What should-run would decide for the agent now, without recording a turn (the wake hint asks this). */
export function previewShouldRun(store: Store, goal: Goal, agentId: string, now: Date, quota: QuotaState = quotaState(store, goal.id, now)): ShouldRunDecision {
  return decideShouldRun({ goal, agentId, quota, offer: workOnOffer(store, { goalId: goal.id, agentId, now, holds: gateHolds(store, goal.id) }) });
}

/**
 * The one decision an agent asks for each turn. Idempotent per (goal, agent, turn id): the first call records the
 * turn and its packet; a retry answers the same packet and the same selected todo. Asking never spends quota.
 */
export function shouldRun(deps: AppDeps, origin: WriteOrigin, goalId: string, turnId: string): Result<ShouldRunWire, KernelError> {
  return runWrite<ShouldRunWire>(deps, { ...origin, command: 'should-run', request: { goalId, turnId } }, (ctx) => {
    if (ctx.actor.kind !== 'agent') return fail('forbidden', 'should-run is asked by an agent; pass --agent <id>.');
    const agentId = ctx.actor.id;
    const goal = must(requireGoal(ctx.store, goalId));
    must(requireGoalAccess(ctx.store, ctx.actor, goalId));
    const stored = selectTurn(ctx.store, goalId, agentId, turnId);
    if (stored) return ok(ShouldRunWire.parse(JSON.parse(stored.packet)));
    const quota = quotaState(ctx.store, goalId, ctx.now);
    const decision = previewShouldRun(ctx.store, goal, agentId, ctx.now, quota);
    const answered = selectAnsweredGates(ctx.store, goalId, `agent:${agentId}`, lastTurnAt(ctx.store, goalId, agentId), ANSWERED_GATES_MAX);
    const handoff = decision.selectedTodo ? handoffOf(ctx.store, decision.selectedTodo.id) : null;
    const packet = shouldRunToWire({ goalId, agentId, turnId }, decision, quota, ctx.at, answered, handoff);
    insertTurn(ctx.store, { goal_id: goalId, agent_id: agentId, turn_id: turnId, mode: packet.mode, selected_todo_id: packet.selected_todo?.id ?? null, packet: JSON.stringify(packet), created_at: ctx.at });
    ctx.event({ goalId, type: 'turn.started', payload: { agent_id: agentId, turn_id: turnId, mode: packet.mode, work: packet.work, notify: packet.notify, selected_todo_id: packet.selected_todo?.id ?? null } });
    return ok(packet);
  });
}
