import { describe, expect, it } from 'vitest';
import { decideFromChat } from '../../../src/app/chat-decisions.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { askGate } from '../../../src/app/gates.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { recordingJobs } from '../../jobs/job-fixture.js';
import { startExpiryTimer, type TimerPort } from '../../../src/app/gates/expiry-timer.js';
import { addMember } from '../../../src/app/goals.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { listEvents } from '../../../src/store/events.js';
import { findTodo } from '../../../src/store/todos.js';
import { asAgent, operator, unwrap } from '../../helpers/test-app.js';
import { asPerson, gateApp } from '../gate-fixture.js';

// Issue 12 item 3: expiry is decided by the clock at the moment of the decision, and fires at its due time.

describe('a decision after expires_at', () => {
  it('is refused 409 gate_expired and applies on_expire (deny) in the same transaction', async () => {
    const { deps, clock, todoA } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { todoIds: [todoA] }, expiresInSeconds: 60, onExpire: 'deny' })).gate;
    clock.advance(65_000);
    const late = decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli' });
    expect(late.ok ? 'ok' : late.error.code).toBe('gate_expired');
    expect(late.ok ? '' : late.error.message).toBe('This request expired at 17:01 on Monday 5 January 2026 (Asia/Shanghai); nothing changed.');
    expect(findGate(deps.store, gate.id)).toMatchObject({ state: 'expired', decision: { by: 'system', outcome: 'expired' } });
    expect(findTodo(deps.store, todoA)?.status).toBe('blocked');
    const types = listEvents(deps.store).map((e) => e.type);
    expect(types.filter((t) => t === 'gate.decided')).toHaveLength(1);
    expect(types).toContain('gate.decision_refused');
    const again = decideGate(deps, asPerson('bo'), gate.id, { choice: 'reject', revision: 1, reason: 'no', via: 'cli' });
    expect(again.ok ? 'ok' : again.error.code).toBe('gate_expired');
  });

  it('cancels an on_expire cancel gate, and a button says when it expired in the clicker\'s timezone', async () => {
    const { deps, clock } = await gateApp();
    unwrap(addPerson(deps, operator, { id: 'eve', name: 'Eve', timezone: 'America/New_York' }));
    unwrap(addMember(deps, operator, 'demo', 'eve', 'approver'));
    unwrap(linkPerson(deps, operator, 'eve', 'slack', 'T1:U2'));
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 3600, onExpire: 'cancel' })).gate;
    clock.advance(2 * 3600_000);
    const reply = decideFromChat(deps, { surface: 'slack', externalId: 'T1:U2' }, { gateId: gate.id, revision: 1, choice: 'approve' });
    expect(reply).toMatchObject({ ok: false, code: 'gate_expired', text: 'This request expired at 2026-01-05 05:00 (America/New_York); nothing changed.' });
    expect(findGate(deps.store, gate.id)?.state).toBe('cancelled');
  });

  it('still accepts a decision on a keep_waiting gate past its expiry (it keeps waiting, escalated)', async () => {
    const { deps, clock } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 60 })).gate;
    clock.advance(120_000);
    expect(unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli' })).gate.state).toBe('approved');
  });

  it('accepts a decision one millisecond before expiry', async () => {
    const { deps, clock } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 60, onExpire: 'deny' })).gate;
    clock.advance(59_999);
    expect(unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli' })).gate.state).toBe('approved');
  });
});

/** A timer port the test fires by hand after stepping the clock. */
function manualTimer() {
  const armed: { fn: () => void; delay: number }[] = [];
  const port: TimerPort = {
    set: (fn, delay) => {
      const entry = { fn, delay };
      armed.push(entry);
      return entry;
    },
    clear: (handle) => {
      const i = armed.indexOf(handle as (typeof armed)[number]);
      if (i >= 0) armed.splice(i, 1);
    },
  };
  return { port, armed };
}

describe('the expiry timer', () => {
  it('arms for the next due expiry, re-arms after every commit, and fires at the due time', async () => {
    const { deps, clock } = await gateApp();
    const { port, armed } = manualTimer();
    const timer = startExpiryTimer(deps, port);
    expect(armed).toHaveLength(0);
    const late = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Later?', blocks: { agent: 'a1' }, expiresInSeconds: 600, onExpire: 'deny' })).gate;
    expect(armed.map((a) => a.delay)).toEqual([600_000]);
    const soon = unwrap(askGate(deps, asAgent('a2'), 'demo', { question: 'Sooner?', blocks: { agent: 'a2' }, expiresInSeconds: 60, onExpire: 'cancel' })).gate;
    expect(armed.map((a) => a.delay)).toEqual([60_000]);
    clock.advance(60_000);
    armed[0]?.fn();
    expect(findGate(deps.store, soon.id)?.state).toBe('cancelled');
    expect(findGate(deps.store, late.id)?.state).toBe('pending');
    expect(armed.map((a) => a.delay)).toEqual([540_000]);
    timer.stop();
    expect(armed).toHaveLength(0);
  });

  it('catches up at start: a gate that expired while the server was down expires at once', async () => {
    const { deps, clock } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 60, onExpire: 'deny' })).gate;
    clock.advance(3600_000);
    const { port } = manualTimer();
    const timer = startExpiryTimer(deps, port);
    expect(findGate(deps.store, gate.id)?.state).toBe('expired');
    timer.stop();
  });

  it('wakes a deferred gate at its time', async () => {
    const { deps, clock } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' } })).gate;
    const { port, armed } = manualTimer();
    const timer = startExpiryTimer(deps, port);
    unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'defer', revision: 1, until: new Date(clock.now().getTime() + 7200_000).toISOString(), via: 'cli' }));
    expect(armed.map((a) => a.delay)).toEqual([7200_000]);
    clock.advance(7200_000);
    armed[0]?.fn();
    expect(findGate(deps.store, gate.id)?.state).toBe('pending');
    timer.stop();
  });
});

describe('the heartbeat after the timer', () => {
  it('still reports, once, a gate the timer (or a late click) expired since the last heartbeat', async () => {
    const { deps, clock } = await gateApp();
    const { jobs } = recordingJobs({ deps, clock });
    unwrap(runHeartbeat(jobs, 'demo', manualSlot(clock.now())));
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 60, onExpire: 'deny' })).gate;
    clock.advance(60_000);
    const timer = startExpiryTimer(deps, manualTimer().port);
    timer.stop();
    expect(findGate(deps.store, gate.id)?.state).toBe('expired');
    clock.advance(3_600_000);
    const run = unwrap(runHeartbeat(jobs, 'demo', manualSlot(clock.now())));
    expect(run.view?.expiredGates).toEqual([{ gateId: gate.id, question: 'Publish?', onExpire: 'deny' }]);
    clock.advance(3_600_000);
    expect(unwrap(runHeartbeat(jobs, 'demo', manualSlot(clock.now()))).view?.expiredGates ?? []).toEqual([]);
  });
});
