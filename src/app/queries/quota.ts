import { computeQuotaState, windowStart, type QuotaState } from '../../kernel/quota.js';
import type { Store } from '../../store/db.js';
import { findGoal } from '../../store/goals.js';
import type { Evidence } from '../../kernel/entities.js';
import { isGrantingMode } from '../../kernel/should-run.js';
import { isAccountableOutcome } from '../../kernel/vocabulary.js';
import { activeSpends, selectQuotaPolicy, spendOfEvidence, spendOfTurn, sumUsage } from '../../store/quota.js';
import { selectTurn } from '../../store/turns.js';

/** A goal's quota at `now`: spent and allowed in the rolling window, and when the next slot frees up. */
export function quotaState(store: Store, goalId: string, now: Date): QuotaState {
  const policy = selectQuotaPolicy(store, goalId);
  const spends = activeSpends(store, goalId, windowStart(policy, now).toISOString());
  return computeQuotaState(policy, spends.map((s) => s.at), findGoal(store, goalId)?.status === 'stopped', now);
}

/** How many slots a piece of evidence spent (0 when it spent nothing, or its spend was voided later). */
export function slotsSpentBy(store: Store, evidenceId: string): number {
  return spendOfEvidence(store, evidenceId)?.slots ?? 0;
}

/** Why an accountable writeback spent nothing: no turn id, a turn should-run did not grant, or a full window. */
export type UnaccountedReason = 'no_turn' | 'turn_not_granted' | 'quota_full';

/** How a piece of evidence was accounted: the slots it spent, or why an accountable writeback spent none. */
export interface EvidenceAccounting {
  readonly slots: number;
  readonly unaccounted: UnaccountedReason | null;
}

/**
 * Reads back how evidence was accounted (after its write, or for a replay). An agent's accountable writeback that
 * spent nothing, on a turn no other writeback spent for, is an observation outside the allowance.
 */
export function accountingOf(store: Store, evidence: Evidence): EvidenceAccounting {
  const slots = slotsSpentBy(store, evidence.id);
  if (slots > 0 || evidence.agentId === null || !isAccountableOutcome(evidence.deliveryOutcome)) return { slots, unaccounted: null };
  if (evidence.turnId === null) return { slots, unaccounted: 'no_turn' };
  if (spendOfTurn(store, evidence.goalId, evidence.agentId, evidence.turnId)) return { slots, unaccounted: null };
  const granted = isGrantingMode(selectTurn(store, evidence.goalId, evidence.agentId, evidence.turnId)?.mode ?? '');
  return { slots, unaccounted: granted ? 'quota_full' : 'turn_not_granted' };
}

/** Reported usage (tokens, cost) per agent on a goal; "not billing", a proxy for the digest's spend section. */
export function usageByAgent(store: Store, goalId: string, since?: string) {
  return sumUsage(store, goalId, since);
}
