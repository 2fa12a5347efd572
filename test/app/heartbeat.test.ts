import { describe, expect, it } from 'vitest';
import { recordHeartbeat } from '../../src/app/evidence.js';
import { askGate } from '../../src/app/gates.js';
import { manualSlot, runHeartbeat } from '../../src/app/heartbeat.js';
import { claimTodo } from '../../src/app/leases.js';
import { addTodo, completeTodo, deferTodo } from '../../src/app/todos.js';
import { listEvents } from '../../src/store/events.js';
import { listStaleFlags, lastRun } from '../../src/store/job-runs.js';
import { findTodo } from '../../src/store/todos.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';
import { recordingJobs } from '../jobs/job-fixture.js';
import { gateApp } from './gate-fixture.js';

const HOUR = 3_600_000;

async function setup() {
  const app = await createTestApp({ start: '2026-01-05T09:00:00.000Z' });
  seedGoal(app.deps, { agents: ['a1', 'a2'] });
  return { ...app, ...recordingJobs(app) };
}

const eventsOf = (app: { deps: { store: any } }, type: string) => listEvents(app.deps.store).filter((e) => e.type === type);

describe('runHeartbeat', () => {
  it('skips quietly when nothing changed and says so in the run record, then posts once something did', async () => {
    const t = await setup();
    t.clock.advance(HOUR);
    const quiet = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(quiet).toMatchObject({ status: 'quiet', posts: 0 });
    expect(t.posts).toHaveLength(0);
    expect(lastRun(t.deps.store, 'heartbeat', 'demo')).toMatchObject({ status: 'quiet', note: expect.stringContaining('quiet skip') });
    expect(eventsOf(t, 'heartbeat.posted')).toHaveLength(0);

    unwrap(addTodo(t.deps, operator, 'demo', { text: 'Write the launch post' }));
    t.clock.advance(HOUR);
    const posted = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(posted.status).toBe('posted');
    expect(t.posts).toHaveLength(1);
    expect(t.posts[0]).toMatchObject({ goalId: 'demo', destination: { kind: 'board_thread' }, card: { kind: 'heartbeat' } });
    expect(t.posts[0]?.card.fallbackText).toContain('1 todo added');
    expect(eventsOf(t, 'heartbeat.posted')).toHaveLength(1);
  });

  it('expires a lease exactly at its expiry timestamp, not a millisecond before', async () => {
    const t = await setup();
    const todo = unwrap(addTodo(t.deps, operator, 'demo', { text: 'Benchmark the parser' })).todo;
    unwrap(claimTodo(t.deps, asAgent('a1'), todo.id, 1800));
    t.clock.advance(1800_000 - 1);
    unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(findTodo(t.deps.store, todo.id)?.claimedBy).toBe('a1');
    t.clock.advance(1);
    const run = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(run.view?.expiredLeases).toEqual([{ todoId: todo.id, text: 'Benchmark the parser', agentId: 'a1', expiredAt: '2026-01-05T09:30:00.000Z' }]);
    expect(findTodo(t.deps.store, todo.id)).toMatchObject({ claimedBy: null, leaseExpiresAt: null });
    expect(eventsOf(t, 'todo.lease_expired').map((e) => JSON.parse(e.payload))).toEqual([{ todo_id: todo.id, agent_id: 'a1', expired_at: '2026-01-05T09:30:00.000Z' }]);
    expect(unwrap(claimTodo(t.deps, asAgent('a2'), todo.id)).todo.claimedBy).toBe('a2');
  });

  it('flags an agent silent for more than two intervals once, and clears the flag when it reports again', async () => {
    const t = await setup();
    unwrap(recordHeartbeat(t.deps, asAgent('a2'), 'demo', {}));
    t.clock.advance(2 * HOUR);
    unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(listStaleFlags(t.deps.store, 'demo')).toEqual([]);
    t.clock.advance(1);
    unwrap(recordHeartbeat(t.deps, asAgent('a2'), 'demo', {}));
    const first = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(first.view?.staleAgents).toEqual([{ agentId: 'a1', lastSeenAt: null }]);
    t.clock.advance(HOUR);
    unwrap(recordHeartbeat(t.deps, asAgent('a2'), 'demo', {}));
    const second = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(second.view?.staleAgents).toEqual([]);
    expect(eventsOf(t, 'agent.stale').map((e) => JSON.parse(e.payload).agent_id)).toEqual(['a1']);
    expect(listStaleFlags(t.deps.store, 'demo').map((f) => f.agentId)).toEqual(['a1']);

    unwrap(recordHeartbeat(t.deps, asAgent('a1'), 'demo', {}));
    t.clock.advance(HOUR);
    const back = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(back.view?.recoveredAgents).toEqual(['a1']);
    expect(listStaleFlags(t.deps.store, 'demo')).toEqual([]);
    expect(eventsOf(t, 'agent.recovered')).toHaveLength(1);
  });

  it('resumes deferred todos whose condition holds: another todo done, a time reached', async () => {
    const t = await setup();
    const first = unwrap(addTodo(t.deps, operator, 'demo', { text: 'Land the fix' })).todo;
    const after = unwrap(addTodo(t.deps, operator, 'demo', { text: 'Announce the fix' })).todo;
    const later = unwrap(addTodo(t.deps, operator, 'demo', { text: 'Check the dashboards' })).todo;
    unwrap(deferTodo(t.deps, operator, after.id, `todo_done:${first.id}`));
    unwrap(deferTodo(t.deps, operator, later.id, '2026-01-05T12:00:00.000Z'));
    t.clock.advance(HOUR);
    expect(unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now()))).view?.resumedTodos).toEqual([]);
    unwrap(completeTodo(t.deps, operator, first.id, { successors: [], noFollowup: 'one-off' }));
    t.clock.advance(2 * HOUR);
    const run = unwrap(runHeartbeat(t.jobs, 'demo', manualSlot(t.clock.now())));
    expect(run.view?.resumedTodos.map((r) => r.todoId).sort()).toEqual([after.id, later.id].sort());
    expect(findTodo(t.deps.store, after.id)).toMatchObject({ status: 'open', resumeWhen: null });
    expect(eventsOf(t, 'todo.resumed')).toHaveLength(2);
  });

  it('resumes a todo waiting on a gate once the gate is decided, not while it is pending', async () => {
    const { deps, clock, todoB } = await gateApp();
    const { jobs } = recordingJobs({ deps, clock });
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { agent: 'a1' }, expiresInSeconds: 60, onExpire: 'cancel' })).gate;
    unwrap(deferTodo(deps, operator, todoB, `gate:${gate.id}`));
    unwrap(runHeartbeat(jobs, 'demo', manualSlot(clock.now())));
    expect(findTodo(deps.store, todoB)?.status).toBe('deferred');
    clock.advance(60_000);
    const run = unwrap(runHeartbeat(jobs, 'demo', manualSlot(clock.now())));
    expect(run.view?.expiredGates).toEqual([{ gateId: gate.id, question: 'May I publish?', onExpire: 'cancel' }]);
    expect(run.view?.resumedTodos.map((r) => r.todoId)).toEqual([todoB]);
  });

  it('escalates a keep_waiting gate to the approvers, then the owners, posting each reminder once', async () => {
    const { deps, clock } = await gateApp();
    const { jobs, posts } = recordingJobs({ deps, clock });
    unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { agent: 'a1' }, expiresInSeconds: 3600 }));
    const reminders = () => {
      const run = unwrap(runHeartbeat(jobs, 'demo', manualSlot(clock.now())));
      return run.view?.reminders.map((r) => `${r.step}: ${r.people.map((p) => p.name).join(', ')}`) ?? [];
    };
    clock.advance(HOUR);
    expect(reminders()).toEqual(['approvers: Ana, Bo']);
    clock.advance(60_000);
    expect(reminders()).toEqual([]);
    clock.advance(HOUR);
    expect(reminders()).toEqual(['owners: Ana']);
    clock.advance(HOUR);
    expect(reminders()).toEqual([]);
    const reminderPosts = posts.filter((p) => p.card.blocks.some((b) => b.type === 'list' && b.items.some((i) => i.text.startsWith('Reminder sent'))));
    expect(reminderPosts).toHaveLength(2);
  });

  it('runs a period once: a repeat of the same period changes nothing and posts nothing', async () => {
    const t = await setup();
    unwrap(addTodo(t.deps, operator, 'demo', { text: 'Write the launch post' }));
    const slot = { period: '2026-01-05T18:00', dueAt: t.clock.now().toISOString(), late: false, trigger: 'schedule' as const };
    expect(unwrap(runHeartbeat(t.jobs, 'demo', slot)).status).toBe('posted');
    const events = listEvents(t.deps.store).length;
    expect(unwrap(runHeartbeat(t.jobs, 'demo', slot)).status).toBe('already_ran');
    expect(t.posts).toHaveLength(1);
    expect(listEvents(t.deps.store)).toHaveLength(events);
  });
});
