import { sql, type RawBuilder } from 'kysely';
import { OPEN_GATE_STATES } from '../kernel/gate.js';
import type { Todo } from '../kernel/todo.js';
import type { Store } from './db.js';
import { policyFromRow, selectGatesById } from './gates.js';
import type { GateHolds } from './todo-lanes.js';
import { todoFromRow } from './todos.js';

// What a goal offers one agent this turn (domain.md §3), answered by indexes so a goal with 10,000 todos and
// 1,000 gates costs a few small queries, not a read of every row. A todo is *takeable* by the agent when it is an
// agent's todo of the class asked, open (or deferred and its resume_when holds), and not leased by someone
// else. It is *held* when an open gate is global, scoped on this agent, or lists it. Selection order: the
// agent's own live claims first, then priority, then age.

/** Who asks, and when. */
export interface Asker {
  readonly goalId: string;
  readonly agentId: string;
  readonly now: Date;
  readonly holds: GateHolds;
}

/** SQL truth of "`todos.resume_when` holds now": none set, the named todo is done, the named gate approved, or the time has come. */
function resumeReady(now: Date): RawBuilder<boolean> {
  return sql<boolean>`(todos.resume_when IS NULL
    OR (substr(todos.resume_when, 1, 10) = 'todo_done:' AND EXISTS (SELECT 1 FROM todos AS done WHERE done.id = substr(todos.resume_when, 11) AND done.goal_id = todos.goal_id AND done.status = 'done'))
    OR (substr(todos.resume_when, 1, 5) = 'gate:' AND EXISTS (SELECT 1 FROM gates WHERE gates.id = substr(todos.resume_when, 6) AND gates.goal_id = todos.goal_id AND gates.state = 'approved'))
    OR (substr(todos.resume_when, 1, 10) <> 'todo_done:' AND substr(todos.resume_when, 1, 5) <> 'gate:' AND julianday(todos.resume_when) <= julianday(${now.toISOString()})))`;
}

/** SQL truth of "the `todos` row is an active lease of `agentId`". */
function leasedBy(agentId: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(todos.claimed_by = ${agentId} AND julianday(todos.lease_expires_at) > julianday(${now.toISOString()}))`;
}

/** SQL truth of "the `todos` row is takeable by the asker". */
function takeable(ask: Asker): RawBuilder<boolean> {
  const now = ask.now.toISOString();
  return sql<boolean>`(todos.role = 'agent'
    AND (todos.status = 'open' OR (todos.status = 'deferred' AND ${resumeReady(ask.now)}))
    AND (todos.claimed_by IS NULL OR todos.claimed_by = ${ask.agentId} OR todos.lease_expires_at IS NULL OR julianday(todos.lease_expires_at) <= julianday(${now})))`;
}

/** SQL truth of "an open gate lists the `todos` row" (the rest of `held` does not depend on the row). */
function listedByGate(holds: GateHolds): RawBuilder<boolean> {
  return sql<boolean>`todos.id IN (SELECT value FROM json_each(${holds.todoIdsJson}))`;
}

/** True when an open gate holds all of the agent's work (global, or scoped on the agent). */
function holdsEverything(ask: Asker): boolean {
  return ask.holds.global || (JSON.parse(ask.holds.agentsJson) as string[]).includes(ask.agentId);
}

/** The first takeable todo of `taskClass` no gate holds, in selection order. */
export function firstUnheld(store: Store, ask: Asker, taskClass: 'monitor' | 'advancement'): Todo | null {
  if (holdsEverything(ask)) return null;
  const candidates = store.kysely
    .selectFrom('todos')
    .selectAll()
    .where('goal_id', '=', ask.goalId)
    .where('task_class', '=', taskClass)
    .where(takeable(ask))
    .where(sql<boolean>`NOT ${listedByGate(ask.holds)}`)
    .orderBy('priority')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  const mine = store.first(candidates.where('claimed_by', '=', ask.agentId).where(leasedBy(ask.agentId, ask.now)));
  const row = mine ?? store.first(candidates);
  return row ? todoFromRow(row) : null;
}

/** How many takeable advancement todos an open gate lists (when no gate holds everything). */
export function countListedTakeable(store: Store, ask: Asker): number {
  const row = store.first(
    store.kysely
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('goal_id', '=', ask.goalId)
      .where('task_class', '=', 'advancement')
      .where(listedByGate(ask.holds))
      .where(takeable(ask)),
  );
  return row?.n ?? 0;
}

/** How many of the goal's agent todos are deferred or under an active lease (work that may come back). */
export function countWaiting(store: Store, ask: Asker): number {
  const row = store.first(
    store.kysely
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('goal_id', '=', ask.goalId)
      .where('role', '=', 'agent')
      .where('status', 'in', ['open', 'blocked', 'deferred'])
      .where(sql<boolean>`(todos.status = 'deferred' OR (todos.claimed_by IS NOT NULL AND julianday(todos.lease_expires_at) > julianday(${ask.now.toISOString()})))`),
  );
  return row?.n ?? 0;
}

/** SQL truth of "the `gates` row is open and holds the asker's takeable advancement work". */
function blocksAsker(ask: Asker): RawBuilder<boolean> {
  return sql<boolean>`(gates.state IN (${sql.join(OPEN_GATE_STATES)}) AND (gates.blocks_global = 1 OR gates.blocks_agent = ${ask.agentId} OR EXISTS (
    SELECT 1 FROM json_each(gates.blocks_todo_ids) AS listed CROSS JOIN todos ON todos.id = listed.value
    WHERE todos.goal_id = gates.goal_id AND todos.task_class = 'advancement' AND ${takeable(ask)})))`;
}

/** The open gates holding the asker's work: the oldest `limit` in full, how many in all and pending, and their distinct approval policies. */
export function selectBlockingGates(store: Store, ask: Asker, limit: number) {
  const rows = store.all(
    store.kysely
      .selectFrom('gates')
      .select(['id', 'state', 'approvers', 'allow_self_approval', 'requested_by'])
      .where('goal_id', '=', ask.goalId)
      .where(blocksAsker(ask))
      .orderBy('created_at')
      .orderBy('id'),
  );
  const policies = new Map(rows.map((row) => [JSON.stringify([row.approvers, row.allow_self_approval, row.requested_by]), row]));
  return {
    gates: selectGatesById(store, rows.slice(0, limit).map((row) => row.id)),
    total: rows.length,
    pending: rows.filter((row) => row.state === 'pending').length,
    policies: [...policies.values()].map((row) => policyFromRow(ask.goalId, row)),
  };
}

/** How many of the agent's latest turns (at most `limit`) in a row went to a monitor whose last check found no change. */
export function countQuietMonitorTurns(store: Store, ask: Pick<Asker, 'goalId' | 'agentId'>, limit: number): number {
  const turns = store.all(
    store.kysely
      .selectFrom('turns')
      .leftJoin('monitors', 'monitors.todo_id', 'turns.selected_todo_id')
      .select(['turns.mode', 'monitors.unchanged'])
      .where('turns.goal_id', '=', ask.goalId)
      .where('turns.agent_id', '=', ask.agentId)
      .orderBy('turns.created_at', 'desc')
      .orderBy(sql`turns.rowid`, 'desc')
      .limit(limit),
  );
  let quiet = 0;
  for (const turn of turns) {
    if (turn.mode !== 'monitor_due' || (turn.unchanged ?? 0) === 0) break;
    quiet += 1;
  }
  return quiet;
}
