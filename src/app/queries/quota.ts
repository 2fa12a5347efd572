import { computeQuotaState, windowStart, type QuotaState } from '../../kernel/quota.js';
import type { Store } from '../../store/db.js';
import { findGoal } from '../../store/goals.js';
import { activeSpends, selectQuotaPolicy, spendOfEvidence, sumUsage } from '../../store/quota.js';

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

/** Reported usage (tokens, cost) per agent on a goal; "not billing", a proxy for the digest's spend section. */
export function usageByAgent(store: Store, goalId: string, since?: string) {
  return sumUsage(store, goalId, since);
}
