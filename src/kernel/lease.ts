import { fail } from './errors.js';
import { ok, type Result } from './result.js';
import type { KernelError } from './errors.js';

/** Lease defaults from the domain: 45 minutes, at most 24 hours, at least one minute. */
export const LEASE_DEFAULT_SECONDS = 2700;
export const LEASE_MIN_SECONDS = 60;
export const LEASE_MAX_SECONDS = 86_400;

/** The ownership record on a todo row: one record, no split brain. */
export interface LeaseState {
  readonly claimedBy: string | null;
  readonly leaseExpiresAt: string | null;
  readonly leaseVersion: number;
  readonly leaseEpoch: number;
  readonly leaseStartedAt: string | null;
}

/** True while the todo is claimed and the lease has not expired at `now`; an expired lease counts as absent. */
export function isLeaseActive(lease: LeaseState, now: Date): boolean {
  return lease.claimedBy !== null && lease.leaseExpiresAt !== null && Date.parse(lease.leaseExpiresAt) > now.getTime();
}

/** The agent holding an active lease, or null. */
export function activeHolder(lease: LeaseState, now: Date): string | null {
  return isLeaseActive(lease, now) ? lease.claimedBy : null;
}

function expiry(now: Date, ttlSeconds: number): string {
  return new Date(now.getTime() + ttlSeconds * 1000).toISOString();
}

/** Result of a claim: the new lease, and whether anything changed (a holder re-claiming changes nothing). */
export interface ClaimDecision {
  readonly lease: LeaseState;
  readonly changed: boolean;
}

/** Decides a claim: a free or expired lease is acquired (new epoch); another agent's active lease refuses. */
export function decideClaim(lease: LeaseState, agentId: string, now: Date, ttlSeconds: number): Result<ClaimDecision, KernelError> {
  const holder = activeHolder(lease, now);
  if (holder === agentId) return ok({ lease, changed: false });
  if (holder !== null) {
    return fail('lease_held', `Todo is claimed by ${holder} until ${lease.leaseExpiresAt}; pick another todo or wait for the lease to expire.`, {
      holder,
      expires_at: lease.leaseExpiresAt,
    });
  }
  return ok({
    changed: true,
    lease: {
      claimedBy: agentId,
      leaseExpiresAt: expiry(now, ttlSeconds),
      leaseVersion: lease.leaseVersion + 1,
      leaseEpoch: lease.leaseEpoch + 1,
      leaseStartedAt: now.toISOString(),
    },
  });
}

function checkHolder(lease: LeaseState, agentId: string, leaseVersion: number, now: Date): KernelError | null {
  if (lease.claimedBy !== agentId) {
    return { code: 'not_claimed_by_you', message: `You (${agentId}) do not hold this todo's lease; claim it first.` };
  }
  if (!isLeaseActive(lease, now)) {
    return { code: 'lease_expired', message: `Your lease expired at ${lease.leaseExpiresAt}; claim the todo again.` };
  }
  if (lease.leaseVersion !== leaseVersion) {
    return {
      code: 'lease_version_mismatch',
      message: `Lease version ${leaseVersion} is stale (current ${lease.leaseVersion}); use the version from your last claim or renew.`,
      details: { current_version: lease.leaseVersion },
    };
  }
  return null;
}

/** Decides a renewal: only the holder, with the current version, before expiry (compare-and-swap). */
export function decideRenew(lease: LeaseState, agentId: string, leaseVersion: number, now: Date, ttlSeconds: number): Result<LeaseState, KernelError> {
  const problem = checkHolder(lease, agentId, leaseVersion, now);
  if (problem) return { ok: false, error: problem };
  return ok({ ...lease, leaseExpiresAt: expiry(now, ttlSeconds), leaseVersion: lease.leaseVersion + 1 });
}

/** Decides a release: only the holder, with the current version; the claim is cleared. */
export function decideRelease(lease: LeaseState, agentId: string, leaseVersion: number, now: Date): Result<LeaseState, KernelError> {
  const problem = checkHolder(lease, agentId, leaseVersion, now);
  if (problem) return { ok: false, error: problem };
  return ok(clearedLease(lease));
}

/** The lease with its claim cleared and its version bumped (so a stale CAS on it fails). */
export function clearedLease(lease: LeaseState): LeaseState {
  return { claimedBy: null, leaseExpiresAt: null, leaseVersion: lease.leaseVersion + 1, leaseEpoch: lease.leaseEpoch, leaseStartedAt: null };
}
