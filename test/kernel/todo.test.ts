import { describe, expect, it } from 'vitest';
import { decideCompletion, type TodoState } from '../../src/kernel/todo.js';

const now = new Date('2026-01-05T09:00:00Z');
const base: TodoState = {
  id: 'todo_1',
  goalId: 'demo',
  status: 'open',
  role: 'agent',
  taskClass: 'advancement',
  priority: 'P2',
  actionKind: null,
  createdAt: '2026-01-05T08:00:00Z',
  claimedBy: null,
  leaseExpiresAt: null,
  leaseVersion: 0,
  leaseEpoch: 0,
  leaseStartedAt: null,
};
const leased: TodoState = { ...base, claimedBy: 'a1', leaseExpiresAt: '2026-01-05T09:30:00Z', leaseVersion: 1, leaseEpoch: 1, leaseStartedAt: '2026-01-05T08:45:00Z' };

describe('decideCompletion', () => {
  it.each([
    { name: 'successor given', todo: base, by: 'a1', successors: 1, reason: null, expected: 'changed' },
    { name: 'no_followup given', todo: base, by: 'a1', successors: 0, reason: 'shipped', expected: 'changed' },
    { name: 'neither successor nor reason', todo: base, by: 'a1', successors: 0, reason: null, expected: 'completion_requires_successor_or_no_followup' },
    { name: 'blank reason', todo: base, by: 'a1', successors: 0, reason: '   ', expected: 'completion_requires_successor_or_no_followup' },
    { name: 'user todo needs no successor', todo: { ...base, role: 'user' as const }, by: null, successors: 0, reason: null, expected: 'changed' },
    { name: 'already done', todo: { ...base, status: 'done' as const }, by: 'a1', successors: 0, reason: null, expected: 'unchanged' },
    { name: 'lease holder completes', todo: leased, by: 'a1', successors: 0, reason: 'done', expected: 'changed' },
    { name: 'another agent hits the completion fence', todo: leased, by: 'a2', successors: 0, reason: 'done', expected: 'not_claimed_by_you' },
    { name: 'operator hits the completion fence', todo: leased, by: null, successors: 0, reason: 'done', expected: 'not_claimed_by_you' },
    { name: 'expired lease lifts the fence', todo: { ...leased, leaseExpiresAt: '2026-01-05T08:59:00Z' }, by: 'a2', successors: 0, reason: 'done', expected: 'changed' },
    { name: 'superseded', todo: { ...base, status: 'superseded' as const }, by: 'a1', successors: 1, reason: null, expected: 'todo_not_open' },
  ])('$name → $expected', ({ todo, by, successors, reason, expected }) => {
    const result = decideCompletion(todo, { agentId: by }, { successors, noFollowup: reason }, now);
    if (expected === 'changed' || expected === 'unchanged') expect(result).toEqual({ ok: true, value: { changed: expected === 'changed' } });
    else expect(result).toMatchObject({ ok: false, error: { code: expected } });
  });

  it('refuses a stale lease version from the holder', () => {
    expect(decideCompletion(leased, { agentId: 'a1', leaseVersion: 0 }, { successors: 1, noFollowup: null }, now)).toMatchObject({ ok: false, error: { code: 'lease_version_mismatch' } });
  });
});

