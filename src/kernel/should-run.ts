import type { Gate } from './gate.js';
import type { Goal } from './goal.js';
import type { QuotaState } from './quota.js';
import type { Todo } from './todo.js';

/** The should-run modes, in precedence order (domain.md §3; `completed` is checked right after `paused`). */
export const SHOULD_RUN_MODES = ['paused', 'completed', 'throttled', 'monitor_due', 'gate_wait', 'scoped_fallback', 'deliver', 'replan', 'idle'] as const;
/** A should-run mode. */
export type ShouldRunMode = (typeof SHOULD_RUN_MODES)[number];

/** The modes that grant a turn: only a granted turn's writeback may spend a quota slot. */
export const GRANTING_MODES: readonly ShouldRunMode[] = ['deliver', 'scoped_fallback', 'monitor_due', 'replan'];

/** True when should-run answered `mode` with work to do, so the turn may spend. */
export function isGrantingMode(mode: string): boolean {
  return (GRANTING_MODES as readonly string[]).includes(mode);
}

/** An open gate with the people it waits on. */
export interface GateWithApprovers {
  readonly gate: Gate;
  readonly waitingOn: readonly string[];
}

/**
 * What the goal offers the asking agent this turn, found by the store in selection order (src/store/work-on-offer.ts):
 * the agent's own live claims first, then priority, then age. The counts are asked only when a mode needs them.
 */
export interface WorkOnOffer {
  /** The first due monitor that no open gate holds. */
  readonly monitor: Todo | null;
  /** The first takeable advancement todo that no open gate holds. */
  readonly next: Todo | null;
  /** How many takeable advancement todos open gates hold (asked only when `next` exists). */
  readonly held: () => number;
  /** The open gates holding this agent's work: global, scoped on the agent, or listing a held todo. */
  readonly blocking: () => BlockingGates;
  /** How many agent todos are deferred or leased, so may become work later. */
  readonly waiting: () => number;
  /** How many of the agent's latest turns in a row went to a monitor whose check found nothing new. */
  readonly quietMonitorTurns: () => number;
}

/** After this many quiet monitor turns in a row, work of the same or higher priority goes first. */
export const MONITOR_DEBT_TURNS = 2;

/** The open gates that hold an agent's work. */
export interface BlockingGates {
  /** The oldest few, with the people each waits on. */
  readonly first: readonly GateWithApprovers[];
  readonly total: number;
  /** How many of them are pending (a snoozed gate holds work but asks no one). */
  readonly pending: number;
  /** Everyone they wait on. */
  readonly waitingOn: readonly string[];
}

/** Everything the decision reads, loaded by the application. */
export interface ShouldRunInput {
  readonly goal: Pick<Goal, 'id' | 'status'>;
  readonly agentId: string;
  readonly quota: QuotaState;
  readonly offer: WorkOnOffer;
}

/** The decision: two separate channels (work, notify), what to work on, and what holds work back. */
export interface ShouldRunDecision {
  readonly mode: ShouldRunMode;
  readonly work: boolean;
  readonly notify: boolean;
  readonly reason: string;
  readonly selectedTodo: Todo | null;
  /** The oldest few gates holding work back, and how many in all. */
  readonly blockingGates: readonly GateWithApprovers[];
  readonly blockingGatesTotal: number;
}

function decision(mode: ShouldRunMode, reason: string, extra: Partial<ShouldRunDecision> = {}): ShouldRunDecision {
  return { mode, work: false, notify: false, reason, selectedTodo: null, blockingGates: [], blockingGatesTotal: 0, ...extra };
}

/** Decides what one agent should do this turn; the first matching mode wins. */
export function decideShouldRun(input: ShouldRunInput): ShouldRunDecision {
  if (input.goal.status === 'stopped') return decision('paused', `Goal ${input.goal.id} is paused; do nothing until an owner resumes it.`);
  if (input.goal.status === 'completed') return decision('completed', `Goal ${input.goal.id} is completed; nothing more to do.`);
  if (input.quota.state === 'throttled') {
    return decision('throttled', `The quota window is full (${input.quota.spent}/${input.quota.allowed} in ${input.quota.windowHours}h); next turn at ${input.quota.nextEligibleAt}.`);
  }
  const monitor = input.offer.monitor;
  // Monitor debt: an overdue monitor does not crowd out real work turn after turn when checks keep finding nothing.
  const next = monitor ? input.offer.next : null;
  if (monitor && next && next.priority <= monitor.priority && input.offer.quietMonitorTurns() >= MONITOR_DEBT_TURNS) return decideWork(input);
  if (monitor) return decision('monitor_due', `Monitor "${monitor.text}" is due: check it and record the check with poll (it stays quiet unless something changed; a poll never spends quota).`, { work: true, selectedTodo: monitor });
  return decideWork(input);
}

function decideWork(input: ShouldRunInput): ShouldRunDecision {
  const { offer, agentId } = input;
  const selected = offer.next;
  const held = selected ? offer.held() : 0;
  const blocking = selected === null || held > 0 ? offer.blocking() : null;
  const askWhom = (gates: BlockingGates) => gates.waitingOn.join(', ') || 'an owner';
  const holding = blocking ? { blockingGates: blocking.first, blockingGatesTotal: blocking.total, notify: blocking.pending > 0 } : {};
  if (!selected && blocking && blocking.total > 0) {
    return decision('gate_wait', `All work for ${agentId} waits on ${blocking.total} gate(s) for ${askWhom(blocking)}; tell them the question and wait.`, holding);
  }
  if (selected && blocking && held > 0) {
    const reason = `${held} todo(s) wait on ${askWhom(blocking)}'s decision; working on the independent "${clip(selected.text, 80)}" meanwhile.`;
    return decision('scoped_fallback', reason, { work: true, selectedTodo: selected, ...holding });
  }
  if (selected) return decision('deliver', `Work on "${clip(selected.text, 80)}" (${selected.priority}).`, { work: true, selectedTodo: selected });
  const waiting = offer.waiting();
  if (waiting > 0) return decision('idle', `Nothing is due for ${agentId}: ${waiting} todo(s) are deferred, future monitors or held by other agents.`);
  return decision('replan', 'No executable todo is left: add successor todos that advance the objective, or complete the goal.', { work: true });
}

/** Shortens text to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
