import type { Evidence } from '../kernel/entities.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { QUOTA_LIMITS, type QuotaPolicy } from '../kernel/quota.js';
import { ok, type Result } from '../kernel/result.js';
import { isGrantingMode } from '../kernel/should-run.js';
import { isAccountableOutcome } from '../kernel/vocabulary.js';
import { selectTurn } from '../store/turns.js';
import { insertQuotaRow, selectQuotaRow, spendOfTurn, upsertQuotaPolicy, voidOfSpend, type QuotaLedgerRow } from '../store/quota.js';
import { actorRef } from './actor.js';
import type { AppDeps } from './deps.js';
import { requireGoal } from './lookup.js';
import { quotaState } from './queries/quota.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from './write.js';

/**
 * Spends one slot for the turn whose accountable writeback this evidence is, inside the evidence's transaction:
 * only for an agent's accountable delivery outcome on a turn that should-run granted, once per (goal, agent, turn),
 * and only while the window has room, so the allowance can never be passed. Returns the slots spent (0 or 1).
 */
export function spendForWriteback(ctx: WriteContext, evidence: Evidence): number {
  if (evidence.agentId === null || evidence.turnId === null || !isAccountableOutcome(evidence.deliveryOutcome)) return 0;
  if (spendOfTurn(ctx.store, evidence.goalId, evidence.agentId, evidence.turnId)) return 0;
  if (!isGrantingMode(selectTurn(ctx.store, evidence.goalId, evidence.agentId, evidence.turnId)?.mode ?? '')) return 0;
  const before = quotaState(ctx.store, evidence.goalId, ctx.now);
  if (before.state !== 'eligible') return 0;
  const id = ctx.newId('spend');
  insertQuotaRow(ctx.store, { id, goal_id: evidence.goalId, kind: 'spend', agent_id: evidence.agentId, turn_id: evidence.turnId, evidence_id: evidence.id, slots: 1, voids_id: null, reason: null, actor: actorRef(ctx.actor), at: ctx.at });
  const after = quotaState(ctx.store, evidence.goalId, ctx.now);
  ctx.event({
    goalId: evidence.goalId,
    type: 'quota.spent',
    payload: { spend_id: id, agent_id: evidence.agentId, turn_id: evidence.turnId, evidence_id: evidence.id, slots: 1, before: { spent: before.spent, state: before.state }, after: { spent: after.spent, state: after.state } },
  });
  return 1;
}

/** Sets a goal's quota policy (operators only). */
export function setQuotaPolicy(deps: AppDeps, origin: WriteOrigin, goalId: string, policy: QuotaPolicy): Result<QuotaPolicy, KernelError> {
  return runWrite(deps, { ...origin, command: 'quota.set', request: { goalId, ...policy } }, (ctx) => {
    if (ctx.actor.kind === 'agent') return fail('forbidden', 'Agents cannot change quota; an operator runs `loopx quota set`.');
    must(requireGoal(ctx.store, goalId));
    const { minSlots, maxSlots, minWindowHours, maxWindowHours } = QUOTA_LIMITS;
    if (!Number.isInteger(policy.allowedSlots) || policy.allowedSlots < minSlots || policy.allowedSlots > maxSlots) {
      return fail('invalid_request', `allowed slots must be a whole number from ${minSlots} to ${maxSlots}; to pause a goal, run \`loopx goal stop ${goalId}\`.`);
    }
    if (!Number.isInteger(policy.windowHours) || policy.windowHours < minWindowHours || policy.windowHours > maxWindowHours) {
      return fail('invalid_request', `window hours must be a whole number from ${minWindowHours} to ${maxWindowHours}.`);
    }
    upsertQuotaPolicy(ctx.store, goalId, policy, ctx.at);
    ctx.event({ goalId, type: 'quota.policy_set', payload: { allowed_slots: policy.allowedSlots, window_hours: policy.windowHours } });
    return ok(policy);
  });
}

/** Voids a spend with an appended correction (never a delete); voiding twice is refused. */
export function voidSpend(deps: AppDeps, origin: WriteOrigin, spendId: string, reason: string): Result<QuotaLedgerRow, KernelError> {
  return runWrite(deps, { ...origin, command: 'quota.void', request: { spendId, reason } }, (ctx) => {
    if (ctx.actor.kind === 'agent') return fail('forbidden', 'Agents cannot void spends; an operator runs `loopx quota void`.');
    const spend = selectQuotaRow(ctx.store, spendId);
    if (!spend || spend.kind !== 'spend') return fail('quota_spend_not_found', `No spend "${spendId}"; list spends with \`loopx quota show <goal>\`.`);
    if (reason.trim() === '') return fail('reason_required', 'A void needs a reason; it stays in the ledger next to the spend.');
    const row: QuotaLedgerRow = { id: ctx.newId('void'), goal_id: spend.goal_id, kind: 'void', agent_id: spend.agent_id, turn_id: spend.turn_id, evidence_id: spend.evidence_id, slots: -spend.slots, voids_id: spend.id, reason, actor: actorRef(ctx.actor), at: ctx.at };
    if (voidOfSpend(ctx.store, spend.id)) return fail('already_exists', `Spend ${spendId} was already voided.`);
    insertQuotaRow(ctx.store, row);
    ctx.event({ goalId: spend.goal_id, type: 'quota.voided', payload: { void_id: row.id, spend_id: spend.id, reason } });
    return ok(row);
  });
}
