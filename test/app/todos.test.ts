import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { transitionGoal } from '../../src/app/goals.js';
import { claimTodo, releaseByOperator, releaseLease, renewLease } from '../../src/app/leases.js';
import { addTodo, completeTodo, supersedeTodo } from '../../src/app/todos.js';
import { listEvents } from '../../src/store/events.js';
import { findTodo } from '../../src/store/todos.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';

async function setup() {
  const app = await createTestApp();
  seedGoal(app.deps);
  const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Draft the changelog' })).todo;
  return { ...app, todo };
}

describe('claims and leases', () => {
  it('lets one agent hold a todo until the lease expires or is released', async () => {
    const { deps, clock, todo } = await setup();
    const first = unwrap(claimTodo(deps, asAgent('a1'), todo.id, 600));
    expect(first.todo).toMatchObject({ claimedBy: 'a1', leaseVersion: 1, leaseEpoch: 1 });
    expect(claimTodo(deps, asAgent('a2'), todo.id)).toMatchObject({ ok: false, error: { code: 'lease_held', details: { holder: 'a1' } } });
    clock.advance(600_000);
    const second = unwrap(claimTodo(deps, asAgent('a2'), todo.id));
    expect(second.todo).toMatchObject({ claimedBy: 'a2', leaseEpoch: 2 });
    unwrap(releaseLease(deps, asAgent('a2'), todo.id, second.todo.leaseVersion));
    expect(unwrap(claimTodo(deps, asAgent('a1'), todo.id)).todo.claimedBy).toBe('a1');
  });

  it('renews and releases only with the current lease version', async () => {
    const { deps, todo } = await setup();
    const { todo: claimed } = unwrap(claimTodo(deps, asAgent('a1'), todo.id));
    expect(renewLease(deps, asAgent('a1'), todo.id, claimed.leaseVersion - 1)).toMatchObject({ ok: false, error: { code: 'lease_version_mismatch' } });
    const renewed = unwrap(renewLease(deps, asAgent('a1'), todo.id, claimed.leaseVersion));
    expect(releaseLease(deps, asAgent('a1'), todo.id, claimed.leaseVersion)).toMatchObject({ ok: false, error: { code: 'lease_version_mismatch' } });
    expect(releaseLease(deps, asAgent('a2'), todo.id, renewed.todo.leaseVersion)).toMatchObject({ ok: false, error: { code: 'not_claimed_by_you' } });
    unwrap(releaseLease(deps, asAgent('a1'), todo.id, renewed.todo.leaseVersion));
  });

  it('lets an operator clear a stuck claim, recorded as forced', async () => {
    const { deps, todo } = await setup();
    unwrap(claimTodo(deps, asAgent('a1'), todo.id));
    expect(unwrap(releaseByOperator(deps, operator, todo.id)).todo.claimedBy).toBeNull();
    expect(listEvents(deps.store, { goalId: 'demo' }).at(-1)).toMatchObject({ type: 'todo.released', actor: 'system:cli' });
    expect(releaseByOperator(deps, asAgent('a1'), todo.id)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('refuses claims on a paused goal and from an agent not on the goal', async () => {
    const { deps, todo } = await setup();
    seedGoal(deps, { goalId: 'other', agents: ['outsider'] });
    expect(claimTodo(deps, asAgent('outsider'), todo.id)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    unwrap(transitionGoal(deps, operator, 'demo', 'stop'));
    expect(claimTodo(deps, asAgent('a1'), todo.id)).toMatchObject({ ok: false, error: { code: 'goal_paused' } });
  });
});

describe('completion', () => {
  it('refuses a completion without successor or no_followup and writes nothing', async () => {
    const { deps, todo } = await setup();
    const before = listEvents(deps.store).length;
    expect(completeTodo(deps, asAgent('a1'), todo.id, { successors: [] })).toMatchObject({ ok: false, error: { code: 'completion_requires_successor_or_no_followup' } });
    expect(findTodo(deps.store, todo.id)?.status).toBe('open');
    expect(listEvents(deps.store)).toHaveLength(before);
  });

  it('creates successors atomically, and a repeated completion changes nothing', async () => {
    const { deps, todo } = await setup();
    const { todo: claimed } = unwrap(claimTodo(deps, asAgent('a1'), todo.id));
    const done = unwrap(completeTodo(deps, asAgent('a1'), todo.id, { leaseVersion: claimed.leaseVersion, successors: [{ text: 'Publish the changelog', priority: 'P1' }] }));
    expect(done.changed).toBe(true);
    expect(done.todo).toMatchObject({ status: 'done', claimedBy: null });
    expect(done.successors).toHaveLength(1);
    expect(done.successors[0]).toMatchObject({ text: 'Publish the changelog', priority: 'P1', predecessorId: todo.id });
    const events = listEvents(deps.store).length;
    const again = unwrap(completeTodo(deps, asAgent('a1'), todo.id, { successors: [{ text: 'Something else' }] }));
    expect(again).toMatchObject({ changed: false, successors: [] });
    expect(listEvents(deps.store)).toHaveLength(events);
  });

  it('enforces the completion fence while a lease is active', async () => {
    const { deps, todo } = await setup();
    unwrap(claimTodo(deps, asAgent('a1'), todo.id));
    expect(completeTodo(deps, asAgent('a2'), todo.id, { successors: [], noFollowup: 'done' })).toMatchObject({ ok: false, error: { code: 'not_claimed_by_you' } });
    expect(completeTodo(deps, operator, todo.id, { successors: [], noFollowup: 'done' })).toMatchObject({ ok: false, error: { code: 'not_claimed_by_you' } });
  });

  it('records evidence in the same transaction, and rolls both back when the evidence is refused', async () => {
    const { deps, todo } = await setup();
    const refused = completeTodo(deps, asAgent('a1'), todo.id, { successors: [], noFollowup: 'shipped', evidence: { kind: 'note', summary: 'key sk-abcdefghijklmnopqrstuvwx' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'secret_in_text' } });
    expect(findTodo(deps.store, todo.id)?.status).toBe('open');
    const done = unwrap(completeTodo(deps, asAgent('a1'), todo.id, { successors: [], noFollowup: 'shipped', evidence: { kind: 'pr', summary: 'Merged', url: 'https://example.com/pr/1' } }));
    expect(done.evidence).toMatchObject({ todoId: todo.id, agentId: 'a1', kind: 'pr' });
  });

  it('supersedes a todo with a replacement that inherits the claim', async () => {
    const { deps, todo } = await setup();
    unwrap(claimTodo(deps, asAgent('a1'), todo.id));
    const { old, replacement } = unwrap(supersedeTodo(deps, asAgent('a1'), todo.id, { text: 'Draft the changelog for v2' }));
    expect(old).toMatchObject({ status: 'superseded', supersededBy: replacement.id, claimedBy: null });
    expect(replacement).toMatchObject({ claimedBy: 'a1', predecessorId: todo.id, priority: 'P2' });
  });
});

describe('idempotency and the public-safe guard', () => {
  it('answers a retried write with the original result and refuses a reused key', async () => {
    const { deps } = await setup();
    const first = unwrap(addEvidence(deps, asAgent('a1', 'key-1'), { goalId: 'demo', kind: 'test', summary: 'green' }));
    const retry = unwrap(addEvidence(deps, asAgent('a1', 'key-1'), { goalId: 'demo', kind: 'test', summary: 'green' }));
    expect(retry).toEqual(first);
    expect(deps.store.sqlite.prepare('SELECT count(*) AS n FROM evidence').get()).toEqual({ n: 1 });
    expect(addEvidence(deps, asAgent('a1', 'key-1'), { goalId: 'demo', kind: 'test', summary: 'red' })).toMatchObject({ ok: false, error: { code: 'idempotency_key_reused' } });
  });

  it('does not merge the same key used by two different agents', async () => {
    const { deps } = await setup();
    unwrap(addEvidence(deps, asAgent('a1', 'same'), { goalId: 'demo', kind: 'note', summary: 'one' }));
    unwrap(addEvidence(deps, asAgent('a2', 'same'), { goalId: 'demo', kind: 'note', summary: 'two' }));
    expect(deps.store.sqlite.prepare('SELECT count(*) AS n FROM evidence').get()).toEqual({ n: 2 });
  });

  it.each([
    ['Slack bot token', 'deploy with xoxb-123456789012-abcdefghijkl'],
    ['private key', '-----BEGIN RSA PRIVATE KEY-----'],
    ['Authorization header', 'curl -H "Authorization: Bearer abc.def"'],
    ['OpenAI-style key', 'OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz'],
  ])('refuses a todo text containing a %s', async (_kind, text) => {
    const { deps } = await setup();
    expect(addTodo(deps, asAgent('a1'), 'demo', { text })).toMatchObject({ ok: false, error: { code: 'secret_in_text' } });
  });

  it('returns an open todo with the same text instead of a duplicate', async () => {
    const { deps, todo } = await setup();
    const again = unwrap(addTodo(deps, asAgent('a1'), 'demo', { text: 'Draft the changelog' }));
    expect(again).toMatchObject({ created: false, todo: { id: todo.id } });
  });
});

describe('monitor cadence bounds hold on every path', () => {
  it('refuses a cadence under a minute or a zero dead-after whoever asks (the CLI too), writing nothing', async () => {
    const { createTestApp, operator, seedGoal } = await import('../helpers/test-app.js');
    const app = await createTestApp();
    seedGoal(app.deps);
    const before = listEvents(app.deps.store).length;
    const fast = addTodo(app.deps, operator, 'demo', { text: 'Watch CI', monitor: { everySeconds: 0 } });
    expect(fast).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { field: 'monitor.every_seconds' } } });
    const dead = addTodo(app.deps, operator, 'demo', { text: 'Watch CI', monitor: { everySeconds: 600, deadAfter: 0 } });
    expect(dead).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { field: 'monitor.dead_after' } } });
    expect(listEvents(app.deps.store).length).toBe(before);
  });
});
