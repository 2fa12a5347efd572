import { describe, expect, it } from 'vitest';
import type { Gate } from '../../src/kernel/gate.js';
import { computeQuotaState } from '../../src/kernel/quota.js';
import { decideShouldRun, type BlockingGates, type ShouldRunInput, type WorkOnOffer } from '../../src/kernel/should-run.js';
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

const none = { first: [], total: 0, pending: 0, waitingOn: [] };

/** An offer whose counts fail the test if the decision asks for one the case does not need. */
function offer(fields: Partial<{ monitor: Todo | null; next: Todo | null; held: number; blocking: BlockingGates; waiting: number; quietMonitorTurns: number }> = {}): WorkOnOffer {
  const asked = (name: string, value: number | BlockingGates | undefined) => () => {
    if (value === undefined) throw new Error(`the decision asked for ${name}, which this case does not need`);
    return value as never;
  };
  return { monitor: fields.monitor ?? null, next: fields.next ?? null, held: asked('held', fields.held), blocking: asked('blocking', fields.blocking), waiting: asked('waiting', fields.waiting), quietMonitorTurns: asked('quietMonitorTurns', fields.quietMonitorTurns) };
}

function input(fields: Partial<ShouldRunInput>): ShouldRunInput {
  return { goal: { id: 'demo', status: 'active' }, agentId: 'a1', quota: eligible, offer: offer(), ...fields };
}

const blockedBy = (...gates: ReturnType<typeof gate>[]): BlockingGates => ({ first: gates, total: gates.length, pending: gates.filter((g) => g.gate.state === 'pending').length, waitingOn: ['ana'] });
const dueMonitor = todo('mon', { taskClass: 'monitor' });

describe('decideShouldRun: each mode', () => {
  it.each([
    { mode: 'paused', work: false, notify: false, selected: null, input: input({ goal: { id: 'demo', status: 'stopped' }, offer: offer({ next: todo('t1') }) }) },
    { mode: 'completed', work: false, notify: false, selected: null, input: input({ goal: { id: 'demo', status: 'completed' }, quota: throttled }) },
    { mode: 'throttled', work: false, notify: false, selected: null, input: input({ quota: throttled, offer: offer({ next: todo('t1') }) }) },
    { mode: 'monitor_due', work: true, notify: false, selected: 'mon', input: input({ offer: offer({ monitor: dueMonitor, next: todo('t1'), quietMonitorTurns: 0 }) }) },
    { mode: 'gate_wait', work: false, notify: true, selected: null, input: input({ offer: offer({ blocking: blockedBy(gate('g1', { todoIds: ['t1'] })) }) }) },
    { mode: 'scoped_fallback', work: true, notify: true, selected: 't2', input: input({ offer: offer({ next: todo('t2'), held: 1, blocking: blockedBy(gate('g1', { todoIds: ['t1'] })) }) }) },
    { mode: 'deliver', work: true, notify: false, selected: 't1', input: input({ offer: offer({ next: todo('t1'), held: 0 }) }) },
    { mode: 'replan', work: true, notify: false, selected: null, input: input({ offer: offer({ blocking: none, waiting: 0 }) }) },
    { mode: 'idle', work: false, notify: false, selected: null, input: input({ offer: offer({ blocking: none, waiting: 1 }) }) },
  ])('$mode', ({ input: given, mode, work, notify, selected }) => {
    const d = decideShouldRun(given);
    expect({ mode: d.mode, work: d.work, notify: d.notify, selected: d.selectedTodo?.id ?? null }).toEqual({ mode, work, notify, selected });
    expect(d.reason.length).toBeGreaterThan(10);
  });
});

describe('decideShouldRun: precedence and what it reports', () => {
  it.each([
    { name: 'a paused goal with a due monitor is paused', input: input({ goal: { id: 'demo', status: 'stopped' }, offer: offer({ monitor: dueMonitor }) }), mode: 'paused' },
    { name: 'a throttled goal with a due monitor is throttled', input: input({ quota: throttled, offer: offer({ monitor: dueMonitor }) }), mode: 'throttled' },
    { name: 'a due monitor runs before a gate wait', input: input({ offer: offer({ monitor: dueMonitor, blocking: blockedBy(gate('g1', { global: true })) }) }), mode: 'monitor_due' },
  ])('$name', ({ input: given, mode }) => {
    expect(decideShouldRun(given).mode).toBe(mode);
  });

  it('a snoozed gate holds work back without asking anyone', () => {
    const d = decideShouldRun(input({ offer: offer({ blocking: blockedBy(gate('g1', { todoIds: ['t1'] }, 'deferred')) }) }));
    expect(d).toMatchObject({ mode: 'gate_wait', notify: false, blockingGatesTotal: 1 });
  });

  it('a fallback names how many todos wait and on whom, and reports every blocking gate', () => {
    const blocking = { ...blockedBy(gate('g1', { todoIds: ['t1'] })), total: 7, waitingOn: ['ana', 'bo'] };
    const d = decideShouldRun(input({ offer: offer({ next: todo('t2', { priority: 'P3' }), held: 3, blocking }) }));
    expect(d).toMatchObject({ mode: 'scoped_fallback', work: true, notify: true, selectedTodo: { id: 't2' }, blockingGatesTotal: 7 });
    expect(d.reason).toContain("3 todo(s) wait on ana, bo's decision");
    expect(d.blockingGates.map((g) => g.gate.id)).toEqual(['g1']);
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
