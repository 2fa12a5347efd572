import type { Selectable } from 'kysely';
import type { Todo } from '../kernel/todo.js';
import type { LeaseState } from '../kernel/lease.js';
import type { Priority, TaskClass, TodoRole, TodoStatus } from '../kernel/vocabulary.js';
import type { Store } from './db.js';
import type { TodoTable } from './tables.js';

/** Maps a stored row to the domain todo (the values were CHECK-constrained on the way in). */
export function todoFromRow(row: Selectable<TodoTable>): Todo {
  return {
    id: row.id,
    goalId: row.goal_id,
    text: row.text,
    role: row.role as TodoRole,
    taskClass: row.task_class as TaskClass,
    priority: row.priority as Priority,
    status: row.status as TodoStatus,
    actionKind: row.action_kind,
    blockedReason: row.blocked_reason,
    resumeWhen: row.resume_when,
    claimedBy: row.claimed_by,
    leaseExpiresAt: row.lease_expires_at,
    leaseVersion: row.lease_version,
    leaseEpoch: row.lease_epoch,
    leaseStartedAt: row.lease_started_at,
    predecessorId: row.predecessor_id,
    supersededBy: row.superseded_by,
    noFollowup: row.no_followup,
    completedAt: row.completed_at,
    completedBy: row.completed_by,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Fields of a new todo. */
export interface NewTodo {
  readonly id: string;
  readonly goalId: string;
  readonly text: string;
  readonly role: TodoRole;
  readonly taskClass: TaskClass;
  readonly priority: Priority;
  readonly status: TodoStatus;
  readonly actionKind: string | null;
  readonly resumeWhen: string | null;
  readonly predecessorId: string | null;
}

/** Inserts a todo. */
export function insertTodo(store: Store, todo: NewTodo, at: string): void {
  store.run(
    store.kysely.insertInto('todos').values({
      id: todo.id,
      goal_id: todo.goalId,
      text: todo.text,
      role: todo.role,
      task_class: todo.taskClass,
      priority: todo.priority,
      status: todo.status,
      blocked_reason: null,
      action_kind: todo.actionKind,
      resume_when: todo.resumeWhen,
      claimed_by: null,
      lease_expires_at: null,
      lease_version: 0,
      lease_epoch: 0,
      lease_started_at: null,
      predecessor_id: todo.predecessorId,
      superseded_by: null,
      no_followup: null,
      completed_at: null,
      completed_by: null,
      revision: 1,
      created_at: at,
      updated_at: at,
    }),
  );
}

/** Reads one todo. */
export function findTodo(store: Store, id: string): Todo | undefined {
  const row = store.first(store.kysely.selectFrom('todos').selectAll().where('id', '=', id));
  return row ? todoFromRow(row) : undefined;
}

/** The goal's live (open, blocked or deferred) todo with exactly this text, if any: found in SQL, not by reading every todo. */
export function findLiveTodoByText(store: Store, goalId: string, text: string): Todo | undefined {
  const row = store.first(store.kysely.selectFrom('todos').selectAll().where('goal_id', '=', goalId).where('status', 'in', ['open', 'blocked', 'deferred']).where('text', '=', text).orderBy('created_at').limit(1));
  return row ? todoFromRow(row) : undefined;
}

/** Lists a goal's todos, optionally by status, in priority then age order. */
export function listTodos(store: Store, goalId: string, statuses?: readonly TodoStatus[]): Todo[] {
  let query = store.kysely.selectFrom('todos').selectAll().where('goal_id', '=', goalId);
  if (statuses && statuses.length > 0) query = query.where('status', 'in', statuses);
  return store.all(query.orderBy('priority').orderBy('created_at').orderBy('id')).map(todoFromRow);
}

/** The lease columns of a row. */
function leaseColumns(lease: LeaseState) {
  return {
    claimed_by: lease.claimedBy,
    lease_expires_at: lease.leaseExpiresAt,
    lease_version: lease.leaseVersion,
    lease_epoch: lease.leaseEpoch,
    lease_started_at: lease.leaseStartedAt,
  };
}

/**
 * Writes a new lease as a compare-and-swap on the lease version the decision was made from; returns false
 * when another writer got there first.
 */
export function swapLease(store: Store, todoId: string, fromVersion: number, lease: LeaseState, at: string): boolean {
  const changed = store.run(
    store.kysely
      .updateTable('todos')
      .set((eb) => ({ ...leaseColumns(lease), revision: eb('revision', '+', 1), updated_at: at }))
      .where('id', '=', todoId)
      .where('lease_version', '=', fromVersion),
  );
  return changed === 1;
}

/** Updates descriptive or status fields of a todo, bumping its revision. */
export function updateTodo(
  store: Store,
  todoId: string,
  fields: Partial<Pick<TodoTable, 'text' | 'priority' | 'status' | 'blocked_reason' | 'resume_when' | 'action_kind' | 'superseded_by' | 'no_followup' | 'completed_at' | 'completed_by'>>,
  lease: LeaseState | null,
  at: string,
): void {
  store.run(
    store.kysely
      .updateTable('todos')
      .set((eb) => ({ ...fields, ...(lease ? leaseColumns(lease) : {}), revision: eb('revision', '+', 1), updated_at: at }))
      .where('id', '=', todoId),
  );
}

/** A goal's open user actions (to-dos for a person), oldest first, at most `limit`, and how many there are. */
export function selectOpenUserActions(store: Store, goalId: string, limit: number): { todos: Todo[]; total: number } {
  const open = store.kysely.selectFrom('todos').where('goal_id', '=', goalId).where('task_class', '=', 'user_action').where('status', '=', 'open');
  const rows = store.all(open.selectAll().orderBy('created_at').orderBy('id').limit(limit));
  const total = store.first(open.select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0;
  return { todos: rows.map(todoFromRow), total };
}
