import { describe, expect, it } from 'vitest';
import { decideGate } from '../../src/app/gate-decisions.js';
import { amendGate, askGate, cancelGate } from '../../src/app/gates.js';
import { approversOf, findGate, listGrants, pendingGatesFor } from '../../src/app/queries/gates.js';
import { goalStatus } from '../../src/app/queries/goal-status.js';
import { listEvents } from '../../src/store/events.js';
import { findTodo } from '../../src/store/todos.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { asPerson, gateApp } from './gate-fixture.js';

describe('askGate', () => {
  it('refuses an unscoped gate in a goal with several agents', async () => {
    const { deps } = await gateApp();
    const asked = askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?' });
    expect(asked.ok ? 'ok' : asked.error.code).toBe('gate_unscoped');
    expect(pendingGatesFor(deps.store, 'demo')).toHaveLength(0);
  });

  it('defaults an unscoped gate to the asking agent when it is the only one', async () => {
    const { deps } = await gateApp({ agents: ['a1'] });
    const { gate } = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?' }));
    expect(gate.blocks).toEqual({ agent: 'a1', todoIds: [], global: false });
  });

  it('returns the same gate for the same open question', async () => {
    const { deps, todoA } = await gateApp();
    const first = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { todoIds: [todoA] } }));
    const again = unwrap(askGate(deps, asAgent('a2'), 'demo', { question: '  may I publish  the post? ', blocks: { todoIds: [todoA] } }));
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, gate: { id: first.gate.id } });
  });

  it('puts a todo-scoped gate in User Gate, its todo in Blocked, and names who acts next', async () => {
    const { deps, clock, todoA } = await gateApp();
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [todoA] } }));
    const status = unwrap(goalStatus(deps.store, 'demo', clock.now()));
    expect(status.lanes.user_gate).toBe(1);
    expect(status.todos.find((t) => t.todo.id === todoA)?.lane).toBe('blocked');
    expect(status.openGates[0]?.waitingOn).toEqual(['ana', 'bo']);
    expect(status.next).toContain('ana, bo');
  });
});

