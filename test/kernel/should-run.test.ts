import { describe, expect, it } from 'vitest';
import type { Gate } from '../../src/kernel/gate.js';
import { computeQuotaState } from '../../src/kernel/quota.js';
import { decideShouldRun, isResumeReady, type ShouldRunInput } from '../../src/kernel/should-run.js';
import type { Todo } from '../../src/kernel/todo.js';

const now = new Date('2026-01-05T09:00:00Z');
const eligible = computeQuotaState({ allowedSlots: 10, windowHours: 24 }, [], false, now);
const throttled = computeQuotaState({ allowedSlots: 1, windowHours: 24 }, ['2026-01-05T08:00:00Z'], false, now);

function todo(id: string, fields: Partial<Todo> = {}): Todo {
  return {
    id, goalId: 'demo', text: `do ${id}`, role: 'agent', taskClass: 'advancement', priority: 'P2', status: 'open', actionKind: null,
    createdAt: `2026-01-05T0${id.length % 9}:00:00Z`, claimedBy: null, leaseExpiresAt: null, leaseVersion: 0, leaseEpoch: 0, leaseStartedAt: null,
    blockedReason: null, resumeWhen: null, predecessorId: null, supersededBy: null, noFollowup: null, completedAt: null, completedBy: null, revision: 1, updatedAt: '2026-01-05T08:00:00Z',
    ...fields,
  };
}

function gate(id: string, blocks: Partial<Gate['blocks']>, state: Gate['state'] = 'pending') {
  const g: Gate = {
    id, goalId: 'demo', question: `May I ${id}?`, context: null, options: [], risk: 'normal', requestedBy: 'agent:a1',
    blocks: { agent: null, todoIds: [], global: false, ...blocks }, decisionScope: null, policy: { approvers: null, quorum: 1, allowSelfApproval: false },
    state, revision: 1, expiresAt: null, onExpire: 'keep_waiting', deferredUntil: null, escalation: null, grantId: null, decision: null, votes: [], createdAt: '2026-01-05T08:00:00Z', updatedAt: '2026-01-05T08:00:00Z',
  };
  return { gate: g, waitingOn: ['ana'] };
}

function input(fields: Partial<ShouldRunInput>): ShouldRunInput {
  return { goal: { id: 'demo', status: 'active' }, agentId: 'a1', now, quota: eligible, todos: [], openGates: [], doneTodoIds: new Set(), approvedGateIds: new Set(), ...fields };
}

const dueMonitor = todo('mon', { taskClass: 'monitor' });
const futureMonitor = todo('mon2', { taskClass: 'monitor', status: 'deferred', resumeWhen: '2026-01-05T10:00:00Z' });

describe('decideShouldRun: each mode', () => {
  it.each([
    { mode: 'paused', work: false, notify: false, selected: null, input: input({ goal: { id: 'demo', status: 'stopped' }, todos: [todo('t1')] }) },
    { mode: 'completed', work: false, notify: false, selected: null, input: input({ goal: { id: 'demo', status: 'completed' }, quota: throttled }) },
    { mode: 'throttled', work: false, notify: false, selected: null, input: input({ quota: throttled, todos: [todo('t1')] }) },
    { mode: 'monitor_due', work: true, notify: false, selected: 'mon', input: input({ todos: [todo('t1'), dueMonitor] }) },
    { mode: 'gate_wait', work: false, notify: true, selected: null, input: input({ todos: [todo('t1')], openGates: [gate('g1', { todoIds: ['t1'] })] }) },
    { mode: 'scoped_fallback', work: true, notify: true, selected: 't2', input: input({ todos: [todo('t1', { priority: 'P0' }), todo('t2')], openGates: [gate('g1', { todoIds: ['t1'] })] }) },
    { mode: 'deliver', work: true, notify: false, selected: 't1', input: input({ todos: [todo('t1')] }) },
    { mode: 'replan', work: true, notify: false, selected: null, input: input({ todos: [todo('t1', { status: 'blocked' })] }) },
    { mode: 'idle', work: false, notify: false, selected: null, input: input({ todos: [futureMonitor] }) },
  ])('$mode', ({ input: given, mode, work, notify, selected }) => {
    const d = decideShouldRun(given);
    expect({ mode: d.mode, work: d.work, notify: d.notify, selected: d.selectedTodo?.id ?? null }).toEqual({ mode, work, notify, selected });
    expect(d.reason.length).toBeGreaterThan(10);
  });
});

