import { describe, expect, it, vi } from 'vitest';
import { createMemorySurface } from '../../../adapters/memory/surface.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { createProjectionEngine } from '../../../src/app/projection/index.js';
import { createPresence, describeServers, serversSummary } from '../../../src/app/serve/presence.js';
import type { ChatSurface, SendOutcome } from '../../../src/app/surface.js';
import { outboxCounts } from '../../../src/store/outbox.js';
import { manualScheduler } from '../../helpers/chat-harness.js';
import { freshDbPath } from '../../helpers/cli.js';
import { steppedClock } from '../../helpers/clock.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const LEASE_MS = 15_000;

/** Two servers' connections on one database file, on one stepped clock. */
async function twoServers(): Promise<[TestApp, TestApp]> {
  const path = freshDbPath('loopx-presence-');
  const a = await createTestApp({ path });
  const b = await createTestApp({ path });
  const clock = steppedClock();
  return [{ ...a, deps: { ...a.deps, clock }, clock }, { ...b, deps: { ...b.deps, clock }, clock }];
}

describe('several servers on one database: one sender role, held by lease', () => {
  it('gives the sender role to one server; the other stands by and takes over when the holder stops beating (a crash)', async () => {
    const [a, b] = await twoServers();
    const first = createPresence(a.deps, { leaseMs: LEASE_MS });
    let tookOver = 0;
    const second = createPresence(b.deps, { leaseMs: LEASE_MS, onSender: () => (tookOver += 1) });
    first.start('http://127.0.0.1:1');
    second.start('http://127.0.0.1:2');
    expect([first.isSender(), second.isSender()]).toEqual([true, false]);
    const summary = serversSummary(b.deps, b.clock.now(), LEASE_MS);
    expect(summary.servers).toHaveLength(2);
    expect(describeServers(summary, second.id)).toMatch(/^2 servers share this database; pid \d+ on .* \(http:\/\/127\.0\.0\.1:1\) sends cards and runs jobs; this one stands by$/);
    // The holder renews within its lease; the standby keeps knocking and is refused.
    a.clock.advance(LEASE_MS - 1_000);
    expect(first.beat()).toBe(true);
    expect(second.beat()).toBe(false);
    // The holder dies (no more beats): its lease lapses and the standby takes the role.
    a.clock.advance(LEASE_MS);
    expect(first.isSender()).toBe(false);
    expect(second.beat()).toBe(true);
    expect(tookOver).toBe(1);
    // The old holder comes back (it was only paused): it must not take the role back while the new one renews.
    expect(first.beat()).toBe(false);
    first.stop();
    second.stop();
  });

  it('does not wait out the lease of a server on this machine whose process is gone: its role and outbox claims are released at once', async () => {
    const [a, b] = await twoServers();
    seedGoal(a.deps, { agents: [] });
    const crashed = createPresence(a.deps, { leaseMs: LEASE_MS, pid: 900_001, isAlive: () => true });
    crashed.start('http://127.0.0.1:1');
    const engine = createProjectionEngine(a.deps, { surfaces: [heldSurface()], scheduler: manualScheduler, identity: { owner: crashed.id, claimMs: 2 * LEASE_MS } });
    unwrap(bindGoal(a.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0123ABCDEF', purposes: ['board'] }));
    await vi.waitFor(() => expect(b.deps.store.first(b.deps.store.kysely.selectFrom('outbox').select('claimed_by'))?.claimed_by).toBe(crashed.id));
    // The restarted server (same machine, new pid) finds pid 900001 gone: no 15 s wait for the lease, no 30 s for the claim.
    const restarted = createPresence(b.deps, { leaseMs: LEASE_MS, pid: 900_002, isAlive: (pid) => pid !== 900_001 });
    restarted.start('http://127.0.0.1:2');
    expect(restarted.isSender()).toBe(true);
    expect(b.deps.store.first(b.deps.store.kysely.selectFrom('outbox').select('claimed_by'))?.claimed_by).toBeNull();
    expect(serversSummary(b.deps, b.clock.now(), LEASE_MS).servers.map((s) => s.pid)).toEqual([900_002]);
    engine.stop();
    restarted.stop();
  });

  it('hands the role over at the next heartbeat after a clean stop, and lists only running servers', async () => {
    const [a, b] = await twoServers();
    const first = createPresence(a.deps, { leaseMs: LEASE_MS });
    const second = createPresence(b.deps, { leaseMs: LEASE_MS });
    first.start('http://127.0.0.1:1');
    second.start('http://127.0.0.1:2');
    first.stop();
    expect(describeServers(serversSummary(b.deps, b.clock.now(), LEASE_MS))).toMatch(/^1 server on this database; none sends/);
    expect(second.beat()).toBe(true);
    expect(describeServers(serversSummary(b.deps, b.clock.now(), LEASE_MS), second.id)).toBe('1 server on this database; this one sends cards and runs jobs');
    second.stop();
  });
});

/** A surface whose posts never answer: a call in flight, or a sender that crashed mid-call. */
function heldSurface(): ChatSurface & { posts: string[] } {
  const memory = createMemorySurface('slack');
  const posts: string[] = [];
  return {
    ...memory,
    posts,
    post(_destination, card) {
      posts.push(card.key);
      return new Promise<SendOutcome>(() => undefined);
    },
  };
}

describe('outbox rows are claimed by the server sending them', () => {
  it('a row in flight on one server is not sent by another; a crashed sender’s claim lapses and the other sends it', async () => {
    const [a, b] = await twoServers();
    seedGoal(a.deps, { agents: [] });
    const slowA = heldSurface();
    const fastB = createMemorySurface('slack');
    const engineA = createProjectionEngine(a.deps, { surfaces: [slowA], scheduler: manualScheduler, identity: { owner: 'srv_a', claimMs: 30_000 } });
    const engineB = createProjectionEngine(b.deps, { surfaces: [fastB], scheduler: manualScheduler, identity: { owner: 'srv_b', claimMs: 30_000 } });
    unwrap(bindGoal(a.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0123ABCDEF', purposes: ['board'] }));
    engineA.kick();
    await vi.waitFor(() => expect(slowA.posts).toEqual(['goal:demo']));
    // Server A's post is in flight (or A died mid-call): B sees the row claimed and leaves it alone.
    engineB.kick();
    await engineB.idle();
    expect(fastB.calls).toEqual([]);
    expect(engineB.sender.nextDueInMs()).toBe(30_000);
    // A's claim lapses (A crashed): B takes the row over.
    b.clock.advance(30_000);
    engineB.kick();
    await engineB.idle();
    expect(fastB.calls.map((c) => `${c.method} ${c.card.key}`)).toEqual(['post goal:demo']);
    expect(outboxCounts(b.deps.store)).toEqual({ pending: 0, dead: 0 });
    engineA.stop();
    engineB.stop();
  });

  it('a standby engine (not holding the sender role) sends nothing until it may', async () => {
    const [a] = await twoServers();
    seedGoal(a.deps, { agents: [] });
    const surface = createMemorySurface('slack');
    let may = false;
    const engine = createProjectionEngine(a.deps, { surfaces: [surface], scheduler: manualScheduler, maySend: () => may });
    unwrap(bindGoal(a.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0123ABCDEF', purposes: ['board'] }));
    engine.kick();
    await engine.idle();
    expect(surface.calls).toHaveLength(0);
    may = true;
    engine.kick();
    await engine.idle();
    expect(surface.calls.map((c) => c.method)).toEqual(['post']);
    engine.stop();
  });
});
