import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previewDigest } from '../../src/app/digest.js';
import { createJobDeps } from '../../src/app/job-deps.js';
import { digestCard } from '../../cards/digest-card.js';
import { encodeCardAction } from '../../src/contract/card-action.js';
import { findTodo } from '../../src/store/todos.js';
import { listEvents } from '../../src/store/events.js';
import { gateApp } from '../app/gate-fixture.js';
import { call } from '../helpers/http.js';
import { blockAction, postSlack, type FakeSlack, type SlackHarness } from '../helpers/slack.js';
import { startSlackGateApp } from '../helpers/slack-gate.js';
import { unwrap } from '../helpers/test-app.js';
import { getPage, startWebServer } from '../helpers/web.js';

// Monitors and handoffs over /v1 (issue 20 #1, #2, #4): a monitor is offered only when due, a poll is a report
// that never spends, stays quiet until something changes and flags a monitor that never changes; a handoff left
// on release reaches the next agent's claim and should-run packet.

let app: Awaited<ReturnType<typeof gateApp>>;
let slack: FakeSlack;
let harness: SlackHarness;

beforeEach(async () => {
  ({ app, slack, harness } = await startSlackGateApp({ purposes: ['board'] }));
});
afterEach(async () => {
  await harness.close();
  slack.close();
});

const as = (agent: 'a1' | 'a2') => (method: string, path: string, body?: unknown) => call(harness.url, method, path, { token: app.tokens[agent], body });
const a1 = as('a1');
const a2 = as('a2');
let turn = 0;
const shouldRun = async (agent = a1) => (await agent('POST', '/v1/goals/demo/should-run', { turn_id: `t-${(turn += 1)}` })).body;

async function addMonitor(extra: Record<string, unknown> = {}): Promise<string> {
  const added = await a1('POST', '/v1/goals/demo/todos', { text: 'Watch PR #123', priority: 'P0', monitor: { every_seconds: 1800, target: 'github:pr/123', ...extra } });
  expect(added.status).toBe(201);
  expect(added.body.todo.task_class).toBe('monitor');
  return added.body.todo.id;
}

const poll = (todoId: string, hash: string, summary = 'No change.', extra: Record<string, unknown> = {}) => a1('POST', `/v1/todos/${todoId}/poll`, { result_hash: hash, summary, ...extra });

describe('monitors', () => {
  it('a 30-minute monitor is offered at 0, 30 and 60 minutes only, and no poll spends quota', async () => {
    const monitor = await addMonitor();
    const offered: number[] = [];
    for (let minute = 0; minute <= 70; minute += 5) {
      const packet = await shouldRun();
      if (packet.mode === 'monitor_due') {
        expect(packet.selected_todo.id).toBe(monitor);
        expect(packet.next_calls).toContain(`POST /v1/todos/${monitor}/poll`);
        offered.push(minute);
        const polled = await poll(monitor, 'same');
        expect(polled.status).toBe(200);
        expect(polled.body.monitor.next_due_at).toBe(new Date(app.clock.now().getTime() + 1_800_000).toISOString());
      }
      app.clock.advance(5 * 60_000);
    }
    expect(offered).toEqual([0, 30, 60]);
    expect(listEvents(app.deps.store, { goalId: 'demo' }).filter((e) => e.type === 'quota.spent')).toHaveLength(0);
    expect((await shouldRun()).quota.spent).toBe(0);
  });

  it('stays quiet while nothing changes, posts a material change once in the board thread, and flags a dead monitor', async () => {
    const monitor = await addMonitor({ dead_after: 3 });
    await poll(monitor, 'h1');
    await poll(monitor, 'h1');
    await harness.drain();
    const before = slack.byMethod('chat.postMessage').length;
    const changed = await poll(monitor, 'h2', '2 new reviews.');
    expect(changed.body).toMatchObject({ material_change: true, monitor: { unchanged: 0, dead: false } });
    await harness.drain();
    const replies = slack.byMethod('chat.postMessage').slice(before);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.args.text).toContain('Watch PR #123: 2 new reviews.');
    expect(replies[0]!.args.thread_ts).toBeTruthy();
    for (let i = 0; i < 3; i += 1) await poll(monitor, 'h2');
    await harness.drain();
    expect(slack.byMethod('chat.postMessage').slice(before)).toHaveLength(1);
    const last = await poll(monitor, 'h2');
    expect(last.body.monitor).toMatchObject({ unchanged: 4, dead: true, polls: 7 });
  });

  it('a quiet monitor asks on the board card whether to keep watching; Keep restarts its streak, Stop ends it (Slack clicks)', async () => {
    const monitor = await addMonitor({ dead_after: 2 });
    for (let i = 0; i < 3; i += 1) await poll(monitor, 'same');
    await harness.drain();
    const board = () => JSON.stringify([...slack.messages.values()]);
    expect(board()).toContain('no change in 3 checks. Stop watching, or keep?');
    const digest = JSON.stringify(digestCard(unwrap(previewDigest(createJobDeps(app.deps), 'demo'))).blocks);
    expect(digest).toContain('no change in 3 checks. Stop watching, or keep?');
    expect(digest).not.toMatch(/Blocked \([1-9]/); // a monitor waiting for its next check is not blocked
    const click = (choice: 'stop' | 'keep') => postSlack(harness.url, blockAction('UANA', encodeCardAction({ v: 1, monitor, choice })), app.clock);
    expect((await click('keep')).status).toBe(200);
    await harness.drain();
    expect(board()).not.toContain('Stop watching, or keep?');
    expect(findTodo(app.deps.store, monitor)?.status).toBe('deferred');
    for (let i = 0; i < 2; i += 1) await poll(monitor, 'same');
    expect((await click('stop')).status).toBe(200);
    expect(findTodo(app.deps.store, monitor)).toMatchObject({ status: 'done', completedBy: 'person:ana' });
  });

  it('ends at the end of its watch window, and a poll of a plain todo is refused naming the field', async () => {
    const monitor = await addMonitor({ until: new Date(app.clock.now().getTime() + 45 * 60_000).toISOString() });
    expect((await poll(monitor, 'a')).body.todo.status).toBe('deferred');
    app.clock.advance(30 * 60_000);
    const ended = await poll(monitor, 'a');
    expect(ended.body.todo).toMatchObject({ status: 'done', no_followup: 'The watch window ended.' });
    const plain = await poll(app.todoA, 'x');
    expect(plain.status).toBe(422);
    expect(plain.body.error.details.field).toBe('todo_id');
    const late = await a1('POST', '/v1/goals/demo/todos', { text: 'Watch the old PR', monitor: { every_seconds: 1800, until: '2020-01-01T00:00:00Z' } });
    expect(late.status).toBe(422);
    expect(late.body.error.details.field).toBe('monitor.until');
  });
});

