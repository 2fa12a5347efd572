import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { quotaState } from '../../src/app/queries/quota.js';
import { setQuotaPolicy } from '../../src/app/quota.js';
import { shouldRun } from '../../src/app/should-run.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { gateApp } from './gate-fixture.js';

// The allowance can never be passed (issue 12 #4): a spend needs a turn that should-run granted, at most once per
// turn, and only while the window has room. Evidence is never dropped: an ungranted turn's evidence is stored as an
// observation, and the answer says so.

const progress = (turnId: string) => ({ goalId: 'demo', turnId, kind: 'test' as const, summary: 'tests pass', deliveryOutcome: 'outcome_progress' as const });

describe('spending needs a granted turn', () => {
  let server: TestServer;
  afterEach(async () => server?.close());

  it('two writebacks on turns nobody granted spend nothing and say so, with allowed_slots 1', async () => {
    const app = await gateApp();
    unwrap(setQuotaPolicy(app.deps, operator, 'demo', { allowedSlots: 1, windowHours: 24 }));
    server = await startTestServer(app.deps);
    const body = (turn: string) => ({ goal_id: 'demo', kind: 'test', summary: 'tests pass', delivery_outcome: 'outcome_progress', turn_id: turn });
    for (const turn of ['t-1', 't-2']) {
      const res = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: body(turn) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ spent: null, unaccounted_turn: true, unaccounted_reason: 'turn_not_granted', evidence: { turn_id: turn } });
    }
    expect(quotaState(app.deps.store, 'demo', app.clock.now())).toMatchObject({ spent: 0, state: 'eligible' });
    const granted = await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a1, body: { turn_id: 't-3' } });
    expect(granted.body.mode).toBe('deliver');
    const spent = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: body('t-3') });
    expect(spent.body).toMatchObject({ spent: { slots: 1 } });
    expect(spent.body.unaccounted_turn).toBeUndefined();
    const throttled = await call(server.url, 'POST', '/v1/goals/demo/should-run', { token: app.tokens.a1, body: { turn_id: 't-4' } });
    expect(throttled.body).toMatchObject({ mode: 'throttled', work: false });
    const refusedTurn = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: body('t-4') });
    expect(refusedTurn.body).toMatchObject({ spent: null, unaccounted_turn: true, unaccounted_reason: 'turn_not_granted' });
    expect(quotaState(app.deps.store, 'demo', app.clock.now())).toMatchObject({ spent: 1, allowed: 1 });
  });

  it('two turns granted at once with one slot left: the second writeback finds the window full and spends nothing', async () => {
    const { deps, clock } = await gateApp();
    unwrap(setQuotaPolicy(deps, operator, 'demo', { allowedSlots: 1, windowHours: 24 }));
    unwrap(shouldRun(deps, asAgent('a1'), 'demo', 't-1'));
    unwrap(shouldRun(deps, asAgent('a2'), 'demo', 't-2'));
    unwrap(addEvidence(deps, asAgent('a1'), progress('t-1')));
    unwrap(addEvidence(deps, asAgent('a2'), progress('t-2')));
    expect(quotaState(deps.store, 'demo', clock.now())).toMatchObject({ spent: 1, allowed: 1 });
  });

  it('evidence with an accountable outcome but no turn id is an observation too', async () => {
    const app = await gateApp();
    server = await startTestServer(app.deps);
    const res = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: { goal_id: 'demo', kind: 'test', summary: 'x', delivery_outcome: 'outcome_progress' } });
    expect(res.body).toMatchObject({ spent: null, unaccounted_turn: true, unaccounted_reason: 'no_turn' });
    const plain = await call(server.url, 'POST', '/v1/evidence', { token: app.tokens.a1, body: { goal_id: 'demo', kind: 'note', summary: 'surface only', delivery_outcome: 'surface_only', turn_id: 't-9' } });
    expect(plain.body.spent).toBeUndefined();
    expect(plain.body.unaccounted_turn).toBeUndefined();
  });
});

describe('the allowance holds under any interleaving', () => {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  beforeEach(() => {
    seed = 12345;
  });

  it('300 random should-run / writeback / clock steps never spend beyond allowed_slots', async () => {
    const { deps, clock } = await gateApp();
    unwrap(setQuotaPolicy(deps, operator, 'demo', { allowedSlots: 3, windowHours: 1 }));
    const agents = ['a1', 'a2'];
    let maxSpent = 0;
    for (let step = 0; step < 300; step++) {
      const agent = agents[Math.floor(random() * agents.length)] ?? 'a1';
      const turn = `t-${Math.floor(random() * 40)}`;
      const roll = random();
      if (roll < 0.35) unwrap(shouldRun(deps, asAgent(agent), 'demo', turn));
      else if (roll < 0.9) unwrap(addEvidence(deps, asAgent(agent), progress(turn)));
      else clock.advance(Math.floor(random() * 30) * 60_000);
      const state = quotaState(deps.store, 'demo', clock.now());
      maxSpent = Math.max(maxSpent, state.spent);
      expect(state.spent).toBeLessThanOrEqual(state.allowed);
    }
    expect(maxSpent).toBe(3);
  });
});
