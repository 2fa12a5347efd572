import type { KernelError } from '../../kernel/errors.js';
import type { Goal } from '../../kernel/goal.js';
import { emptyLaneCounts, laneOf, type Lane } from '../../kernel/lanes.js';
import { ok, type Result } from '../../kernel/result.js';
import type { Todo } from '../../kernel/todo.js';
import { listAgents } from '../../store/agents.js';
import type { Store } from '../../store/db.js';
import { listMemberships } from '../../store/goals.js';
import { listTodos } from '../../store/todos.js';
import { gateBlockIndex, type Gate } from '../../kernel/gate.js';
import { requireGoal } from '../lookup.js';
import { approversOf, openGatesFor } from './gates.js';

/** A todo with its derived lane. */
export interface LanedTodo {
  readonly todo: Todo;
  readonly lane: Lane;
}

/** The read model behind `status`, the board card and the web board. */
export interface GoalStatus {
  readonly goal: Goal;
  readonly lanes: Record<Lane, number>;
  readonly todos: readonly LanedTodo[];
  readonly next: string;
  /** Gates waiting on a person (pending), oldest first, with who they wait on. */
  readonly openGates: readonly GateWait[];
}

/** A pending gate and the people it waits on. */
export interface GateWait {
  readonly gate: Gate;
  readonly waitingOn: readonly string[];
}

/** Places every live todo of a goal in its lane (pass the goal's open gates when you already have them). */
export function laneTodos(store: Store, goalId: string, now: Date, openGates: readonly Gate[] = openGatesFor(store, goalId)): LanedTodo[] {
  const lastSeen = new Map(listAgents(store).map((a) => [a.id, a.lastSeenAt]));
  const blockedByGate = gateBlockIndex(openGates);
  return listTodos(store, goalId, ['open', 'blocked', 'deferred', 'done']).map((todo) => ({
    todo,
    lane: laneOf(todo, {
      now,
      gatedByPendingGate: blockedByGate(todo, todo.claimedBy),
      holderActivityAt: todo.claimedBy ? (lastSeen.get(todo.claimedBy) ?? null) : null,
    }),
  }));
}

/** One plain sentence: who acts next. */
export function whoActsNext(goal: Goal, lanes: Record<Lane, number>, gates: readonly GateWait[] = []): string {
  if (goal.status === 'stopped') return 'An owner: the goal is paused; resume it to let agents work.';
  if (goal.status === 'completed') return 'Nobody: the goal is completed.';
  if (gates.length > 0) {
    const people = [...new Set(gates.flatMap((g) => g.waitingOn))];
    return `${people.length > 0 ? people.join(', ') : 'An owner'}: ${gates.length} gate(s) wait for a decision.`;
  }
  if (lanes.user_gate > 0) return `A person: ${lanes.user_gate} item(s) wait in User Gate.`;
  const runnable = lanes.todo + lanes.claimed + lanes.running + lanes.review;
  if (runnable > 0) return `Agents: ${runnable} todo(s) are ready or in progress.`;
  if (lanes.blocked > 0) return `A person: all ${lanes.blocked} remaining todo(s) are blocked.`;
  return 'Agents: nothing is open; replan with successor todos or complete the goal.';
}

/** The status of one goal at `now`. */
export function goalStatus(store: Store, goalId: string, now: Date): Result<GoalStatus, KernelError> {
  const found = requireGoal(store, goalId);
  if (!found.ok) return found;
  const goal = found.value;
  const gates = openGatesFor(store, goalId);
  const todos = laneTodos(store, goalId, now, gates);
  const lanes = emptyLaneCounts();
  for (const { lane } of todos) lanes[lane] += 1;
  const memberships = listMemberships(store, goalId);
  const openGates = gates.filter((gate) => gate.state === 'pending').map((gate) => ({ gate, waitingOn: approversOf(store, gate, memberships) }));
  lanes.user_gate += openGates.length;
  return ok({ goal, lanes, todos, next: whoActsNext(goal, lanes, openGates), openGates });
}
