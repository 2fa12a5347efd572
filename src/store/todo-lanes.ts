import { sql, type RawBuilder } from 'kysely';
import { OPEN_GATE_STATES } from '../kernel/gate.js';
import { emptyLaneCounts, LANES, type Lane } from '../kernel/lanes.js';
import type { Todo } from '../kernel/todo.js';
import type { TodoStatus } from '../kernel/vocabulary.js';
import type { Store } from './db.js';
import { todoFromRow } from './todos.js';

// The lane rule (domain.md §1), first matching rule wins: done; a user action is User Gate; blocked, deferred, a
// blocker, or held by an open gate is Blocked; review; an active lease is Running when its holder has reported
// since the lease began, else Claimed; a claim whose lease ran out is Claimed; else Todo.
// It lives in SQL so a goal with 10,000 todos is counted and listed by indexes instead of row by row in
// JavaScript: the generated column `base_lane` (migration 0007) decides what the row alone decides, and
// `laneExpression` refines it with the open gates, the clock and the holder's last activity.

/** A todo with its derived lane. */
export interface LanedTodo {
  readonly todo: Todo;
  readonly lane: Lane;
}

/** What a goal's open gates (pending or snoozed) hold back: everything, some todos, and the claims of some agents. */
export interface GateHolds {
  readonly global: boolean;
  /** JSON arrays, bound as parameters so every query keeps one prepared statement. */
  readonly todoIdsJson: string;
  readonly agentsJson: string;
}

/** Reads what the goal's open gates hold, in two aggregate queries however many gates are open. */
export function gateHolds(store: Store, goalId: string): GateHolds {
  const scope = store.first(
    store.kysely
      .selectFrom('gates')
      .select([sql<number>`coalesce(max(blocks_global), 0)`.as('global'), sql<string>`json_group_array(DISTINCT blocks_agent) FILTER (WHERE blocks_agent IS NOT NULL)`.as('agents')])
      .where('goal_id', '=', goalId)
      .where('state', 'in', OPEN_GATE_STATES),
  );
  const listed = store.first(
    store.kysely
      .selectFrom(['gates', sql<{ value: string }>`json_each(gates.blocks_todo_ids)`.as('held')])
      .select(sql<string>`json_group_array(DISTINCT held.value)`.as('ids'))
      .where('gates.goal_id', '=', goalId)
      .where('gates.state', 'in', OPEN_GATE_STATES),
  );
  return { global: scope?.global === 1, todoIdsJson: listed?.ids ?? '[]', agentsJson: scope?.agents ?? '[]' };
}

/** The full lane of the `todos` row in scope, at `now`. */
export function laneExpression(holds: GateHolds, now: Date): RawBuilder<Lane> {
  return sql<Lane>`CASE
    WHEN todos.base_lane IN ('done', 'user_gate', 'blocked') THEN todos.base_lane
    WHEN ${holds.global ? 1 : 0} = 1
      OR todos.id IN (SELECT value FROM json_each(${holds.todoIdsJson}))
      OR todos.claimed_by IN (SELECT value FROM json_each(${holds.agentsJson})) THEN 'blocked'
    WHEN todos.base_lane = 'review' THEN 'review'
    WHEN todos.base_lane = 'leased' AND julianday(todos.lease_expires_at) > julianday(${now.toISOString()})
      AND (SELECT agents.last_seen_at FROM agents WHERE agents.id = todos.claimed_by) >= todos.lease_started_at THEN 'running'
    WHEN todos.base_lane = 'leased' THEN 'claimed'
    ELSE 'todo' END`;
}

/** How many todos each lane holds, and how many of them came from each `base_lane` (so empty sources are skipped). */
export interface LaneCounts {
  readonly lanes: Record<Lane, number>;
  readonly from: ReadonlyMap<string, number>;
}

const fromKey = (source: string, lane: Lane) => `${source}>${lane}`;

