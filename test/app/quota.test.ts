import { describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { askGate } from '../../src/app/gates.js';
import { quotaState, slotsSpentBy, usageByAgent } from '../../src/app/queries/quota.js';
import { setQuotaPolicy, voidSpend } from '../../src/app/quota.js';
import { shouldRun } from '../../src/app/should-run.js';
import { completeTodo } from '../../src/app/todos.js';
import { claimTodo } from '../../src/app/leases.js';
import { transitionGoal } from '../../src/app/goals.js';
import { selectQuotaRows } from '../../src/store/quota.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { gateApp } from './gate-fixture.js';

const progress = (turnId: string) => ({ goalId: 'demo', turnId, kind: 'test' as const, summary: 'tests pass', deliveryOutcome: 'outcome_progress' as const });

describe('quota spend', () => {
  it('spends exactly once per turn: a retried writeback spends nothing more', async () => {
    const { deps, clock } = await gateApp();
    for (const turn of ['t-1', 't-2']) unwrap(shouldRun(deps, asAgent('a1'), 'demo', turn));
    const first = unwrap(addEvidence(deps, asAgent('a1'), progress('t-1')));
    const retry = unwrap(addEvidence(deps, asAgent('a1'), progress('t-1')));
    const keyed = unwrap(addEvidence(deps, asAgent('a1', 'k-1'), progress('t-2')));
    const keyedRetry = unwrap(addEvidence(deps, asAgent('a1', 'k-1'), progress('t-2')));
    expect([slotsSpentBy(deps.store, first.id), slotsSpentBy(deps.store, retry.id), slotsSpentBy(deps.store, keyed.id)]).toEqual([1, 0, 1]);
    expect(keyedRetry.id).toBe(keyed.id);
    expect(quotaState(deps.store, 'demo', clock.now()).spent).toBe(2);
  });

  it.each([
    { name: 'a surface-only writeback', input: { ...progress('t-1'), deliveryOutcome: 'surface_only' as const }, who: asAgent('a1') },
    { name: 'an outcome gap', input: { ...progress('t-1'), deliveryOutcome: 'outcome_gap' as const }, who: asAgent('a1') },
    { name: 'evidence without a turn id', input: { ...progress('t-1'), turnId: undefined }, who: asAgent('a1') },
    { name: 'an operator note', input: progress('t-1'), who: operator },
  ])('spends nothing for $name', async ({ input, who }) => {
    const { deps, clock } = await gateApp();
    unwrap(addEvidence(deps, who, input));
    expect(quotaState(deps.store, 'demo', clock.now()).spent).toBe(0);
  });

  it('spends nothing for asking a gate, asking should-run, or a refused writeback', async () => {
    const { deps, clock, todoA } = await gateApp();
    unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-1'));
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I?', blocks: { todoIds: [todoA] } }));
    const refused = addEvidence(deps, asAgent('a1'), { ...progress('t-1'), summary: 'token xoxb-1234567890-abcdefghij' });
    expect(refused.ok).toBe(false);
    unwrap(transitionGoal(deps, operator, 'demo', 'stop'));
    expect(addEvidence(deps, asAgent('a1'), progress('t-1')).ok).toBe(false);
    expect(quotaState(deps.store, 'demo', clock.now())).toMatchObject({ spent: 0, state: 'paused' });
  });

  it('spends once when the writeback is the completion evidence, in the same transaction', async () => {
    const { deps, clock, todoB } = await gateApp();
    unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-9'));
    const lease = unwrap(claimTodo(deps, asAgent('a1'), todoB));
    const done = unwrap(completeTodo(deps, asAgent('a1'), todoB, { leaseVersion: lease.todo.leaseVersion, successors: [], noFollowup: 'shipped', evidence: { turnId: 't-9', kind: 'pr', summary: 'merged', deliveryOutcome: 'primary_goal_outcome' } }));
    expect(slotsSpentBy(deps.store, done.evidence?.id ?? '')).toBe(1);
    expect(quotaState(deps.store, 'demo', clock.now()).spent).toBe(1);
  });

  it('throttles should-run until next_eligible_at, then lets the agent run again', async () => {
    const { deps, clock } = await gateApp();
    unwrap(setQuotaPolicy(deps, operator, 'demo', { allowedSlots: 2, windowHours: 1 }));
    unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-1'));
    unwrap(addEvidence(deps, asAgent('a1'), progress('t-1')));
    clock.advance(10 * 60_000);
    unwrap(shouldRun(deps, asAgent('a2'), 'demo', 't-2'));
    unwrap(addEvidence(deps, asAgent('a2'), progress('t-2')));
    const packet = unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-3'));
    expect(packet).toMatchObject({ mode: 'throttled', work: false, quota: { state: 'throttled', spent: 2, allowed: 2, next_eligible_at: '2026-01-05T10:00:00.000Z' } });
    clock.set('2026-01-05T10:00:00.000Z');
    expect(unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-4')).mode).toBe('deliver');
  });

  it('voids a spend with an appended correction, once', async () => {
    const { deps, clock } = await gateApp();
    unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-1'));
    const ev = unwrap(addEvidence(deps, asAgent('a1'), progress('t-1')));
    const spend = selectQuotaRows(deps.store, 'demo').find((r) => r.evidence_id === ev.id);
    unwrap(voidSpend(deps, operator, spend?.id ?? '', 'double counted by a bug'));
    expect(quotaState(deps.store, 'demo', clock.now()).spent).toBe(0);
    expect(selectQuotaRows(deps.store, 'demo').map((r) => r.kind)).toEqual(['void', 'spend']);
    const again = voidSpend(deps, operator, spend?.id ?? '', 'again');
    expect(again.ok ? 'ok' : again.error.code).toBe('already_exists');
    const byAgent = voidSpend(deps, asAgent('a1'), spend?.id ?? '', 'mine');
    expect(byAgent.ok ? 'ok' : byAgent.error.code).toBe('forbidden');
  });

  it('sums reported usage per agent', async () => {
    const { deps } = await gateApp();
    unwrap(addEvidence(deps, asAgent('a1'), { ...progress('t-1'), usage: { tokensIn: 100, tokensOut: 20, costUsd: 0.5 } }));
    unwrap(addEvidence(deps, asAgent('a1'), { ...progress('t-2'), usage: { tokensIn: 50, costUsd: 0.25 } }));
    unwrap(addEvidence(deps, asAgent('a2'), { ...progress('t-3'), usage: { tokensOut: 7 } }));
    expect(usageByAgent(deps.store, 'demo')).toEqual([
      { agentId: 'a1', tokensIn: 150, tokensOut: 20, costUsd: 0.75, evidence: 2 },
      { agentId: 'a2', tokensIn: 0, tokensOut: 7, costUsd: 0, evidence: 1 },
    ]);
  });
});
