import { describe, expect, it } from 'vitest';
import { emptyLaneCounts, LANES, type Lane } from '../../src/kernel/lanes.js';
import type { Store } from '../../src/store/db.js';
import { countLanes, firstTodosByLane, gateHolds, lanedTodos } from '../../src/store/todo-lanes.js';
import type { TodoTable } from '../../src/store/tables.js';
import { insertGateRow, insertTodoRow } from '../helpers/rows.js';
import { createTestApp, seedGoal } from '../helpers/test-app.js';

const now = new Date('2026-01-05T09:00:00Z');
const lease = { claimed_by: 'a1', lease_expires_at: '2026-01-05T09:30:00.000Z', lease_version: 1, lease_epoch: 1, lease_started_at: '2026-01-05T08:45:00.000Z' };

async function goalStore(): Promise<Store> {
  const { deps } = await createTestApp();
  seedGoal(deps, { agents: ['a1', 'a2', 'a3'] });
  return deps.store;
}

function seen(store: Store, agentId: string, at: string | null): void {
  store.run(store.kysely.updateTable('agents').set({ last_seen_at: at }).where('id', '=', agentId));
}

describe('the lane rule (domain.md §1), first matching rule wins', () => {
  it.each<{ name: string; todo: Partial<TodoTable>; gated?: boolean; activity?: string; lane: Lane }>([
    { name: 'done', todo: { status: 'done' }, lane: 'done' },
    { name: 'user action', todo: { task_class: 'user_action', role: 'user' }, lane: 'user_gate' },
    { name: 'blocked', todo: { status: 'blocked' }, lane: 'blocked' },
    { name: 'deferred', todo: { status: 'deferred' }, lane: 'blocked' },
    { name: 'blocker class', todo: { task_class: 'blocker' }, lane: 'blocked' },
    { name: 'gated by a pending gate', todo: {}, gated: true, lane: 'blocked' },
    { name: 'review', todo: { action_kind: 'review' }, lane: 'review' },
    { name: 'leased with activity since the lease began', todo: lease, activity: '2026-01-05T08:50:00.000Z', lane: 'running' },
    { name: 'leased, no activity since the lease began', todo: lease, activity: '2026-01-05T08:00:00.000Z', lane: 'claimed' },
    { name: 'leased, the holder never reported', todo: lease, lane: 'claimed' },
    { name: 'expired lease still claimed', todo: { ...lease, lease_expires_at: '2026-01-05T08:59:00.000Z' }, activity: '2026-01-05T08:50:00.000Z', lane: 'claimed' },
    { name: 'open', todo: {}, lane: 'todo' },
    { name: 'done wins over user action', todo: { status: 'done', task_class: 'user_action' }, lane: 'done' },
    { name: 'gate wins over review', todo: { action_kind: 'review' }, gated: true, lane: 'blocked' },
    { name: 'a gate on the holder wins over the lease', todo: lease, activity: '2026-01-05T08:50:00.000Z', gated: true, lane: 'blocked' },
  ])('$name → $lane', async ({ todo, gated, activity, lane }) => {
    const store = await goalStore();
    insertTodoRow(store, { id: 't1', ...todo });
    seen(store, 'a1', activity ?? null);
    if (gated) insertGateRow(store, { id: 'g1', ...(todo.claimed_by ? { blocks_agent: todo.claimed_by } : { blocks_todo_ids: '["t1"]' }) });
    const holds = gateHolds(store, 'demo');
    expect(lanedTodos(store, 'demo', holds, now).map((t) => t.lane)).toEqual([lane]);
    expect(countLanes(store, 'demo', holds, now).lanes).toEqual({ ...emptyLaneCounts(), [lane]: 1 });
    expect(firstTodosByLane(store, 'demo', holds, now, countLanes(store, 'demo', holds, now), 3).map((t) => [t.todo.id, t.lane])).toEqual([['t1', lane]]);
  });

  it('gives a superseded todo no lane at all', async () => {
    const store = await goalStore();
    insertTodoRow(store, { id: 't1', status: 'superseded' });
    const holds = gateHolds(store, 'demo');
    expect(lanedTodos(store, 'demo', holds, now)).toEqual([]);
    expect(countLanes(store, 'demo', holds, now).lanes).toEqual(emptyLaneCounts());
  });

  it('lets only open gates hold work: approved, rejected and cancelled gates hold nothing, snoozed ones still do', async () => {
    const store = await goalStore();
    for (const id of ['t1', 't2', 't3', 't4']) insertTodoRow(store, { id });
    insertGateRow(store, { id: 'g1', state: 'approved', blocks_todo_ids: '["t1"]' });
    insertGateRow(store, { id: 'g2', state: 'rejected', blocks_global: 1 });
    insertGateRow(store, { id: 'g3', state: 'cancelled', blocks_todo_ids: '["t2"]' });
    insertGateRow(store, { id: 'g4', state: 'deferred', blocks_todo_ids: '["t3"]' });
    expect(lanedTodos(store, 'demo', gateHolds(store, 'demo'), now).map((t) => `${t.todo.id}:${t.lane}`)).toEqual(['t1:todo', 't2:todo', 't3:blocked', 't4:todo']);
  });

  it('holds everything under a global gate', async () => {
    const store = await goalStore();
    insertTodoRow(store, { id: 't1' });
    insertTodoRow(store, { id: 't2', ...lease });
    insertTodoRow(store, { id: 't3', action_kind: 'review' });
    insertGateRow(store, { id: 'g1', blocks_global: 1 });
    const holds = gateHolds(store, 'demo');
    expect(countLanes(store, 'demo', holds, now).lanes).toEqual({ ...emptyLaneCounts(), blocked: 3 });
  });
});