describe('decideShouldRun: precedence conflicts', () => {
  it.each([
    { name: 'a paused goal with a due monitor is paused', input: input({ goal: { id: 'demo', status: 'stopped' }, todos: [dueMonitor] }), mode: 'paused' },
    { name: 'a throttled goal with a due monitor is throttled', input: input({ quota: throttled, todos: [dueMonitor] }), mode: 'throttled' },
    { name: 'a gate on agent A does not stop agent B', input: input({ agentId: 'b1', todos: [todo('t1')], openGates: [gate('g1', { agent: 'a1' })] }), mode: 'deliver' },
    { name: 'a gate on agent A stops agent A', input: input({ todos: [todo('t1')], openGates: [gate('g1', { agent: 'a1' })] }), mode: 'gate_wait' },
    { name: 'a global gate stops everyone, even with no todos left', input: input({ agentId: 'b1', openGates: [gate('g1', { global: true })] }), mode: 'gate_wait' },
    { name: 'a due monitor runs before a gate wait', input: input({ todos: [todo('t1'), dueMonitor], openGates: [gate('g1', { todoIds: ['t1'] })] }), mode: 'monitor_due' },
    { name: 'a todo leased by another agent is not taken', input: input({ todos: [todo('t1', { claimedBy: 'a2', leaseExpiresAt: '2026-01-05T10:00:00Z', leaseVersion: 1 })] }), mode: 'idle' },
    { name: 'a deferred todo whose time came is delivered', input: input({ todos: [todo('t1', { status: 'deferred', resumeWhen: '2026-01-05T08:00:00Z' })] }), mode: 'deliver' },
    { name: 'a snoozed gate still holds work back but does not notify', input: input({ todos: [todo('t1')], openGates: [gate('g1', { todoIds: ['t1'] }, 'deferred')] }), mode: 'gate_wait' },
  ])('$name', ({ input: given, mode }) => {
    expect(decideShouldRun(given).mode).toBe(mode);
  });

  it('a fallback is chosen when one todo is gated and another is not, with notify and work both true', () => {
    const d = decideShouldRun(input({ todos: [todo('t1', { priority: 'P0' }), todo('t2', { priority: 'P3' })], openGates: [gate('g1', { todoIds: ['t1'] })] }));
    expect(d).toMatchObject({ mode: 'scoped_fallback', work: true, notify: true, selectedTodo: { id: 't2' } });
    expect(d.blockingGates.map((g) => g.gate.id)).toEqual(['g1']);
  });

  it("prefers the agent's own claimed todo, then priority, then age", () => {
    const mine = todo('t3', { priority: 'P4', claimedBy: 'a1', leaseExpiresAt: '2026-01-05T10:00:00Z', leaseVersion: 1 });
    expect(decideShouldRun(input({ todos: [todo('t1', { priority: 'P0' }), mine] })).selectedTodo?.id).toBe('t3');
  });
});

describe('isResumeReady', () => {
  const ctx = { now, doneTodoIds: new Set(['t9']), approvedGateIds: new Set(['g9']) };
  it.each([
    ['todo_done:t9', true], ['todo_done:t8', false], ['gate:g9', true], ['gate:g8', false], ['2026-01-05T09:00:00Z', true], ['2026-01-05T09:00:01Z', false],
  ])('%s → %s', (when, expected) => {
    expect(isResumeReady(when, ctx)).toBe(expected);
  });
});

describe('computeQuotaState', () => {
  it('throttles at the allowance and frees a slot when the oldest counted spend leaves the window', () => {
    const spends = ['2026-01-04T10:00:00Z', '2026-01-05T01:00:00Z', '2026-01-05T02:00:00Z'];
    const q = computeQuotaState({ allowedSlots: 2, windowHours: 24 }, spends, false, now);
    expect(q).toEqual({ state: 'throttled', spent: 3, allowed: 2, windowHours: 24, nextEligibleAt: '2026-01-06T01:00:00.000Z' });
    expect(computeQuotaState({ allowedSlots: 2, windowHours: 24 }, spends, false, new Date('2026-01-06T01:00:00Z')).state).toBe('eligible');
    expect(computeQuotaState({ allowedSlots: 2, windowHours: 24 }, spends, true, now).state).toBe('paused');
  });
});
