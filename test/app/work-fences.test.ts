import { describe, expect, it } from 'vitest';
import { decideGate } from '../../src/app/gate-decisions.js';
import { askGate } from '../../src/app/gates.js';
import { claimTodo, releaseLease } from '../../src/app/leases.js';
import { addTodo, blockTodo, completeTodo, deferTodo, editTodo, reopenTodo, supersedeTodo } from '../../src/app/todos.js';
import { listEvents } from '../../src/store/events.js';
import { findTodo } from '../../src/store/todos.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { asPerson, gateApp } from './gate-fixture.js';

// The fences around work: what a pending gate, a rejection or another agent's lease holds, nobody runs by accident.

describe('a pending gate fences the todos it blocks (issue 12 #2)', () => {
  it('refuses claim and complete of a listed todo with gate_pending naming the gate and who it waits on', async () => {
    const { deps, todoA, todoB } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [todoA] } })).gate;
    const claim = claimTodo(deps, asAgent('a1'), todoA);
    expect(claim).toMatchObject({ ok: false, error: { code: 'gate_pending', details: { gate_id: gate.id, waiting_on: ['ana', 'bo'] } } });
    expect(!claim.ok && claim.error.message).toContain('May I publish?');
    const complete = completeTodo(deps, asAgent('a1'), todoA, { successors: [], noFollowup: 'did it' });
    expect(complete).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    expect(findTodo(deps.store, todoA)?.status).toBe('open');
    // The scoped fallback: what the gate does not name keeps moving.
    unwrap(claimTodo(deps, asAgent('a1'), todoB));
    unwrap(completeTodo(deps, asAgent('a1'), todoB, { successors: [], noFollowup: 'done' }));
  });

  it('refuses completing (and superseding) a todo claimed before the gate was asked', async () => {
    const { deps, todoA } = await gateApp();
    unwrap(claimTodo(deps, asAgent('a1'), todoA));
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [todoA] } }));
    expect(completeTodo(deps, asAgent('a1'), todoA, { successors: [{ text: 'Announce it' }] })).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    expect(supersedeTodo(deps, asAgent('a1'), todoA, { text: 'Publish a shorter post' })).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    expect(findTodo(deps.store, todoA)?.status).toBe('open');
  });

  it('a gate on an agent holds that agent`s claims, not another agent`s', async () => {
    const { deps, todoA, todoB } = await gateApp();
    unwrap(claimTodo(deps, asAgent('a1'), todoA));
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I keep going?', blocks: { agent: 'a1' } }));
    expect(completeTodo(deps, asAgent('a1'), todoA, { successors: [], noFollowup: 'x' })).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    expect(claimTodo(deps, asAgent('a1'), todoB)).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    unwrap(claimTodo(deps, asAgent('a2'), todoB));
  });

  it('a global gate holds every todo; an approval lifts the fence', async () => {
    const { deps, todoA } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Freeze everything?', blocks: { global: true } })).gate;
    expect(claimTodo(deps, asAgent('a2'), todoA)).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: gate.revision, via: 'cli' }));
    unwrap(claimTodo(deps, asAgent('a2'), todoA));
  });

  it('an operator may force past the gate, and the ledger says so', async () => {
    const { deps, todoA } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [todoA] } })).gate;
    expect(completeTodo(deps, operator, todoA, { successors: [], noFollowup: 'done by hand' })).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
    unwrap(completeTodo(deps, operator, todoA, { successors: [], noFollowup: 'done by hand', force: true }));
    const completed = listEvents(deps.store, { goalId: 'demo' }).find((e) => e.type === 'todo.completed');
    expect(JSON.parse(String(completed?.payload))).toMatchObject({ forced_past_gates: [gate.id] });
    // Agents cannot force.
    const todoC = unwrap(addTodo(deps, operator, 'demo', { text: 'Tweet it' })).todo.id;
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I tweet?', blocks: { todoIds: [todoC] } }));
    expect(completeTodo(deps, asAgent('a1'), todoC, { successors: [], noFollowup: 'x', force: true })).toMatchObject({ ok: false, error: { code: 'gate_pending' } });
  });
});

describe('a rejection stops the work (issue 12 #12)', () => {
  it('a todo blocked by a rejection is neither claimable nor completable by an agent until a person reopens it', async () => {
    const { deps, todoA } = await gateApp();
    unwrap(claimTodo(deps, asAgent('a1'), todoA));
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [todoA] } })).gate;
    unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'reject', revision: gate.revision, reason: 'no', via: 'cli' }));
    expect(findTodo(deps.store, todoA)?.status).toBe('blocked');
    expect(claimTodo(deps, asAgent('a2'), todoA)).toMatchObject({ ok: false, error: { code: 'todo_blocked' } });
    expect(completeTodo(deps, asAgent('a1'), todoA, { successors: [], noFollowup: 'did it anyway' })).toMatchObject({ ok: false, error: { code: 'todo_blocked' } });
    expect(reopenTodo(deps, asAgent('a1'), todoA)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(findTodo(deps.store, todoA)?.status).toBe('blocked');
    unwrap(reopenTodo(deps, operator, todoA));
    unwrap(claimTodo(deps, asAgent('a1'), todoA));
  });

  it('an agent that blocks its own todo cannot then complete it', async () => {
    const { deps, todoB } = await gateApp();
    const claimed = unwrap(claimTodo(deps, asAgent('a1'), todoB)).todo;
    unwrap(blockTodo(deps, asAgent('a1'), todoB, 'needs credentials'));
    expect(completeTodo(deps, asAgent('a1'), todoB, { successors: [], noFollowup: 'x', leaseVersion: claimed.leaseVersion })).toMatchObject({ ok: false, error: { code: 'todo_blocked' } });
    // Giving the lease back stays possible.
    unwrap(releaseLease(deps, asAgent('a1'), todoB, claimed.leaseVersion));
  });
});

describe('only the lease holder (or an operator) changes a leased todo (issue 12 #5)', () => {
  it.each([
    { name: 'block', change: (deps: Parameters<typeof blockTodo>[0], id: string) => blockTodo(deps, asAgent('a2'), id, 'mine now') },
    { name: 'defer', change: (deps: Parameters<typeof blockTodo>[0], id: string) => deferTodo(deps, asAgent('a2'), id, '2030-01-01T00:00:00Z') },
    { name: 'edit', change: (deps: Parameters<typeof blockTodo>[0], id: string) => editTodo(deps, asAgent('a2'), id, { priority: 'P4' }) },
    { name: 'supersede', change: (deps: Parameters<typeof blockTodo>[0], id: string) => supersedeTodo(deps, asAgent('a2'), id, { text: 'Something else' }) },
  ])('refuses $name by another agent with not_claimed_by_you', async ({ change }) => {
    const { deps, todoB } = await gateApp();
    unwrap(claimTodo(deps, asAgent('a1'), todoB));
    expect(change(deps, todoB)).toMatchObject({ ok: false, error: { code: 'not_claimed_by_you', details: { holder: 'a1' } } });
    expect(findTodo(deps.store, todoB)).toMatchObject({ status: 'open', priority: 'P2', claimedBy: 'a1' });
    unwrap(blockTodo(deps, asAgent('a1'), todoB, 'waiting on creds'));
    unwrap(reopenTodo(deps, operator, todoB));
    unwrap(blockTodo(deps, operator, todoB, 'an operator may'));
  });
});
