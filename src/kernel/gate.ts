import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';
import type { Origin } from './vocabulary.js';

/** A gate's lifecycle: `pending` until decided; `deferred` wakes back to `pending` at its time. */
export const GATE_STATES = ['pending', 'approved', 'rejected', 'deferred', 'expired', 'cancelled', 'superseded'] as const;
/** A gate state. */
export type GateState = (typeof GATE_STATES)[number];

/** How risky the asked action is. */
export const GATE_RISKS = ['low', 'normal', 'high'] as const;
/** A gate risk level. */
export type GateRisk = (typeof GATE_RISKS)[number];

/** What happens when a gate passes `expires_at` undecided; expiry is never reported as a rejection. */
export const ON_EXPIRE = ['deny', 'keep_waiting', 'cancel'] as const;
/** An on-expire policy. */
export type OnExpire = (typeof ON_EXPIRE)[number];

/** What a person can answer. */
export const GATE_CHOICES = ['approve', 'reject', 'defer'] as const;
/** A decision choice. */
export type GateChoice = (typeof GATE_CHOICES)[number];

/** The escalation steps of a `keep_waiting` gate, in order. */
export const ESCALATION_STEPS = ['approvers', 'owners'] as const;
/** An escalation step. */
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/** What a gate blocks: one agent, listed todos, or the whole goal. */
export interface GateBlocks {
  readonly agent: string | null;
  readonly todoIds: readonly string[];
  readonly global: boolean;
}

/** Who may decide: null approvers = the goal's owners and approvers. */
export interface GatePolicy {
  readonly approvers: readonly string[] | null;
  readonly quorum: number;
  readonly allowSelfApproval: boolean;
}

/** The recorded decision: who (person id, or `system` for expiry), through which surface, why, on which revision. */
export interface GateDecision {
  readonly outcome: GateState;
  readonly by: string;
  readonly via: Origin;
  readonly reason: string | null;
  readonly at: string;
  readonly revision: number;
  /** The option an approval chose, for a gate asked with options; null otherwise. */
  readonly option: string | null;
}

/** A gate as the application sees it. */
export interface Gate {
  readonly id: string;
  readonly goalId: string;
  readonly question: string;
  readonly context: string | null;
  readonly options: readonly string[];
  readonly risk: GateRisk;
  /** Actor string of the asker: `agent:a1` or `person:ana`. */
  readonly requestedBy: string;
  readonly blocks: GateBlocks;
  readonly decisionScope: string | null;
  readonly policy: GatePolicy;
  readonly state: GateState;
  readonly revision: number;
  readonly expiresAt: string | null;
  readonly onExpire: OnExpire;
  readonly deferredUntil: string | null;
  /** The last escalation step recorded for a `keep_waiting` gate past its expiry. */
  readonly escalation: EscalationStep | null;
  /** The standing grant that approved this gate automatically, if any. */
  readonly grantId: string | null;
  readonly decision: GateDecision | null;
  /** Approval votes on the current revision (quorum gates). */
  readonly votes: readonly { personId: string; at: string }[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The states in which a gate still holds back what it blocks: undecided or snoozed. */
export const OPEN_GATE_STATES: readonly GateState[] = ['pending', 'deferred'];

/** True while a gate still holds back what it blocks (undecided or snoozed). */
export function isOpenGate(gate: Pick<Gate, 'state'>): boolean {
  return OPEN_GATE_STATES.includes(gate.state);
}

/**
 * Checks a gate's scope: exactly one of agent, listed todos or global. An unscoped gate defaults to the asking
 * agent (or the whole goal when a person asks) only when the goal has at most one agent.
 */
export function resolveGateScope(blocks: GateBlocks, ctx: { askingAgent: string | null; agentCount: number }): Result<GateBlocks, KernelError> {
  const named = [blocks.agent !== null, blocks.todoIds.length > 0, blocks.global].filter(Boolean).length;
  if (named > 1) return fail('invalid_request', 'A gate blocks exactly one thing: one agent, listed todos, or the whole goal (global). Pick one.');
  if (named === 1) return ok(blocks);
  if (ctx.agentCount > 1) {
    return fail('gate_unscoped', 'This goal has several agents, so the gate must say what it blocks: blocks.agent, blocks.todo_ids or blocks.global.');
  }
  return ok(ctx.askingAgent !== null ? { agent: ctx.askingAgent, todoIds: [], global: false } : { agent: null, todoIds: [], global: true });
}

/** True when the question is the same open question (dedupe): same words, case and spacing aside. */
export function sameQuestion(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** True when two scopes block the same thing. */
export function sameBlocks(a: GateBlocks, b: GateBlocks): boolean {
  return a.agent === b.agent && a.global === b.global && [...a.todoIds].sort().join(',') === [...b.todoIds].sort().join(',');
}
