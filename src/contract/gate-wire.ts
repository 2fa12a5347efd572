import { z } from 'zod';
import { ESCALATION_STEPS, GATE_RISKS, GATE_STATES, ON_EXPIRE, type Gate } from '../kernel/gate.js';
import { ORIGINS } from '../kernel/vocabulary.js';

// Gate shapes on the wire, over HTTP and in `--json`. Add fields freely; never rename or remove one.

/** A recorded gate decision. */
export const GateDecisionWire = z.object({
  outcome: z.enum(GATE_STATES),
  by: z.string(),
  via: z.enum(ORIGINS),
  reason: z.string().nullable(),
  at: z.string(),
  revision: z.number(),
  /** The option an approval chose, for a gate asked with options. */
  option: z.string().nullable(),
});

/** A gate on the wire. */
export const GateWire = z.object({
  id: z.string(),
  goal_id: z.string(),
  question: z.string(),
  context: z.string().nullable(),
  options: z.array(z.string()),
  risk: z.enum(GATE_RISKS),
  requested_by: z.string(),
  blocks: z.object({ agent: z.string().nullable(), todo_ids: z.array(z.string()), global: z.boolean() }),
  decision_scope: z.string().nullable(),
  policy: z.object({ approvers: z.array(z.string()).nullable(), quorum: z.number(), allow_self_approval: z.boolean() }),
  state: z.enum(GATE_STATES),
  revision: z.number(),
  expires_at: z.string().nullable(),
  on_expire: z.enum(ON_EXPIRE),
  /** True once `expires_at` passed undecided (also for `keep_waiting` gates that stay pending). */
  expired: z.boolean(),
  escalation: z.enum(ESCALATION_STEPS).nullable(),
  deferred_until: z.string().nullable(),
  grant_id: z.string().nullable(),
  decision: GateDecisionWire.nullable(),
  votes: z.array(z.object({ person_id: z.string(), at: z.string() })),
  waiting_on: z.array(z.string()).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GateWire = z.infer<typeof GateWire>;

/** Maps a gate (and optionally who it waits on) to the wire; `now` decides the `expired` flag. */
export function gateToWire(gate: Gate, now: Date, waitingOn?: readonly string[]): GateWire {
  return {
    id: gate.id,
    goal_id: gate.goalId,
    question: gate.question,
    context: gate.context,
    options: [...gate.options],
    risk: gate.risk,
    requested_by: gate.requestedBy,
    blocks: { agent: gate.blocks.agent, todo_ids: [...gate.blocks.todoIds], global: gate.blocks.global },
    decision_scope: gate.decisionScope,
    policy: { approvers: gate.policy.approvers ? [...gate.policy.approvers] : null, quorum: gate.policy.quorum, allow_self_approval: gate.policy.allowSelfApproval },
    state: gate.state,
    revision: gate.revision,
    expires_at: gate.expiresAt,
    on_expire: gate.onExpire,
    expired: gate.state === 'expired' || (gate.expiresAt !== null && gate.state === 'pending' && Date.parse(gate.expiresAt) <= now.getTime()),
    escalation: gate.escalation,
    deferred_until: gate.deferredUntil,
    grant_id: gate.grantId,
    decision: gate.decision ? { ...gate.decision } : null,
    votes: gate.votes.map((v) => ({ person_id: v.personId, at: v.at })),
    ...(waitingOn ? { waiting_on: [...waitingOn] } : {}),
    created_at: gate.createdAt,
    updated_at: gate.updatedAt,
  };
}

/** A standing grant on the wire (`loopx grant`, `--json`); `active` is judged at the `now` the caller passes. */
export const GrantWire = z.object({
  id: z.string(),
  goal_id: z.string(),
  scope: z.string(),
  gate_id: z.string(),
  granted_by: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  active: z.boolean(),
});
export type GrantWire = z.infer<typeof GrantWire>;

/** Maps a stored grant to the wire. */
export function grantToWire(
  grant: { id: string; goalId: string; scope: string; gateId: string; grantedBy: string; createdAt: string; expiresAt: string | null; revokedAt: string | null; revokedBy: string | null; revokedReason: string | null },
  now: Date,
): GrantWire {
  const active = grant.revokedAt === null && (grant.expiresAt === null || Date.parse(grant.expiresAt) > now.getTime());
  return {
    id: grant.id,
    goal_id: grant.goalId,
    scope: grant.scope,
    gate_id: grant.gateId,
    granted_by: grant.grantedBy,
    created_at: grant.createdAt,
    expires_at: grant.expiresAt,
    revoked_at: grant.revokedAt,
    revoked_by: grant.revokedBy,
    revoked_reason: grant.revokedReason,
    active,
  };
}
