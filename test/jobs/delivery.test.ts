import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemorySurface, type MemorySurface } from '../../adapters/memory/surface.js';
import type { Card } from '../../cards/model.js';
import type { ChatSurface, MessageRef, SendOutcome } from '../../src/app/surface.js';
import { bindGoal } from '../../src/app/bindings.js';
import { recordHeartbeat } from '../../src/app/evidence.js';
import { createJobDeps } from '../../src/app/job-deps.js';
import { createProjectionEngine } from '../../src/app/projection/index.js';
import { manualScheduler } from '../helpers/chat-harness.js';
import { addTodo } from '../../src/app/todos.js';
import { tick } from '../../jobs/tick.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';

/** A timer scheduler that never fires: the test steps the clock and wakes the sender itself. */
const BOARD = 'C0BOARD0001';
const OPS = 'C0OPS000001';
const LEADS = 'C0LEADS0001';

async function open(path: string, start: string, surface: ChatSurface) {
  const app = await createTestApp({ path, start });
  const engine = createProjectionEngine(app.deps, { surfaces: [surface], scheduler: manualScheduler });
  return { ...app, engine, jobs: createJobDeps(app.deps) };
}

/** Wakes the sender as its timer would, stepping past the per-channel spacing between sends. */
async function flush(engine: ReturnType<typeof createProjectionEngine>, clock?: TestApp['clock']): Promise<void> {
  for (let pass = 0; pass < 3; pass += 1) {
    engine.kick();
    await engine.idle();
    clock?.advance(2_000);
  }
}

/** The memory surface, except that the first digest post to `channel` answers 429 with Retry-After 30 s. */
function throttledOnce(surface: MemorySurface, channel: string): ChatSurface & { refused: number } {
  const flaky = {
    name: surface.name,
    refused: 0,
    async post(destination: string, card: Card, options: Parameters<ChatSurface['post']>[2]): Promise<SendOutcome> {
      if (destination === channel && card.kind === 'digest' && flaky.refused === 0) {
        flaky.refused += 1;
        return { kind: 'rate_limited', retryAfterMs: 30_000 };
      }
      return surface.post(destination, card, options);
    },
    update: (ref: MessageRef, card: Card) => surface.update(ref, card),
  };
  return flaky;
}

const digestPosts = (surface: MemorySurface) => surface.calls.filter((c) => c.method === 'post' && c.card.kind === 'digest');

