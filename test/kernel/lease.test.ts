import { describe, expect, it } from 'vitest';
import { decideClaim, decideRelease, decideRenew, isLeaseActive, type LeaseState } from '../../src/kernel/lease.js';

const now = new Date('2026-01-05T09:00:00Z');
const free: LeaseState = { claimedBy: null, leaseExpiresAt: null, leaseVersion: 0, leaseEpoch: 0, leaseStartedAt: null };
const heldBy = (agent: string, expiresAt: string, version = 3, epoch = 2): LeaseState => ({
  claimedBy: agent,
  leaseExpiresAt: expiresAt,
  leaseVersion: version,
  leaseEpoch: epoch,
  leaseStartedAt: '2026-01-05T08:30:00Z',
});
const active = heldBy('a1', '2026-01-05T09:30:00Z');
const expired = heldBy('a1', '2026-01-05T08:59:59Z');
const expiresNow = heldBy('a1', '2026-01-05T09:00:00Z');

describe('decideClaim', () => {
  it.each([
    { name: 'free todo', lease: free, agent: 'a1', outcome: 'acquired', epoch: 1, version: 1 },
    { name: 'expired lease of another agent', lease: expired, agent: 'a2', outcome: 'acquired', epoch: 3, version: 4 },
    { name: 'lease expiring exactly now counts as expired', lease: expiresNow, agent: 'a2', outcome: 'acquired', epoch: 3, version: 4 },
    { name: 'active lease of another agent', lease: active, agent: 'a2', outcome: 'lease_held' },
    { name: 'holder re-claims', lease: active, agent: 'a1', outcome: 'unchanged', epoch: 2, version: 3 },
  ])('$name → $outcome', ({ lease, agent, outcome, epoch, version }) => {
    const result = decideClaim(lease, agent, now, 600);
    if (outcome === 'lease_held') {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: 'lease_held', details: { holder: 'a1' } });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changed).toBe(outcome === 'acquired');
    expect(result.value.lease).toMatchObject({ claimedBy: agent, leaseEpoch: epoch, leaseVersion: version });
    if (outcome === 'acquired') expect(result.value.lease.leaseExpiresAt).toBe('2026-01-05T09:10:00.000Z');
  });
});

describe('renew and release', () => {
  it.each([
    { name: 'holder with current version', lease: active, agent: 'a1', version: 3, code: null },
    { name: 'stale version', lease: active, agent: 'a1', version: 2, code: 'lease_version_mismatch' },
    { name: 'another agent', lease: active, agent: 'a2', version: 3, code: 'not_claimed_by_you' },
    { name: 'expired lease', lease: expired, agent: 'a1', version: 3, code: 'lease_expired' },
    { name: 'no lease at all', lease: free, agent: 'a1', version: 0, code: 'not_claimed_by_you' },
  ])('$name', ({ lease, agent, version, code }) => {
    const renewed = decideRenew(lease, agent, version, now, 900);
    const released = decideRelease(lease, agent, version, now);
    if (code === null) {
      expect(renewed).toMatchObject({ ok: true, value: { leaseVersion: 4, leaseEpoch: 2, leaseExpiresAt: '2026-01-05T09:15:00.000Z' } });
      expect(released).toMatchObject({ ok: true, value: { claimedBy: null, leaseVersion: 4 } });
    } else {
      expect(renewed).toMatchObject({ ok: false, error: { code } });
      expect(released).toMatchObject({ ok: false, error: { code } });
    }
  });

  it('treats an expired lease as absent', () => {
    expect(isLeaseActive(active, now)).toBe(true);
    expect(isLeaseActive(expired, now)).toBe(false);
    expect(isLeaseActive(free, now)).toBe(false);
  });
});
