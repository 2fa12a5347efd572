import type { KernelError } from '../../kernel/errors.js';
import type { Goal } from '../../kernel/goal.js';
import { emptyLaneCounts, laneOf, type Lane } from '../../kernel/lanes.js';
import { ok, type Result } from '../../kernel/result.js';
import type { Todo } from '../../kernel/todo.js';
import { listAgents } from '../../store/agents.js';
import type { Store } from '../../store/db.js';
import { listTodos } from '../../store/todos.js';
import { requireGoal } from '../lookup.js';

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
}

/** Places every live todo of a goal in its lane. */
export function laneTodos(store: Store, goalId: string, now: Date): LanedTodo[] {
  const lastSeen = new Map(listAgents(store).map((a) => [a.id, a.lastSeenAt]));
  return listTodos(store, goalId, ['open', 'blocked', 'deferred', 'done']).map((todo) => ({
    todo,
    lane: laneOf(todo, { now, gatedByPendingGate: false, holderActivityAt: todo.claimedBy ? (lastSeen.get(todo.claimedBy) ?? null) : null }),
  }));
}

/** One plain sentence: who acts next. */
export function whoActsNext(goal: Goal, lanes: Record<Lane, number>): string {
  if (goal.status === 'stopped') return 'An owner: the goal is paused; resume it to let agents work.';
  if (goal.status === 'completed') return 'Nobody: the goal is completed.';
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
  const todos = laneTodos(store, goalId, now);
  const lanes = emptyLaneCounts();
  for (const { lane } of todos) lanes[lane] += 1;
  return ok({ goal, lanes, todos, next: whoActsNext(goal, lanes) });
}
