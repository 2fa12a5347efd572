import type { KernelError } from '../kernel/errors.js';
import { fail } from '../kernel/errors.js';
import { decideShouldRun } from '../kernel/should-run.js';
import { ok, type Result } from '../kernel/result.js';
import { ShouldRunWire, shouldRunToWire } from '../contract/should-run-wire.js';
import type { Store } from '../store/db.js';
import { selectGates } from '../store/gates.js';
import { listTodos } from '../store/todos.js';
import { insertTurn, selectTurn } from '../store/turns.js';
import { requireGoalAccess } from './actor.js';
import type { AppDeps } from './deps.js';
import { requireGoal } from './lookup.js';
import { approversOf, openGatesFor } from './queries/gates.js';
import { quotaState } from './queries/quota.js';
import { must, runWrite, type WriteOrigin } from './write.js';

function doneTodoIds(store: Store, goalId: string): Set<string> {
  return new Set(listTodos(store, goalId, ['done']).map((t) => t.id));
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
    const decision = decideShouldRun({
      goal,
      agentId,
      now: ctx.now,
      quota,
      todos: listTodos(ctx.store, goalId, ['open', 'blocked', 'deferred']),
      openGates: openGatesFor(ctx.store, goalId).map((gate) => ({ gate, waitingOn: approversOf(ctx.store, gate) })),
      doneTodoIds: doneTodoIds(ctx.store, goalId),
      approvedGateIds: new Set(selectGates(ctx.store, { goalId, states: ['approved'] }).map((g) => g.id)),
    });
    const packet = shouldRunToWire({ goalId, agentId, turnId }, decision, quota, ctx.at);
    insertTurn(ctx.store, { goal_id: goalId, agent_id: agentId, turn_id: turnId, mode: packet.mode, selected_todo_id: packet.selected_todo?.id ?? null, packet: JSON.stringify(packet), created_at: ctx.at });
    ctx.event({ goalId, type: 'turn.started', payload: { agent_id: agentId, turn_id: turnId, mode: packet.mode, work: packet.work, notify: packet.notify, selected_todo_id: packet.selected_todo?.id ?? null } });
    return ok(packet);
  });
}