describe('heartbeats and digests through the projection outbox', () => {
  const dirs: string[] = [];
  const tempDb = () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopx-delivery-'));
    dirs.push(dir);
    return join(dir, 'loopx.db');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('posts the heartbeat as a reply in the thread of the goal board card', async () => {
    const surface = createMemorySurface('slack');
    const app = await open(tempDb(), '2026-01-05T09:00:00Z', surface);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: BOARD, purposes: ['board'] }));
    await flush(app.engine);
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the launch post' }));
    app.clock.set('2026-01-05T10:00:00Z');
    expect(tick(app.jobs).map((r) => r.status)).toEqual(['posted']);
    await flush(app.engine, app.clock);
    const reply = surface.calls.find((c) => c.card.kind === 'heartbeat');
    const board = surface.calls.find((c) => c.card.kind === 'board');
    expect(reply?.threadOf).toEqual({ destination: BOARD, messageId: 'm1' });
    expect(board?.method).toBe('post');
  });

  it('shows an agent that stopped reporting on the board card once the heartbeat flags it', async () => {
    const surface = createMemorySurface('slack');
    const app = await open(tempDb(), '2026-01-05T09:00:00Z', surface);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: BOARD, purposes: ['board'] }));
    unwrap(recordHeartbeat(app.deps, asAgent('a1'), 'demo', {}));
    const boardText = () => JSON.stringify(surface.messages.get(`${BOARD}/m1`));
    for (const hour of ['10', '11']) {
      app.clock.set(`2026-01-05T${hour}:00:00Z`);
      tick(app.jobs);
      await flush(app.engine, app.clock);
      expect(boardText()).not.toContain('Stale agents');
    }
    app.clock.set('2026-01-05T12:00:00Z');
    tick(app.jobs);
    await flush(app.engine, app.clock);
    expect(boardText()).toContain('Stale agents, flagged by the heartbeat: a1 (last seen 2026-01-05 17:00 (Asia/Shanghai))');
  });

  it('posts the heartbeat in the thread in the binding\'s language (issue 16)', async () => {
    const surface = createMemorySurface('lark');
    const app = await open(tempDb(), '2026-01-05T09:00:00Z', surface);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: 'oc_zh', purposes: ['board'], locale: 'zh-CN' }));
    await flush(app.engine);
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the launch post' }));
    app.clock.set('2026-01-05T10:00:00Z');
    tick(app.jobs);
    await flush(app.engine, app.clock);
    const reply = surface.calls.find((c) => c.card.kind === 'heartbeat')?.card;
    expect(reply?.blocks[0]).toMatchObject({ type: 'header', text: '心跳 · Demo goal', status: '准时' });
    expect(JSON.stringify(reply)).toContain('新增 1 个待办');
  });

  it('posts each digest in its binding\'s language: a zh-CN chat reads Chinese, an English chat English (issue 16)', async () => {
    const surface = createMemorySurface('slack');
    const app = await open(tempDb(), '2026-01-05T07:00:00Z', surface);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: OPS, purposes: ['digest'], digestAt: '09:00', digestTimezone: 'Europe/Berlin', locale: 'zh-CN' }));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: LEADS, purposes: ['digest'], digestAt: '09:00', digestTimezone: 'Europe/Berlin' }));
    app.clock.set('2026-01-05T08:00:00Z');
    tick(app.jobs);
    await flush(app.engine, app.clock);
    const digestTo = (channel: string) => digestPosts(surface).find((c) => c.destination === channel)?.card;
    expect(digestTo(OPS)?.blocks[0]).toMatchObject({ type: 'header', text: expect.stringContaining('每日摘要') });
    expect(digestTo(OPS)?.fallbackText).toContain('的每日摘要');
    expect(digestTo(LEADS)?.blocks[0]).toMatchObject({ type: 'header', text: expect.stringContaining('Daily digest') });
  });

  it('resumes a digest cut off by a 429 without posting any channel twice, across a restart', async () => {
    const path = tempDb();
    const surface = createMemorySurface('slack');
    const flaky = throttledOnce(surface, LEADS);
    const first = await open(path, '2026-01-05T07:00:00Z', flaky);
    seedGoal(first.deps, { agents: ['a1'] });
    for (const destination of [OPS, LEADS]) {
      unwrap(bindGoal(first.deps, operator, { goalId: 'demo', surface: 'slack', destination, purposes: ['digest'], digestAt: '09:00', digestTimezone: 'Europe/Berlin' }));
    }
    first.clock.set('2026-01-05T08:00:00Z');
    expect(tick(first.jobs).filter((r) => r.job === 'digest').map((r) => r.key)).toEqual([`demo/slack/${LEADS}`, `demo/slack/${OPS}`]);
    await flush(first.engine);
    expect(flaky.refused).toBe(1);
    expect(digestPosts(surface).map((c) => c.destination)).not.toContain(LEADS);
    first.engine.stop();
    first.deps.store.close();

    // Restart inside the digest period, after Retry-After: the scheduler enqueues nothing new, the outbox resumes.
    const second = await open(path, '2026-01-05T08:01:00Z', flaky);
    expect(tick(second.jobs).filter((r) => r.job === 'digest')).toEqual([]);
    await flush(second.engine, second.clock);
    const perChannel = digestPosts(surface).reduce<Record<string, number>>((n, c) => ({ ...n, [c.destination]: (n[c.destination] ?? 0) + 1 }), {});
    expect(perChannel).toEqual({ [OPS]: 1, [LEADS]: 1 });
    await flush(second.engine, second.clock);
    expect(digestPosts(surface)).toHaveLength(2);
    second.engine.stop();
    second.deps.store.close();
  });
});
