/** Per-goal quota: `allowedSlots` accountable turns per rolling `windowHours`. */
export interface QuotaPolicy {
  readonly allowedSlots: number;
  readonly windowHours: number;
}

/** The policy a goal has until an operator sets one. */
export const DEFAULT_QUOTA_POLICY: QuotaPolicy = { allowedSlots: 48, windowHours: 24 };

/** Bounds an operator may set. */
export const QUOTA_LIMITS = { minSlots: 1, maxSlots: 100_000, minWindowHours: 1, maxWindowHours: 24 * 31 } as const;

/** Where a goal's quota stands at one instant. */
export interface QuotaState {
  readonly state: 'eligible' | 'throttled' | 'paused';
  readonly spent: number;
  readonly allowed: number;
  readonly windowHours: number;
  /** When the next slot frees up while throttled, else null. */
  readonly nextEligibleAt: string | null;
}

/** The start of the rolling window that ends at `now`. */
export function windowStart(policy: QuotaPolicy, now: Date): Date {
  return new Date(now.getTime() - policy.windowHours * 3600_000);
}

/**
 * Computes quota state from the times of the un-voided spends inside the window (any order). A stopped goal is
 * `paused` first; when the window is full, `nextEligibleAt` is when enough of the oldest spends leave it.
 */
export function computeQuotaState(policy: QuotaPolicy, spendTimes: readonly string[], paused: boolean, now: Date): QuotaState {
  const start = windowStart(policy, now).getTime();
  const inWindow = spendTimes.filter((t) => Date.parse(t) > start).sort();
  const spent = inWindow.length;
  const base = { spent, allowed: policy.allowedSlots, windowHours: policy.windowHours };
  if (paused) return { ...base, state: 'paused', nextEligibleAt: null };
  if (spent < policy.allowedSlots) return { ...base, state: 'eligible', nextEligibleAt: null };
  const freeing = inWindow[spent - policy.allowedSlots] ?? inWindow[0] ?? now.toISOString();
  return { ...base, state: 'throttled', nextEligibleAt: new Date(Date.parse(freeing) + policy.windowHours * 3600_000).toISOString() };
}
