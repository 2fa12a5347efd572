import { z } from 'zod';
import type { Gate } from '../kernel/gate.js';
import type { QuotaState } from '../kernel/quota.js';
import { clip, SHOULD_RUN_MODES, type GateWithApprovers, type ShouldRunDecision } from '../kernel/should-run.js';
import { PRIORITIES, TASK_CLASSES } from '../kernel/vocabulary.js';
import { HandoffWire } from './monitor-wire.js';

// The should-run packet agents read every turn: small on purpose (a hard budget, checked by a test).

/** The hard size budget of one packet, in bytes of JSON. */
export const SHOULD_RUN_BUDGET_BYTES = 4096;
/** How many blocking gates a packet lists at most (`blocking_gates_total` counts them all). */
export const PACKET_GATES_MAX = 5;
const MAX_WAITING_ON = 3;

/** Quota as agents see it. */
export const QuotaWire = z.object({
  state: z.enum(['eligible', 'throttled', 'paused']),
  spent: z.number(),
  allowed: z.number(),
  window_hours: z.number(),
  next_eligible_at: z.string().nullable(),
});

/** The should-run packet. */
export const ShouldRunWire = z.object({
  goal_id: z.string(),
  agent_id: z.string(),
  turn_id: z.string(),
  mode: z.enum(SHOULD_RUN_MODES),
  work: z.boolean(),
  notify: z.boolean(),
  reason: z.string(),
  selected_todo: z.object({ id: z.string(), text: z.string(), priority: z.enum(PRIORITIES), task_class: z.enum(TASK_CLASSES), claimed_by_you: z.boolean() }).nullable(),
  blocking_gates: z.array(z.object({ id: z.string(), question: z.string(), state: z.string(), revision: z.number(), waiting_on: z.array(z.string()) })),
  blocking_gates_total: z.number(),
  /** This agent's gates decided since its previous turn (newest first): the outcome, the option chosen, the reason. */
  answered_gates: z.array(z.object({ id: z.string(), question: z.string(), outcome: z.string(), option: z.string().nullable(), reason: z.string().nullable() })).optional(),
  quota: QuotaWire,
  next_calls: z.array(z.string()),
  decided_at: z.string(),
  /** What the previous holder of the selected todo left for the next one. */
  handoff: HandoffWire.optional(),
});
export type ShouldRunWire = z.infer<typeof ShouldRunWire>;

/** Maps quota state to the wire. */
export function quotaToWire(quota: QuotaState): z.infer<typeof QuotaWire> {
  return { state: quota.state, spent: quota.spent, allowed: quota.allowed, window_hours: quota.windowHours, next_eligible_at: quota.nextEligibleAt };
}

function gateToPacket(g: GateWithApprovers) {
  return { id: g.gate.id, question: clip(g.gate.question, 200), state: g.gate.state, revision: g.gate.revision, waiting_on: g.waitingOn.slice(0, MAX_WAITING_ON).map((p) => clip(p, 32)) };
}

/** The exact calls the agent makes next, in order. */
function nextCalls(goalId: string, agentId: string, d: ShouldRunDecision): string[] {
  const todo = d.selectedTodo;
  if (d.mode === 'gate_wait') return d.blockingGates.slice(0, 1).map((g) => `GET /v1/gates/${g.gate.id}?wait=60`);
  if (d.mode === 'replan') return [`POST /v1/goals/${goalId}/todos`];
  if (!d.work || todo === null) return [];
  const claim = todo.claimedBy === agentId ? [] : [`POST /v1/todos/${todo.id}/claim`];
  if (d.mode === 'monitor_due') return [...claim, `POST /v1/todos/${todo.id}/poll`];
  return [...claim, 'POST /v1/evidence', `POST /v1/todos/${todo.id}/complete`];
}

/** Builds the packet, clipping texts and listing at most a few gates so it always fits the budget. */
export function shouldRunToWire(
  ids: { goalId: string; agentId: string; turnId: string },
  d: ShouldRunDecision,
  quota: QuotaState,
  decidedAt: string,
  answered: readonly Gate[] = [],
  handoff: HandoffWire | null = null,
): ShouldRunWire {
  const todo = d.selectedTodo;
  const packet: ShouldRunWire = {
    goal_id: ids.goalId,
    agent_id: ids.agentId,
    turn_id: ids.turnId,
    mode: d.mode,
    work: d.work,
    notify: d.notify,
    reason: clip(d.reason, 300),
    selected_todo: todo ? { id: todo.id, text: clip(todo.text, 400), priority: todo.priority, task_class: todo.taskClass, claimed_by_you: todo.claimedBy === ids.agentId } : null,
    blocking_gates: d.blockingGates.slice(0, PACKET_GATES_MAX).map(gateToPacket),
    blocking_gates_total: d.blockingGatesTotal,
    answered_gates: answered.map((g) => ({ id: g.id, question: clip(g.question, 200), outcome: g.state, option: g.decision?.option ?? null, reason: g.decision?.reason ? clip(g.decision.reason, 300) : null })),
    quota: quotaToWire(quota),
    next_calls: nextCalls(ids.goalId, ids.agentId, d),
    decided_at: decidedAt,
    // What the previous holder left for whoever takes the selected todo next (bounded by HandoffRequest's limits).
    ...(todo && handoff ? { handoff } : {}),
  };
  while ((packet.answered_gates?.length ?? 0) > 1 && Buffer.byteLength(JSON.stringify(packet)) > SHOULD_RUN_BUDGET_BYTES) packet.answered_gates?.pop();
  while (packet.blocking_gates.length > 1 && Buffer.byteLength(JSON.stringify(packet)) > SHOULD_RUN_BUDGET_BYTES) packet.blocking_gates.pop();
  return packet;
}
