import { describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { decideGate } from '../../src/app/gate-decisions.js';
import { askGate } from '../../src/app/gates.js';
import { claimTodo } from '../../src/app/leases.js';
import { goalCharts } from '../../src/app/queries/charts.js';
import { addTodo, blockTodo, completeTodo } from '../../src/app/todos.js';
import type { Store } from '../../src/store/db.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';

const DAY = 86_400_000;
const localDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** The bands as the todos table says now: the truth the last day of the flow must match. */
function bandsFromTodos(store: Store, goalId: string) {
  const rows = store.sqlite.prepare("SELECT status, claimed_by FROM todos WHERE goal_id = ? AND status != 'superseded'").all(goalId) as { status: string; claimed_by: string | null }[];
  const count = (test: (r: { status: string; claimed_by: string | null }) => boolean) => rows.filter(test).length;
  return {
    todo: count((r) => r.status === 'open' && r.claimed_by === null),
    in_progress: count((r) => r.status === 'open' && r.claimed_by !== null),
    blocked: count((r) => r.status === 'blocked' || r.status === 'deferred'),
    done: count((r) => r.status === 'done'),
  };
}

describe('goal charts: the numbers come from the database', () => {
  it('replays the flow per day, counts evidence per local day and measures gate waits', async () => {
    const { deps, clock } = await createTestApp({ start: '2026-03-01T02:00:00.000Z' });
    const { goalId } = seedGoal(deps);
    const add = (text: string) => unwrap(addTodo(deps, operator, goalId, { text })).todo.id;
    const evidence = (n: number) => {
      for (let i = 0; i < n; i += 1) unwrap(addEvidence(deps, asAgent('a1'), { goalId, kind: 'note', summary: `note ${i}` }));
    };
    // Day 1: three todos, two pieces of evidence.
    const [draft, review, publish] = [add('Draft'), add('Review'), add('Publish')];
    evidence(2);
    // Day 2: a1 claims the draft, review is blocked; a gate is asked.
    clock.advance(DAY);
    const lease = unwrap(claimTodo(deps, asAgent('a1'), draft!));
    unwrap(blockTodo(deps, operator, review!, 'waiting for legal'));
    const decided = unwrap(askGate(deps, asAgent('a1'), goalId, { question: 'May I publish?', blocks: { todoIds: [publish!] } })).gate;
    evidence(1);
    // Day 3, six hours later: the gate is approved, the draft done; another gate stays open.
    clock.advance(DAY + 6 * 3_600_000);
    unwrap(decideGate(deps, { actor: { kind: 'person', id: 'ana' } }, decided.id, { choice: 'approve', revision: 1, via: 'cli' }));
    unwrap(completeTodo(deps, asAgent('a1'), draft!, { leaseVersion: lease.leaseVersion, successors: [], noFollowup: 'drafted' }));
    unwrap(askGate(deps, asAgent('a1'), goalId, { question: 'Which date?', blocks: { agent: 'a1' } }));
    evidence(3);
    clock.advance(2 * 3_600_000);

    const now = clock.now();
    const charts = goalCharts(deps.store, { id: goalId, timezone: 'Asia/Shanghai' }, now);
    expect(charts.days).toHaveLength(14);
    expect(charts.days.at(-1)).toBe(localDate(now.toISOString()));
    const last3 = charts.flow.slice(-3);
    expect(last3).toEqual([
      { todo: 3, in_progress: 0, blocked: 0, done: 0 },
      { todo: 1, in_progress: 1, blocked: 1, done: 0 },
      { todo: 1, in_progress: 0, blocked: 1, done: 1 },
    ]);
    expect(charts.flow.slice(0, -3).every((day) => Object.values(day).every((n) => n === 0))).toBe(true);
    expect(charts.flow.at(-1)).toEqual(bandsFromTodos(deps.store, goalId));
    expect(publish).toBeDefined();

    const rows = deps.store.sqlite.prepare('SELECT created_at FROM evidence WHERE goal_id = ?').all(goalId) as { created_at: string }[];
    const perDay = charts.days.map((day) => rows.filter((r) => localDate(r.created_at) === day).length);
    expect(charts.evidence).toEqual(perDay);
    expect(charts.evidence.slice(-3)).toEqual([2, 1, 3]);

    const gates = deps.store.sqlite.prepare('SELECT state, created_at, decided_at FROM gates WHERE goal_id = ?').all(goalId) as { state: string; created_at: string; decided_at: string | null }[];
    const decidedRow = gates.find((g) => g.decided_at !== null)!;
    const openRow = gates.find((g) => g.state === 'pending')!;
    expect(charts.gateWaits).toEqual({
      decided: 1,
      medianMs: Date.parse(decidedRow.decided_at!) - Date.parse(decidedRow.created_at),
      open: 1,
      longestOpenMs: now.getTime() - Date.parse(openRow.created_at),
    });
    expect(charts.gateWaits.medianMs).toBe(DAY + 6 * 3_600_000);
  });
});
