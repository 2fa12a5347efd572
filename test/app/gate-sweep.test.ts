import { describe, expect, it } from 'vitest';
import { decideGate } from '../../src/app/gate-decisions.js';
import { sweepGates } from '../../src/app/gate-sweep.js';
import { askGate } from '../../src/app/gates.js';
import { findGate } from '../../src/app/queries/gates.js';
import { gateToWire } from '../../src/contract/gate-wire.js';
import { listEvents } from '../../src/store/events.js';
import { findTodo } from '../../src/store/todos.js';
import { asAgent, unwrap } from '../helpers/test-app.js';
import { asPerson, gateApp } from './gate-fixture.js';

const HOUR = 3600_000;

describe('sweepGates', () => {
  it('expires a deny gate as expired (never rejected) and keeps its todo blocked', async () => {
    const { deps, clock, todoA } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { todoIds: [todoA] }, expiresInSeconds: 3600, onExpire: 'deny' })).gate;
    expect(sweepGates(deps, 'demo', clock.now()).expired).toHaveLength(0);
    clock.advance(HOUR);
    const sweep = sweepGates(deps, 'demo', clock.now());
    expect(sweep.expired.map((g) => g.state)).toEqual(['expired']);
    const wire = gateToWire(findGate(deps.store, gate.id)!, clock.now());
    expect(wire).toMatchObject({ state: 'expired', expired: true, decision: { outcome: 'expired', by: 'system' } });
    expect(findTodo(deps.store, todoA)?.status).toBe('blocked');
  });

  it('cancels a cancel gate at expiry', async () => {
    const { deps, clock } = await gateApp();
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 60, onExpire: 'cancel' }));
    clock.advance(60_000);
    expect(sweepGates(deps, 'demo', clock.now()).expired.map((g) => g.state)).toEqual(['cancelled']);
  });

  it('escalates a keep_waiting gate to the approvers, then the owners, each step once', async () => {
    const { deps, clock } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, expiresInSeconds: 3600 })).gate;
    clock.advance(HOUR);
    expect(sweepGates(deps, 'demo', clock.now()).reminders).toEqual([{ gateId: gate.id, step: 'approvers', personIds: ['ana', 'bo'] }]);
    expect(sweepGates(deps, 'demo', clock.now()).reminders).toEqual([]);
    clock.advance(HOUR);
    expect(sweepGates(deps, 'demo', clock.now()).reminders).toEqual([{ gateId: gate.id, step: 'owners', personIds: ['ana'] }]);
    clock.advance(HOUR);
    expect(sweepGates(deps, 'demo', clock.now()).reminders).toEqual([]);
    expect(findGate(deps.store, gate.id)?.state).toBe('pending');
    expect(listEvents(deps.store).filter((e) => e.type === 'gate.escalated')).toHaveLength(2);
  });

  it('wakes a deferred gate back to pending at its time', async () => {
    const { deps, clock } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' } })).gate;
    unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'defer', revision: 1, until: new Date(clock.now().getTime() + HOUR).toISOString(), via: 'slack' }));
    sweepGates(deps, 'demo', clock.now());
    expect(findGate(deps.store, gate.id)?.state).toBe('deferred');
    clock.advance(HOUR);
    sweepGates(deps, 'demo', clock.now());
    expect(findGate(deps.store, gate.id)).toMatchObject({ state: 'pending', decision: null });
  });
});