/** Todos per lane (every lane present), from index-only counts plus a row-by-row look at claimed and review todos. */
export function countLanes(store: Store, goalId: string, holds: GateHolds, now: Date): LaneCounts {
  const lanes = emptyLaneCounts();
  const from = new Map<string, number>();
  const add = (source: string, lane: Lane, n: number) => {
    lanes[lane] += n;
    from.set(fromKey(source, lane), (from.get(fromKey(source, lane)) ?? 0) + n);
  };
  const base = store.all(
    store.kysely.selectFrom('todos').select(['base_lane', (eb) => eb.fn.countAll<number>().as('n')]).where('goal_id', '=', goalId).where('base_lane', 'is not', null).groupBy('base_lane'),
  );
  const baseTodo = base.find((row) => row.base_lane === 'todo')?.n ?? 0;
  for (const { base_lane: source, n } of base) if (source === 'done' || source === 'user_gate' || source === 'blocked') add(source, source, n);
  // Gates, leases and activity can move only review and leased rows, and unclaimed todo rows into Blocked.
  const refined = store.all(
    store.kysely
      .selectFrom('todos')
      .select(['base_lane', laneExpression(holds, now).as('lane'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('goal_id', '=', goalId)
      .where('base_lane', 'in', ['review', 'leased'])
      .groupBy(['base_lane', 'lane']),
  );
  for (const { base_lane: source, lane, n } of refined) add(source ?? '', lane, n);
  const held = holds.global ? baseTodo : heldTodoRows(store, goalId, holds);
  add('todo', 'blocked', held);
  add('todo', 'todo', baseTodo - held);
  return { lanes, from };
}

/** Unclaimed todo rows that an open gate lists by id (they have no holder, so no agent-scoped gate holds them). */
function heldTodoRows(store: Store, goalId: string, holds: GateHolds): number {
  const row = store.first(
    store.kysely
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('goal_id', '=', goalId)
      .where('base_lane', '=', 'todo')
      .where(sql<boolean>`todos.id IN (SELECT value FROM json_each(${holds.todoIdsJson}))`),
  );
  return row?.n ?? 0;
}

/** Which `base_lane` values each lane draws from. */
const LANE_SOURCES: Readonly<Record<Lane, readonly string[]>> = {
  todo: ['todo'],
  claimed: ['leased'],
  running: ['leased'],
  review: ['review'],
  blocked: ['blocked', 'review', 'leased', 'todo'],
  user_gate: ['user_gate'],
  done: ['done'],
};

/** Compares like SQLite compares text (by code unit, not by locale). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Board order within a lane, as the queries sort (and the indexes read): newest completion first for Done, else priority then age. */
function byLaneOrder(lane: Lane) {
  return (a: Todo, b: Todo): number =>
    lane === 'done'
      ? compareText(b.completedAt ?? '', a.completedAt ?? '') || compareText(b.id, a.id)
      : compareText(a.priority, b.priority) || compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id);
}

function firstOfSource(store: Store, goalId: string, lane: Lane, source: string, holds: GateHolds, now: Date, limit: number): Todo[] {
  let query = store.kysely.selectFrom('todos').selectAll().where('goal_id', '=', goalId).where('base_lane', '=', source).where(sql<boolean>`${laneExpression(holds, now)} = ${lane}`);
  query = lane === 'done' ? query.orderBy('completed_at', 'desc').orderBy('id', 'desc') : query.orderBy('priority').orderBy('created_at').orderBy('id');
  return store.all(query.limit(limit)).map(todoFromRow);
}

/** The first `perLane` todos of each lane in board order, read only from the sources `counts` (countLanes) shows non-empty. */
export function firstTodosByLane(store: Store, goalId: string, holds: GateHolds, now: Date, counts: LaneCounts, perLane: number): LanedTodo[] {
  return LANES.flatMap((lane) => {
    if (perLane <= 0) return [];
    const sources = LANE_SOURCES[lane].filter((source) => (counts.from.get(fromKey(source, lane)) ?? 0) > 0);
    const todos = sources.flatMap((source) => firstOfSource(store, goalId, lane, source, holds, now, perLane));
    return todos.sort(byLaneOrder(lane)).slice(0, perLane).map((todo) => ({ todo, lane }));
  });
}

/** Every todo of a goal with its lane (superseded ones have none), optionally by status, in priority then age order. */
export function lanedTodos(store: Store, goalId: string, holds: GateHolds, now: Date, statuses?: readonly TodoStatus[], ids?: readonly string[]): LanedTodo[] {
  let query = store.kysely.selectFrom('todos').selectAll().select(laneExpression(holds, now).as('lane')).where('goal_id', '=', goalId).where('base_lane', 'is not', null);
  if (statuses && statuses.length > 0) query = query.where('status', 'in', statuses);
  // Any number of ids as one bound JSON array (no limit on SQL variables).
  if (ids) query = query.where('id', 'in', sql<string>`(SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  return store.all(query.orderBy('priority').orderBy('created_at').orderBy('id')).map((row) => ({ todo: todoFromRow(row), lane: row.lane }));
}

/** One todo with its lane at `now` (none for a superseded todo), or undefined when there is no such todo. */
export function findLanedTodo(store: Store, todoId: string, now: Date): { todo: Todo; lane: Lane | null } | undefined {
  const goal = store.first(store.kysely.selectFrom('todos').select('goal_id').where('id', '=', todoId));
  if (!goal) return undefined;
  const row = store.first(store.kysely.selectFrom('todos').selectAll().select(laneExpression(gateHolds(store, goal.goal_id), now).as('lane')).where('id', '=', todoId));
  return row ? { todo: todoFromRow(row), lane: row.base_lane === null ? null : row.lane } : undefined;
}