describe('decideGate', () => {
  async function asked() {
    const app = await gateApp();
    const { gate } = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [app.todoA] } }));
    return { ...app, gate };
  }

  it('records person, surface, reason and revision; a second approver gets the typed answer', async () => {
    const { deps, gate } = await asked();
    const won = unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, reason: 'fine', via: 'slack' }));
    expect(won.gate.decision).toMatchObject({ outcome: 'approved', by: 'ana', via: 'slack', reason: 'fine', revision: 1 });
    const lost = decideGate(deps, asPerson('bo'), gate.id, { choice: 'reject', revision: 1, reason: 'no', via: 'lark' });
    expect(lost.ok).toBe(false);
    if (lost.ok) return;
    expect(lost.error.code).toBe('gate_not_pending');
    expect(lost.error.message).toMatch(/^Already approved by Ana at 17:00 via Slack/);
    expect(lost.error.details).toMatchObject({ state: 'approved', decided_by: 'ana', via: 'slack' });
    expect(listEvents(deps.store).filter((e) => e.type === 'gate.decision_refused')).toHaveLength(1);
  });

  it('answers a double click by the same person idempotently', async () => {
    const { deps, gate } = await asked();
    unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'slack' }));
    const again = unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'slack' }));
    expect(again.changed).toBe(false);
    expect(listEvents(deps.store).filter((e) => e.type === 'gate.decided')).toHaveLength(1);
  });

  it.each([
    { who: { actor: { kind: 'agent' as const, id: 'a1' } }, name: 'an agent' },
    { who: asPerson('cy'), name: 'a viewer' },
    { who: asPerson('zed'), name: 'an unknown person' },
    { who: { actor: { kind: 'system' as const, id: 'cli' } }, name: 'the CLI without --as' },
  ])('refuses $name with not_authorised_to_decide and an audit event', async ({ who }) => {
    const { deps, gate } = await asked();
    const result = decideGate(deps, who, gate.id, { choice: 'approve', revision: 1, via: 'cli' });
    expect(result.ok ? 'ok' : result.error.code).toBe('not_authorised_to_decide');
    expect(findGate(deps.store, gate.id)?.state).toBe('pending');
    expect(listEvents(deps.store).filter((e) => e.type === 'gate.decision_refused')).toHaveLength(1);
  });

  it('refuses self-approval by default and allows it when the policy says so', async () => {
    const { deps, todoB } = await gateApp();
    const own = unwrap(askGate(deps, asPerson('ana'), 'demo', { question: 'Shall I?', blocks: { global: true } })).gate;
    expect(approversOf(deps.store, own)).toEqual(['bo']);
    const refused = decideGate(deps, asPerson('ana'), own.id, { choice: 'approve', revision: 1, via: 'cli' });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('not_authorised_to_decide');
    const allowed = unwrap(askGate(deps, asPerson('ana'), 'demo', { question: 'Shall I really?', blocks: { todoIds: [todoB] }, allowSelfApproval: true })).gate;
    expect(unwrap(decideGate(deps, asPerson('ana'), allowed.id, { choice: 'approve', revision: 1, via: 'cli' })).gate.state).toBe('approved');
  });

  it('needs a reason to reject, returns it, and leaves the named todo blocked', async () => {
    const { deps, gate, todoA } = await asked();
    const bare = decideGate(deps, asPerson('ana'), gate.id, { choice: 'reject', revision: 1, via: 'cli' });
    expect(bare.ok ? 'ok' : bare.error.code).toBe('reason_required');
    const rejected = unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'reject', revision: 1, reason: 'Not before the launch', via: 'cli' }));
    expect(rejected.gate.decision?.reason).toBe('Not before the launch');
    expect(findTodo(deps.store, todoA)).toMatchObject({ status: 'blocked', blockedReason: expect.stringContaining('Not before the launch') });
  });

  it('refuses a decision on an amended question until it is re-read', async () => {
    const { deps, gate } = await asked();
    const amended = unwrap(amendGate(deps, asAgent('a1'), gate.id, { question: 'May I publish on Friday?' })).gate;
    expect(amended.revision).toBe(2);
    const stale = decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'slack' });
    expect(stale.ok ? 'ok' : stale.error.code).toBe('gate_revision_stale');
    expect(unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 2, via: 'slack' })).gate.state).toBe('approved');
  });

  it('counts one vote per person towards a quorum', async () => {
    const { deps, todoB } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Spend $500?', blocks: { todoIds: [todoB] }, approvers: ['ana', 'bo'], quorum: 2 })).gate;
    expect(unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'slack' })).gate.state).toBe('pending');
    expect(unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'slack' })).changed).toBe(false);
    const done = unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'lark' }));
    expect(done.gate.state).toBe('approved');
    expect(done.gate.votes.map((v) => v.personId)).toEqual(['ana', 'bo']);
  });

  it('defers until a time, refusing a time in the past', async () => {
    const { deps, gate, clock } = await asked();
    const past = decideGate(deps, asPerson('bo'), gate.id, { choice: 'defer', revision: 1, until: '2020-01-01T00:00:00Z', via: 'cli' });
    expect(past.ok ? 'ok' : past.error.code).toBe('invalid_request');
    const until = new Date(clock.now().getTime() + 3600_000).toISOString();
    expect(unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'defer', revision: 1, until, via: 'cli' })).gate).toMatchObject({ state: 'deferred', deferredUntil: until });
  });

  it('lets the asker cancel, once', async () => {
    const { deps, gate } = await asked();
    expect(unwrap(cancelGate(deps, asAgent('a1'), gate.id, { reason: 'not needed' })).changed).toBe(true);
    expect(unwrap(cancelGate(deps, asAgent('a1'), gate.id)).changed).toBe(false);
    const other = cancelGate(deps, asAgent('a2'), gate.id);
    expect(other.ok ? 'ok' : other.error.code).toBe('forbidden');
  });
});

describe('standing approvals', () => {
  it('records a grant on a goal-wide approval, approves covered gates at once, and a rejection revokes it', async () => {
    const { deps, todoA, todoB } = await gateApp();
    const first = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish posts?', blocks: { todoIds: [todoA] }, decisionScope: 'publish:goal:blog' })).gate;
    unwrap(decideGate(deps, asPerson('ana'), first.id, { choice: 'approve', revision: 1, via: 'slack' }));
    const grants = listGrants(deps.store, 'demo');
    expect(grants.map((g) => g.scope)).toEqual(['publish:goal:blog']);
    const covered = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish this one?', blocks: { todoIds: [todoB] }, decisionScope: 'publish:action:blog' })).gate;
    expect(covered).toMatchObject({ state: 'approved', grantId: grants[0]?.id, decision: { by: 'ana', via: 'system' } });
    const other = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish docs?', blocks: { todoIds: [todoB] }, decisionScope: 'publish:action:docs' })).gate;
    expect(other.state).toBe('pending');
    unwrap(decideGate(deps, asPerson('bo'), other.id, { choice: 'reject', revision: 1, reason: 'docs are separate', via: 'cli' }));
    expect(listGrants(deps.store, 'demo')).toHaveLength(1);
    const wider = unwrap(askGate(deps, operator, 'demo', { question: 'Publish on every project blog?', blocks: { agent: 'a2' }, decisionScope: 'publish:project:blog' })).gate;
    expect(wider.state).toBe('pending');
    unwrap(decideGate(deps, asPerson('bo'), wider.id, { choice: 'reject', revision: 1, reason: 'stop publishing', via: 'cli' }));
    expect(listGrants(deps.store, 'demo')).toHaveLength(0);
    expect(listGrants(deps.store, 'demo', { includeRevoked: true })[0]).toMatchObject({ revokedBy: 'bo', revokedByGateId: wider.id });
  });
});
