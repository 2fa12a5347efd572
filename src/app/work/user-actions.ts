import type { UserActionSummary } from '../../../cards/views.js';
import { fail, type KernelError } from '../../kernel/errors.js';
import { ok, type Result } from '../../kernel/result.js';
import { requireWorkable, type Todo } from '../../kernel/todo.js';
import type { Origin } from '../../kernel/vocabulary.js';
import type { Store } from '../../store/db.js';
import { listMemberships } from '../../store/goals.js';
import { findPerson } from '../../store/people.js';
import { selectOpenUserActions } from '../../store/todos.js';
import type { AppDeps } from '../deps.js';
import { requireTodo } from '../lookup.js';
import { finishTodo } from '../todos.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from '../write.js';

// A user action is a to-do for a person ("Sign the contract"). It waits on the people who hold authority on its
// goal (owners and approvers): it is in their "Needs you" on every surface, and any of them may press Done.

/** The people a goal's user actions wait on: its owners and approvers. */
export function userActionDeciders(store: Store, goalId: string): string[] {
  return listMemberships(store, goalId)
    .filter((m) => m.role === 'owner' || m.role === 'approver')
    .map((m) => m.personId);
}

/**
 * Refuses (throws, inside a command) anyone but the goal's owners and approvers (or the system) answering for a
 * person about `todo`; `what` says what they tried, e.g. `mark "Sign the contract" done`.
 */
export function requireGoalDecider(ctx: WriteContext, todo: Todo, what: string): void {
  const deciders = userActionDeciders(ctx.store, todo.goalId);
  if (ctx.actor.kind === 'system' || (ctx.actor.kind === 'person' && deciders.includes(ctx.actor.id))) return;
  const names = deciders.map((id) => findPerson(ctx.store, id)?.name ?? id).join(', ') || 'the goal`s owners';
  must(fail('forbidden', `Only ${names} can ${what}.`, { todo_id: todo.id, waiting_on: deciders }));
}

/** The goal's open user actions as "Needs you" shows them (at most `limit`), and how many are open. */
export function openUserActions(store: Store, goalId: string, limit: number): { actions: UserActionSummary[]; total: number } {
  const { todos, total } = selectOpenUserActions(store, goalId, limit);
  const deciderIds = userActionDeciders(store, goalId);
  const waitingOn = deciderIds.map((id) => findPerson(store, id)?.name ?? id);
  return { actions: todos.map((todo) => ({ id: todo.id, text: todo.text, waitingOn, deciderIds, createdAt: todo.createdAt })), total };
}

/**
 * A person marks a user action done (a Done button, or `loopx todo done --as`): only the people it waits on may,
 * and doing it twice changes nothing.
 */
export function markUserActionDone(deps: AppDeps, origin: WriteOrigin, todoId: string, via: Origin): Result<{ todo: Todo; changed: boolean }, KernelError> {
  return runWrite<{ todo: Todo; changed: boolean }>(deps, { ...origin, command: 'todo.user_action_done', request: { todoId, via } }, (ctx) => {
    const todo = must(requireTodo(ctx.store, todoId));
    if (todo.taskClass !== 'user_action') return fail('invalid_request', `"${todo.text}" is agent work, not a to-do for a person; agents complete it.`, { field: 'todo_id', id: todo.id });
    if (todo.status === 'done') return ok({ todo, changed: false });
    must(requireWorkable(todo));
    requireGoalDecider(ctx, todo, `mark "${todo.text}" done`);
    return ok({ todo: finishTodo(ctx, todo, null, { via }), changed: true });
  });
}
