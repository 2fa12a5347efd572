import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemorySurface, type MemorySurface } from '../../../adapters/memory/surface.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { addEvidence } from '../../../src/app/evidence.js';
import { claimTodo } from '../../../src/app/leases.js';
import { CARD_PRIORITY, createProjectionEngine, enqueueCard } from '../../../src/app/projection/index.js';
import { manualScheduler } from '../../helpers/chat-harness.js';
import { addTodo } from '../../../src/app/todos.js';
import { askGate } from '../../../src/app/gates.js';
import { findProjection, outboxCounts } from '../../../src/store/outbox.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

/** A scheduler that never fires: tests step the clock and wake the sender themselves. */
const CHANNEL = 'C0123ABCDEF';

async function setup(path?: string, slack?: MemorySurface): Promise<TestApp & { surface: MemorySurface; engine: ReturnType<typeof createProjectionEngine> }> {
  const app = await createTestApp(path ? { path } : {});
  const surface = slack ?? createMemorySurface('slack');
  const engine = createProjectionEngine(app.deps, { surfaces: [surface], scheduler: manualScheduler });
  return { ...app, surface, engine };
}

/** Wakes the sender the way a timer would, and waits for the pass to finish. */
async function flush(app: { engine: ReturnType<typeof createProjectionEngine> }): Promise<void> {
  app.engine.kick();
  await app.engine.idle();
}

function bind(app: TestApp): void {
  seedGoal(app.deps);
  unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: CHANNEL }));
}

