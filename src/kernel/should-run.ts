import { gateBlockIndex, isOpenGate, type Gate } from './gate.js';
import type { Goal } from './goal.js';
import { activeHolder } from './lease.js';
import type { QuotaState } from './quota.js';
import { compareForSelection, type Todo } from './todo.js';

/** The should-run modes, in precedence order (domain.md §3; `completed` is checked right after `paused`). */
export const SHOULD_RUN_MODES = ['paused', 'completed', 'throttled', 'monitor_due', 'gate_wait', 'scoped_fallback', 'deliver', 'replan', 'idle'] as const;
/** A should-run mode. */
export type ShouldRunMode = (typeof SHOULD_RUN_MODES)[number];

/** An open gate with the people it waits on. */
export interface GateWithApprovers {
  readonly gate: Gate;
  readonly waitingOn: readonly string[];
}

/** Everything the decision reads, loaded by the application. */
export interface ShouldRunInput {
  readonly goal: Pick<Goal, 'id' | 'status'>;
  readonly agentId: string;
  readonly now: Date;
  readonly quota: QuotaState;
  /** The goal's open, blocked and deferred todos. */
  readonly todos: readonly Todo[];
  /** Pending and deferred gates of the goal. */
  readonly openGates: readonly GateWithApprovers[];
  /** Ids of done todos and approved gates, for `resume_when` conditions. */
  readonly doneTodoIds: ReadonlySet<string>;
  readonly approvedGateIds: ReadonlySet<string>;
}

/** The decision: two separate channels (work, notify), what to work on, and what holds work back. */
export interface ShouldRunDecision {
  readonly mode: ShouldRunMode;
  readonly work: boolean;
  readonly notify: boolean;
  readonly reason: string;
  readonly selectedTodo: Todo | null;
  readonly blockingGates: readonly GateWithApprovers[];
}

/** True when a deferred todo's `resume_when` holds at `now`. */
export function isResumeReady(resumeWhen: string | null, input: Pick<ShouldRunInput, 'now' | 'doneTodoIds' | 'approvedGateIds'>): boolean {
  if (resumeWhen === null) return true;
  if (resumeWhen.startsWith('todo_done:')) return input.doneTodoIds.has(resumeWhen.slice('todo_done:'.length));
  if (resumeWhen.startsWith('gate:')) return input.approvedGateIds.has(resumeWhen.slice('gate:'.length));
  const at = Date.parse(resumeWhen);
  return !Number.isNaN(at) && at <= input.now.getTime();
}

/** Todos this agent could take now: open (or deferred and ready), for agents, not leased by someone else. */
function takeable(input: ShouldRunInput, taskClass: Todo['taskClass']): Todo[] {
  return input.todos
    .filter((t) => t.taskClass === taskClass && t.role === 'agent')
    .filter((t) => t.status === 'open' || (t.status === 'deferred' && isResumeReady(t.resumeWhen, input)))
    .filter((t) => {
      const holder = activeHolder(t, input.now);
      return holder === null || holder === input.agentId;
    })
    .sort(compareForSelection(input.agentId, input.now));
}

function decision(mode: ShouldRunMode, reason: string, extra: Partial<ShouldRunDecision> = {}): ShouldRunDecision {
  return { mode, work: false, notify: false, reason, selectedTodo: null, blockingGates: [], ...extra };
}

function gatesOn(input: ShouldRunInput, todos: readonly Todo[]): GateWithApprovers[] {
  // One pass over the gates with a set of the gated todos, not gates × todos (1,000 gates × 10,000 todos at scale).
  const ids = new Set(todos.map((t) => t.id));
  return input.openGates.filter((g) => isOpenGate(g.gate) && (g.gate.blocks.global || g.gate.blocks.agent === input.agentId || g.gate.blocks.todoIds.some((id) => ids.has(id))));
}

/** Decides what one agent should do this turn; the first matching mode wins. */
export function decideShouldRun(input: ShouldRunInput): ShouldRunDecision {
  if (input.goal.status === 'stopped') return decision('paused', `Goal ${input.goal.id} is paused; do nothing until an owner resumes it.`);
  if (input.goal.status === 'completed') return decision('completed', `Goal ${input.goal.id} is completed; nothing more to do.`);
  if (input.quota.state === 'throttled') {
    return decision('throttled', `The quota window is full (${input.quota.spent}/${input.quota.allowed} in ${input.quota.windowHours}h); next turn at ${input.quota.nextEligibleAt}.`);
  }
  const blocked = gateBlockIndex(input.openGates.map((g) => g.gate));
  const isGated = (t: Todo) => blocked(t, input.agentId);
  const monitor = takeable(input, 'monitor').find((t) => !isGated(t));
  if (monitor) return decision('monitor_due', `Monitor "${monitor.text}" is due: poll it; report progress only if something materially changed.`, { work: true, selectedTodo: monitor });
  return decideWork(input, isGated);
}

function decideWork(input: ShouldRunInput, isGated: (t: Todo) => boolean): ShouldRunDecision {
  const executable = takeable(input, 'advancement');
  const runnable = executable.filter((t) => !isGated(t));
  const gated = executable.filter(isGated);
  const blocking = gatesOn(input, gated);
  const askWhom = (gates: readonly GateWithApprovers[]) => [...new Set(gates.flatMap((g) => g.waitingOn))].join(', ') || 'an owner';
  const selected = runnable[0];
  // A snoozed (deferred) gate still holds work back, but only a pending one asks for a person's attention.
  const notify = blocking.some((g) => g.gate.state === 'pending');
  if (!selected && blocking.length > 0) {
    return decision('gate_wait', `All work for ${input.agentId} waits on ${blocking.length} gate(s) for ${askWhom(blocking)}; tell them the question and wait.`, { notify, blockingGates: blocking });
  }
  if (selected && gated.length > 0) {
    const reason = `${gated.length} todo(s) wait on ${askWhom(blocking)}'s decision; working on the independent "${clip(selected.text, 80)}" meanwhile.`;
    return decision('scoped_fallback', reason, { work: true, notify, selectedTodo: selected, blockingGates: blocking });
  }
  if (selected) return decision('deliver', `Work on "${clip(selected.text, 80)}" (${selected.priority}).`, { work: true, selectedTodo: selected });
  const waiting = input.todos.filter((t) => t.role === 'agent' && (t.status === 'deferred' || activeHolder(t, input.now) !== null));
  if (waiting.length > 0) return decision('idle', `Nothing is due for ${input.agentId}: ${waiting.length} todo(s) are deferred, future monitors or held by other agents.`);
  return decision('replan', 'No executable todo is left: add successor todos that advance the objective, or complete the goal.', { work: true });
}

/** Shortens text to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
