import type { KernelError } from '../../kernel/errors.js';
import type { Goal } from '../../kernel/goal.js';
import type { Lane } from '../../kernel/lanes.js';
import { ok, type Result } from '../../kernel/result.js';
import type { TodoStatus } from '../../kernel/vocabulary.js';
import type { Store } from '../../store/db.js';
import { listMemberships } from '../../store/goals.js';
import { countLanes, firstTodosByLane, gateHolds, lanedTodos, type LanedTodo } from '../../store/todo-lanes.js';
import type { Gate } from '../../kernel/gate.js';
import { requireGoal } from '../lookup.js';
import { oldestPendingGates, peopleWaitedOn, waitingOn } from './gates.js';

export type { LanedTodo } from '../../store/todo-lanes.js';

/** How many todos of each lane a status lists by default (the board card's three). */
export const STATUS_TODOS_PER_LANE = 3;
/** How many pending gates a status lists (oldest first); `openGatesTotal` counts them all. */
export const STATUS_GATE_LIMIT = 25;

/** The read model behind `status`, the board card and the web board. Its cost does not grow with the goal's size. */
export interface GoalStatus {
  readonly goal: Goal;
  /** Every live todo counted in its lane; User Gate also counts pending gates. */
  readonly lanes: Record<Lane, number>;
  /** The same counts without the pending gates: todos only (the board card's lanes). */
  readonly todoLanes: Record<Lane, number>;
  /** The first todos of each lane in board order, at most `perLane` per lane. */
  readonly todos: readonly LanedTodo[];
  /** Who acts next, in English (the CLI/API `next` field: wire text). */
  readonly next: string;
  /** The same as a reason and its numbers, for a reply in the reader's language. */
  readonly nextStep: NextStep;
  /** The oldest pending gates (at most STATUS_GATE_LIMIT), with who they wait on. */
  readonly openGates: readonly GateWait[];
  readonly openGatesTotal: number;
}

/** A pending gate and the people it waits on. */
export interface GateWait {
  readonly gate: Gate;
  readonly waitingOn: readonly string[];
}

/** Who the pending gates wait on: how many gates, and everyone they wait on. */
export interface GatesWaiting {
  readonly count: number;
  readonly people: readonly string[];
}

/** Every live todo of a goal in its lane, optionally only some statuses (the todo lists; reads every row). */
export function laneTodos(store: Store, goalId: string, now: Date, statuses?: readonly TodoStatus[]): LanedTodo[] {
  return lanedTodos(store, goalId, gateHolds(store, goalId), now, statuses);
}

/** Who acts next, as a reason and its numbers (`people`: person ids a gate waits on). */
export type NextStep =
  | { readonly reason: 'paused' | 'completed' | 'replan' }
  | { readonly reason: 'gates'; readonly count: number; readonly people: readonly string[] }
  | { readonly reason: 'user_gate' | 'agents' | 'blocked'; readonly count: number };

/** Who acts next: a paused goal's owner, the people gates wait on, a person for User Gate or blocked work, else agents. */
export function nextStepOf(goal: Goal, lanes: Record<Lane, number>, gates: GatesWaiting = { count: 0, people: [] }): NextStep {
  if (goal.status === 'stopped') return { reason: 'paused' };
  if (goal.status === 'completed') return { reason: 'completed' };
  if (gates.count > 0) return { reason: 'gates', count: gates.count, people: gates.people };
  if (lanes.user_gate > 0) return { reason: 'user_gate', count: lanes.user_gate };
  const runnable = lanes.todo + lanes.claimed + lanes.running + lanes.review;
  if (runnable > 0) return { reason: 'agents', count: runnable };
  if (lanes.blocked > 0) return { reason: 'blocked', count: lanes.blocked };
  return { reason: 'replan' };
}

/** One plain English sentence: who acts next (the wire's `next`; chat replies say it in the reader's language). */
export function whoActsNext(step: NextStep): string {
  switch (step.reason) {
    case 'paused':
      return 'An owner: the goal is paused; resume it to let agents work.';
    case 'completed':
      return 'Nobody: the goal is completed.';
    case 'gates':
      return `${step.people.length > 0 ? step.people.join(', ') : 'An owner'}: ${step.count} gate(s) wait for a decision.`;
    case 'user_gate':
      return `A person: ${step.count} item(s) wait in User Gate.`;
    case 'agents':
      return `Agents: ${step.count} todo(s) are ready or in progress.`;
    case 'blocked':
      return `A person: all ${step.count} remaining todo(s) are blocked.`;
    case 'replan':
      return 'Agents: nothing is open; replan with successor todos or complete the goal.';
  }
}

/** A goal's todos by lane: the counts and the first `perLane` todos of each lane (no gates; the board card's part). */
export function goalLanes(store: Store, goalId: string, now: Date, perLane = STATUS_TODOS_PER_LANE): Result<Pick<GoalStatus, 'goal' | 'todoLanes' | 'todos'>, KernelError> {
  const found = requireGoal(store, goalId);
  if (!found.ok) return found;
  const holds = gateHolds(store, goalId);
  const counts = countLanes(store, goalId, holds, now);
  return ok({ goal: found.value, todoLanes: counts.lanes, todos: firstTodosByLane(store, goalId, holds, now, counts, perLane) });
}

/** The status of one goal at `now`, listing the first `perLane` todos of each lane. */
export function goalStatus(store: Store, goalId: string, now: Date, perLane = STATUS_TODOS_PER_LANE): Result<GoalStatus, KernelError> {
  const laned = goalLanes(store, goalId, now, perLane);
  if (!laned.ok) return laned;
  const { goal, todoLanes, todos } = laned.value;
  const memberships = listMemberships(store, goalId);
  const pending = oldestPendingGates(store, goalId, STATUS_GATE_LIMIT);
  const openGates = pending.gates.map((gate) => ({ gate, waitingOn: waitingOn(store, gate, memberships) }));
  const lanes = { ...todoLanes, user_gate: todoLanes.user_gate + pending.total };
  const nextStep = nextStepOf(goal, lanes, { count: pending.total, people: peopleWaitedOn(store, goalId, memberships) });
  return ok({ goal, lanes, todoLanes, todos, next: whoActsNext(nextStep), nextStep, openGates, openGatesTotal: pending.total });
}