describe('projection engine', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('posts the board card once, then updates it in place as an agent claims a todo and posts evidence', async () => {
    const app = await setup();
    bind(app);
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post']);
    const todo = unwrap(addTodo(app.deps, asAgent('a1'), 'demo', { text: 'Run the benchmark' })).todo;
    unwrap(claimTodo(app.deps, asAgent('a1'), todo.id));
    unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', todoId: todo.id, kind: 'benchmark', summary: 'p99 down 12%' }));
    app.clock.advance(2_000);
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post', 'update']);
    const shown = JSON.stringify(app.surface.messages.get(`${CHANNEL}/m1`));
    expect(shown).toContain('p99 down 12%');
    expect(shown).toMatch(/"label":"Running","count":1/);
    expect(findProjection(app.deps.store, 'slack', CHANNEL, 'goal:demo')?.message_id).toBe('m1');
  });

  it('coalesces a burst of changes into one update showing the latest state', async () => {
    const app = await setup();
    bind(app);
    await flush(app);
    for (let i = 0; i < 30; i += 1) unwrap(addTodo(app.deps, operator, 'demo', { text: `todo ${i}` }));
    expect(outboxCounts(app.deps.store).pending).toBe(1);
    app.clock.advance(2_000);
    await flush(app);
    expect(app.surface.calls).toHaveLength(2);
    expect(JSON.stringify(app.surface.calls[1]!.card)).toMatch(/"label":"Todo","count":30/);
  });

  it('sends gate decisions before progress updates on the same destination', async () => {
    const app = await setup();
    const now = app.clock.now();
    const card = (key: string) => ({ key, kind: 'board' as const, fallbackText: key, blocks: [] });
    enqueueCard(app.deps.store, { surface: 'slack', destination: CHANNEL, card: card('digest:1'), priority: CARD_PRIORITY.digest }, now);
    enqueueCard(app.deps.store, { surface: 'slack', destination: CHANNEL, card: card('goal:x'), priority: CARD_PRIORITY.progress }, now);
    enqueueCard(app.deps.store, { surface: 'slack', destination: CHANNEL, card: card('gate:g'), priority: CARD_PRIORITY.decision }, now);
    for (let i = 0; i < 3; i += 1) {
      await flush(app);
      app.clock.advance(1_000);
    }
    expect(app.surface.calls.map((c) => c.card.key)).toEqual(['gate:g', 'goal:x', 'digest:1']);
  });

  it('spaces new messages in a channel by a second and progress updates of a card by a second, but shows a gate change at once', async () => {
    const app = await setup();
    bind(app);
    await flush(app);
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'progress right after the post' }));
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post']);
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I ship?', blocks: { global: true } }));
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post', 'update']);
    expect(JSON.stringify(app.surface.calls[1]!.card)).toContain('May I ship?');
    const card = (key: string) => ({ key, kind: 'board' as const, fallbackText: key, blocks: [] });
    enqueueCard(app.deps.store, { surface: 'slack', destination: CHANNEL, card: card('gate:a'), priority: CARD_PRIORITY.gate }, app.clock.now());
    enqueueCard(app.deps.store, { surface: 'slack', destination: CHANNEL, card: card('gate:b'), priority: CARD_PRIORITY.gate }, app.clock.now());
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post', 'update']);
    expect(app.engine.sender.nextDueInMs()).toBe(1_000);
    app.clock.advance(1_000);
    await flush(app);
    expect(app.surface.calls.map((c) => c.card.key)).toEqual(['goal:demo', 'goal:demo', 'gate:a']);
    app.clock.advance(1_000);
    await flush(app);
    expect(app.surface.calls.map((c) => c.card.key)).toEqual(['goal:demo', 'goal:demo', 'gate:a', 'gate:b']);
  });

  it('honours Retry-After: nothing is called before it, nothing is dropped', async () => {
    const app = await setup();
    app.surface.failNext({ kind: 'rate_limited', retryAfterMs: 30_000 });
    bind(app);
    await flush(app);
    expect(app.surface.calls).toHaveLength(1);
    app.clock.advance(29_000);
    await flush(app);
    expect(app.surface.calls).toHaveLength(1);
    expect(app.engine.sender.nextDueInMs()).toBe(1_000);
    app.clock.advance(1_000);
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post', 'post']);
    expect(outboxCounts(app.deps.store)).toEqual({ pending: 0, dead: 0 });
  });

  it('retries a failed send with backoff and parks a refused one', async () => {
    const app = await setup();
    app.surface.failNext({ kind: 'failed', reason: 'socket hang up' });
    bind(app);
    await flush(app);
    expect(app.engine.sender.nextDueInMs()).toBe(1_000);
    app.clock.advance(1_000);
    app.surface.failNext({ kind: 'rejected', reason: 'channel_not_found' });
    await flush(app);
    expect(outboxCounts(app.deps.store)).toEqual({ pending: 0, dead: 1 });
    expect(app.engine.sender.nextDueInMs()).toBeNull();
  });

  it('after a restart between commit and send, sends the update exactly once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopx-proj-'));
    dirs.push(dir);
    const path = join(dir, 'loopx.db');
    const first = await setup(path);
    bind(first);
    await flush(first);
    first.clock.advance(5_000);
    // The process dies mid-send: the platform call never completed, so the row stays in the outbox.
    first.surface.failNext({ kind: 'failed', reason: 'process killed' });
    unwrap(addTodo(first.deps, operator, 'demo', { text: 'Queued before the crash' }));
    await first.engine.idle();
    first.engine.stop();
    first.deps.store.close();
    const before = first.surface.calls.length;

    const second = await setup(path, first.surface);
    second.clock.advance(10_000);
    second.engine.start();
    await flush(second);
    await flush(second);
    const after = second.surface.calls.slice(before);
    expect(after.map((c) => [c.method, c.messageId])).toEqual([['update', 'm1']]);
    expect(JSON.stringify(after[0]!.card)).toContain('Queued before the crash');
    second.deps.store.close();
  });

  it('catches up from the ledger when a commit was never projected', async () => {
    const app = await setup();
    app.engine.stop();
    bind(app);
    expect(outboxCounts(app.deps.store).pending).toBe(0);
    const restarted = createProjectionEngine(app.deps, { surfaces: [app.surface], scheduler: manualScheduler });
    expect(restarted.projector.catchUp()).toBe(1);
    await restarted.sender.runDue();
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post']);
  });

  it('reconciles: re-sends a card whose stored hash differs from a fresh render, and nothing else', async () => {
    const app = await setup();
    bind(app);
    await flush(app);
    expect(app.engine.projector.reconcile()).toBe(0);
    app.deps.store.run(app.deps.store.kysely.updateTable('projections').set({ rendered_hash: 'stale' }));
    expect(app.engine.projector.reconcile()).toBe(1);
    app.clock.advance(2_000);
    await flush(app);
    expect(app.surface.calls.map((c) => c.method)).toEqual(['post', 'update']);
  });

  it('skips surfaces that are not configured', async () => {
    const app = await setup();
    seedGoal(app.deps);
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: 'oc_abc123' }));
    expect(outboxCounts(app.deps.store).pending).toBe(0);
  });
});
