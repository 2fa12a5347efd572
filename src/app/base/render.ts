import { createHash } from 'node:crypto';
import type { Lane } from '../../kernel/lanes.js';
import type { Gate } from '../../kernel/gate.js';
import type { Todo } from '../../kernel/todo.js';
import { latestEvidenceUrls } from '../../store/base-rows.js';
import type { Store } from '../../store/db.js';
import { findGoal } from '../../store/goals.js';
import { findPerson } from '../../store/people.js';
import { findLanedTodo, gateHolds, lanedTodos, type LanedTodo } from '../../store/todo-lanes.js';
import { findTodo, listTodos } from '../../store/todos.js';
import { openGatesFor, waitingOn } from '../queries/gates.js';
import { userActionDeciders } from '../work/user-actions.js';
import type { BaseSchema } from './schema.js';

/** The fields one todo's row should show, and their hash. */
export interface RowRender {
  readonly todoId: string;
  readonly goalId: string;
  readonly fields: Record<string, unknown>;
  readonly hash: string;
}

/** What a goal's rows share: its open gates, who they wait on, its evidence links. */
interface GoalContext {
  /** The table's names and language (the cells LoopX writes are in it). */
  readonly schema: BaseSchema;
  /** The goal's title: several goals may share one table, and people filter by it. */
  readonly title: string;
  readonly gates: readonly Gate[];
  readonly names: (personIds: readonly string[]) => string;
  readonly waitingOnGate: Map<string, string>;
  readonly deciders: string;
  readonly evidence: Map<string, string>;
}

function goalContext(store: Store, schema: BaseSchema, goalId: string, only: readonly string[] | undefined): GoalContext {
  const names = (ids: readonly string[]) => ids.map((id) => findPerson(store, id)?.name ?? id).join(schema.tr.t('base.cell.namesSeparator'));
  const gates = openGatesFor(store, goalId);
  return { schema, title: findGoal(store, goalId)?.title ?? goalId, gates, names, waitingOnGate: new Map(gates.map((g) => [g.id, names(waitingOn(store, g))])), deciders: names(userActionDeciders(store, goalId)), evidence: latestEvidenceUrls(store, goalId, only) };
}

function holdingGate(gates: readonly Gate[], todo: Todo): Gate | undefined {
  return gates.find((g) => g.blocks.global || g.blocks.todoIds.includes(todo.id) || (g.blocks.agent !== null && g.blocks.agent === todo.claimedBy));
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Who or what the row waits on, in words. */
function waitingText(ctx: GoalContext, todo: Todo, lane: Lane, gate: Gate | undefined, replacement: string | null): string {
  const { tr } = ctx.schema;
  if (replacement !== null) return tr.t('base.cell.superseded', { title: replacement });
  if (gate) return ctx.waitingOnGate.get(gate.id) ?? '';
  if (lane === 'user_gate') return ctx.deciders;
  if (todo.blockedReason) return todo.blockedReason;
  return todo.resumeWhen ? tr.t('base.cell.resumes', { when: todo.resumeWhen }) : '';
}

function rowOf(ctx: GoalContext, todo: Todo, lane: Lane, replacement: string | null): RowRender {
  const gate = lane === 'done' ? undefined : holdingGate(ctx.gates, todo);
  const link = ctx.evidence.get(todo.id);
  const leased = lane === 'claimed' || lane === 'running';
  const { F, lanes, taskClasses, tr } = ctx.schema;
  const fields: Record<string, unknown> = {
    [F.title]: todo.text,
    [F.goal]: ctx.title,
    [F.lane]: lanes[lane],
    [F.priority]: todo.priority,
    [F.taskClass]: taskClasses[todo.taskClass],
    [F.agent]: leased ? (todo.claimedBy ?? '') : '',
    [F.leaseExpires]: leased ? ms(todo.leaseExpiresAt) : null,
    [F.gate]: gate?.question ?? '',
    [F.waitingOn]: waitingText(ctx, todo, lane, gate, replacement),
    [F.evidence]: link ? { text: tr.t('base.cell.evidence'), link } : null,
    [F.updated]: ms(todo.updatedAt),
    [F.loopxId]: todo.id,
  };
  return { todoId: todo.id, goalId: todo.goalId, fields, hash: createHash('sha256').update(JSON.stringify(fields)).digest('hex') };
}

/**
 * Renders the rows of a goal's todos from current state (all of them, or those in `only`), named and worded in
 * `schema`'s language. Superseded and done todos keep their row: a superseded one moves to Done and says what
 * replaced it, so nothing disappears.
 */
export function renderGoalRows(store: Store, schema: BaseSchema, goalId: string, now: Date, only?: readonly string[]): RowRender[] {
  const few = only !== undefined && only.length <= FEW;
  const ctx = goalContext(store, schema, goalId, few ? only : undefined);
  const rows: RowRender[] = [];
  const replacementOf = (todo: Todo) => (todo.supersededBy ? findTodo(store, todo.supersededBy)?.text : null) ?? '';
  const add = (todo: Todo, lane: Lane | null) => {
    if (todo.goalId === goalId) rows.push(lane === null ? rowOf(ctx, todo, 'done', replacementOf(todo)) : rowOf(ctx, todo, lane, null));
  };
  if (few) {
    for (const id of only) {
      const found = findLanedTodo(store, id, now);
      if (found) add(found.todo, found.lane);
    }
    return rows;
  }
  // Many named todos (an agent holding hundreds) are read in one query of their own, never the whole goal.
  const wanted = only === undefined ? null : new Set(only);
  const live: LanedTodo[] = lanedTodos(store, goalId, gateHolds(store, goalId), now, undefined, only);
  for (const { todo, lane } of live) add(todo, lane);
  for (const todo of listTodos(store, goalId, ['superseded'])) if (!wanted || wanted.has(todo.id)) add(todo, null);
  return rows;
}

/** Up to this many todos are rendered one by one; more, and the whole goal is read in one query. */
const FEW = 50;
