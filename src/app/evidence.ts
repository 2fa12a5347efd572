import type { KernelError } from '../kernel/errors.js';
import { requireGoalOpenForWork } from '../kernel/goal.js';
import { ok, type Result } from '../kernel/result.js';
import { normaliseUrl } from '../kernel/safe-url.js';
import type { DeliveryOutcome, EvidenceKind } from '../kernel/vocabulary.js';
import { touchAgent } from '../store/agents.js';
import type { Evidence } from '../kernel/entities.js';
import { insertEvidence } from '../store/evidence.js';
import { spendForWriteback } from './quota.js';
import { accountingOf, type EvidenceAccounting } from './queries/quota.js';
import { agentIdOf, requireGoalAccess } from './actor.js';
import type { AppDeps } from './deps.js';
import { requireGateOnGoal, requireGoal, requireTodoOnGoal } from './lookup.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from './write.js';

/** What an agent (or operator) reports. */
export interface EvidenceInput {
  readonly goalId: string;
  readonly todoId?: string | undefined;
  readonly gateId?: string | undefined;
  readonly turnId?: string | undefined;
  readonly kind: EvidenceKind;
  readonly summary: string;
  readonly url?: string | undefined;
  readonly data?: unknown;
  readonly deliveryOutcome?: DeliveryOutcome | undefined;
  readonly usage?: { tokensIn?: number | undefined; tokensOut?: number | undefined; costUsd?: number | undefined } | undefined;
}

/** Records evidence inside a running command: validated, public-safe, counted as agent activity. */
export function recordEvidence(ctx: WriteContext, input: EvidenceInput): Evidence {
  const goal = must(requireGoal(ctx.store, input.goalId));
  must(requireGoalAccess(ctx.store, ctx.actor, goal.id));
  if (ctx.actor.kind === 'agent') must(requireGoalOpenForWork(goal));
  if (input.todoId !== undefined) must(requireTodoOnGoal(ctx.store, input.todoId, goal.id));
  if (input.gateId !== undefined) must(requireGateOnGoal(ctx.store, input.gateId, goal.id));
  const url = input.url === undefined ? null : must(normaliseUrl('url', input.url));
  const agentId = agentIdOf(ctx.actor);
  const evidence: Evidence = {
    id: ctx.newId('ev'),
    goalId: goal.id,
    todoId: input.todoId ?? null,
    gateId: input.gateId ?? null,
    agentId,
    turnId: input.turnId ?? null,
    kind: input.kind,
    summary: input.summary,
    url,
    data: input.data ?? null,
    deliveryOutcome: input.deliveryOutcome ?? null,
    usage: input.usage ? { tokensIn: input.usage.tokensIn ?? null, tokensOut: input.usage.tokensOut ?? null, costUsd: input.usage.costUsd ?? null } : null,
    createdAt: ctx.at,
  };
  insertEvidence(ctx.store, evidence);
  if (agentId !== null) touchAgent(ctx.store, agentId, ctx.at);
  ctx.event({ goalId: goal.id, type: 'evidence.added', payload: { evidence_id: evidence.id, todo_id: evidence.todoId, gate_id: evidence.gateId, turn_id: evidence.turnId, kind: evidence.kind, delivery_outcome: evidence.deliveryOutcome } });
  // The turn's accountable writeback spends its one quota slot here, in the same transaction as the evidence.
  spendForWriteback(ctx, evidence);
  return evidence;
}

/** Records evidence as its own command. */
export function addEvidence(deps: AppDeps, origin: WriteOrigin, input: EvidenceInput): Result<Evidence, KernelError> {
  return runWrite(deps, { ...origin, command: 'evidence.add', request: input }, (ctx) => ok(recordEvidence(ctx, input)));
}

/** Recorded evidence and how it was accounted: the slots it spent, or why an accountable writeback spent none. */
export interface RecordedEvidence extends EvidenceAccounting {
  readonly evidence: Evidence;
}

/**
 * Records evidence as its own command, committed together with every other write queued in this event-loop
 * turn (group commit); resolves only after the commit, so answering then never acknowledges a lost write.
 * The accounting is read in the same transaction (for a replay too), not by one more read after the commit.
 */
export function addEvidenceGrouped(deps: AppDeps, origin: WriteOrigin, input: EvidenceInput): Promise<Result<RecordedEvidence, KernelError>> {
  return deps.store.transactionGrouped(() => {
    const added = addEvidence(deps, origin, input);
    return added.ok ? ok({ evidence: added.value, ...accountingOf(deps.store, added.value) }) : added;
  });
}

/** An agent's liveness signal for a goal. */
export function recordHeartbeat(deps: AppDeps, origin: WriteOrigin, goalId: string, input: { turnId?: string | undefined; note?: string | undefined }): Result<{ ok: true }, KernelError> {
  return runWrite(deps, { ...origin, command: 'agent.heartbeat', request: { goalId, ...input } }, (ctx) => {
    must(requireGoal(ctx.store, goalId));
    must(requireGoalAccess(ctx.store, origin.actor, goalId));
    const agentId = agentIdOf(origin.actor);
    if (agentId !== null) touchAgent(ctx.store, agentId, ctx.at);
    ctx.event({ goalId, type: 'agent.heartbeat', payload: { agent_id: agentId, turn_id: input.turnId ?? null, note: input.note ?? null } });
    return ok({ ok: true as const });
  });
}