describe('monitor debt', () => {
  async function quietTurns(monitor: string, turns: number): Promise<string[]> {
    const modes: string[] = [];
    for (let i = 0; i < turns; i += 1) {
      const packet = await shouldRun();
      modes.push(packet.mode);
      if (packet.mode === 'monitor_due') await poll(monitor, 'same');
      app.clock.advance(61_000);
    }
    return modes;
  }

  it('after two quiet monitor turns, work of the same or higher priority goes first', async () => {
    const added = await a1('POST', '/v1/goals/demo/todos', { text: 'Watch the nightly build', priority: 'P2', monitor: { every_seconds: 60 } });
    expect(await quietTurns(added.body.todo.id, 4)).toEqual(['monitor_due', 'monitor_due', 'deliver', 'monitor_due']);
  });

  it('a monitor more urgent than every todo keeps its turns', async () => {
    const added = await a1('POST', '/v1/goals/demo/todos', { text: 'Watch the outage', priority: 'P0', monitor: { every_seconds: 60 } });
    expect(await quietTurns(added.body.todo.id, 4)).toEqual(['monitor_due', 'monitor_due', 'monitor_due', 'monitor_due']);
  });
});

describe('handoffs', () => {
  it("a handoff left on release reaches the next agent's claim and should-run packet", async () => {
    const lease = (await a1('POST', `/v1/todos/${app.todoA}/claim`, {})).body.lease;
    const handoff = { summary: 'Draft is in docs/launch.md; the intro still reads stiffly.', next_steps: ['Rewrite the intro', 'Ask Ana for the date'], evidence_ids: ['ev_1'], open_questions: ['Which launch date?'] };
    expect((await a1('POST', `/v1/todos/${app.todoA}/release`, { lease_version: lease.version, handoff })).status).toBe(200);
    const packet = await shouldRun(a2);
    expect(packet.selected_todo.id).toBe(app.todoA);
    expect(packet.handoff).toMatchObject({ ...handoff, from: 'agent:a1' });
    expect(Buffer.byteLength(JSON.stringify(packet))).toBeLessThanOrEqual(4096);
    const claimed = await a2('POST', `/v1/todos/${app.todoA}/claim`, {});
    expect(claimed.body.handoff).toMatchObject({ summary: handoff.summary, next_steps: handoff.next_steps, from: 'agent:a1' });
    const web = await startWebServer(app.deps);
    try {
      const page = (await getPage(web.url, '/goals/demo')).text;
      expect(page).toContain('Handoff from a1');
      expect(page).toContain('Next: Rewrite the intro; Ask Ana for the date');
      expect(page).toContain('Open questions: Which launch date?');
    } finally {
      await web.close();
    }
  });
});