/** A small deterministic generator, so a failure names a reproducible dataset. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

function seedMixedGoal(store: Store, seed: number, todos: number): void {
  const next = random(seed);
  const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)] as T;
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  for (let i = 0; i < todos; i += 1) {
    const claimedBy = next() < 0.3 ? pick(['a1', 'a2', 'a3']) : null;
    insertTodoRow(store, {
      id: `t${String(i).padStart(3, '0')}`,
      status: pick(['open', 'open', 'open', 'done', 'blocked', 'deferred', 'superseded']),
      task_class: pick(['advancement', 'advancement', 'advancement', 'monitor', 'user_action', 'blocker']),
      priority: pick(['P0', 'P1', 'P2', 'P3', 'P4']),
      action_kind: next() < 0.15 ? 'review' : null,
      created_at: at(-Math.floor(next() * 600)),
      completed_at: next() < 0.8 ? at(-Math.floor(next() * 300)) : null,
      ...(claimedBy ? { claimed_by: claimedBy, lease_expires_at: at(Math.floor(next() * 60) - 20), lease_version: 1, lease_epoch: 1, lease_started_at: at(-30) } : {}),
    });
  }
  seen(store, 'a1', at(-10));
  seen(store, 'a2', at(-60));
  for (let g = 0; g < 6; g += 1) {
    const held = Array.from({ length: 3 }, () => `t${String(Math.floor(next() * todos)).padStart(3, '0')}`);
    insertGateRow(store, { id: `g${g}`, state: pick(['pending', 'deferred', 'approved']), blocks_todo_ids: JSON.stringify(held), blocks_agent: next() < 0.2 ? 'a3' : null });
  }
}

describe('counts and first todos agree with the row-by-row lanes', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('random goal #%i', async (seed) => {
    const store = await goalStore();
    seedMixedGoal(store, seed, 120);
    const holds = gateHolds(store, 'demo');
    const rows = lanedTodos(store, 'demo', holds, now);
    const tally = emptyLaneCounts();
    for (const { lane } of rows) tally[lane] += 1;
    const counts = countLanes(store, 'demo', holds, now);
    expect(counts.lanes).toEqual(tally);

    const first = firstTodosByLane(store, 'demo', holds, now, counts, 4);
    for (const lane of LANES) {
      const inLane = rows.filter((t) => t.lane === lane).map((t) => t.todo);
      if (lane === 'done') inLane.sort((a, b) => (a.completedAt ?? '') < (b.completedAt ?? '') ? 1 : (a.completedAt ?? '') > (b.completedAt ?? '') ? -1 : a.id < b.id ? 1 : -1);
      expect(first.filter((t) => t.lane === lane).map((t) => t.todo.id), lane).toEqual(inLane.slice(0, 4).map((t) => t.id));
    }
  });
});
