import { insertMonitor } from '../store/monitors.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { requireGoalOpenForWork } from '../kernel/goal.js';
import type { Evidence } from '../kernel/entities.js';
import { ok, type Result } from '../kernel/result.js';
import { decideCompletion, requireChangeableBy, requireMonitorBounds, requireUnblockedFor, requireWorkable, type Todo } from '../kernel/todo.js';
import type { Priority, TaskClass } from '../kernel/vocabulary.js';
import type { Store } from '../store/db.js';
import { findLiveTodoByText, insertTodo, updateTodo } from '../store/todos.js';
import { agentIdOf, requireGoalAccess, type Actor } from './actor.js';
import type { AppDeps } from './deps.js';
import { recordEvidence, type EvidenceInput } from './evidence.js';
import { agentOf, claimInside } from './leases.js';
import { loadTodoFor, requireGoal, requireResumeWhenOnGoal, requireTodo } from './lookup.js';
import { passGateFence, type FenceOptions } from './work/fences.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from './write.js';

/** Fields of a new todo. */
export interface TodoDraft {
  readonly text: string;
  readonly priority?: Priority | undefined;
  readonly taskClass?: TaskClass | undefined;
  readonly actionKind?: string | undefined;
  readonly resumeWhen?: string | undefined;
  /** Makes it a monitor, offered every `everySeconds` until `until`. */
  readonly monitor?: MonitorDraft | undefined;
}

/** A monitor's cadence and watch window. */
export interface MonitorDraft {
  readonly everySeconds: number;
  readonly until?: string | undefined;
  readonly target?: string | undefined;
  readonly deadAfter?: number | undefined;
}

/** Unchanged checks in a row before a monitor is flagged as probably dead, unless it says otherwise. */
export const DEFAULT_DEAD_AFTER = 6;

/**
 * Creates a todo inside a running command. An open todo with the same text is returned instead of a
 * duplicate (`created: false`), so an agent re-adding what it already added changes nothing.
 */
export function createTodo(ctx: WriteContext, goalId: string, draft: TodoDraft, predecessorId: string | null): { todo: Todo; created: boolean } {
  must(requireResumeWhenOnGoal(ctx.store, draft.resumeWhen, goalId));
  const existing = findLiveTodoByText(ctx.store, goalId, draft.text);
  if (existing) return { todo: existing, created: false };
  if (draft.monitor) must(requireMonitorBounds(draft.monitor.everySeconds, draft.monitor.deadAfter));
  if (draft.monitor?.until !== undefined && Date.parse(draft.monitor.until) <= ctx.now.getTime()) {
    must(fail('invalid_request', `The watch window ends at ${draft.monitor.until}, which has passed; give a later --until.`, { field: 'monitor.until' }));
  }
  const taskClass = draft.monitor ? 'monitor' : (draft.taskClass ?? 'advancement');
  const id = ctx.newId('todo');
  insertTodo(
    ctx.store,
    {
      id,
      goalId,
      text: draft.text,
      role: taskClass === 'user_action' ? 'user' : 'agent',
      taskClass,
      priority: draft.priority ?? 'P2',
      status: draft.resumeWhen ? 'deferred' : 'open',
      actionKind: draft.actionKind ?? null,
      resumeWhen: draft.resumeWhen ?? null,
      predecessorId,
    },
    ctx.at,
  );
  if (draft.monitor) {
    const { everySeconds, until, target, deadAfter } = draft.monitor;
    insertMonitor(ctx.store, { todo_id: id, every_seconds: everySeconds, until: until ?? null, target: target ?? null, dead_after: deadAfter ?? DEFAULT_DEAD_AFTER });
  }
  ctx.event({ goalId, type: 'todo.added', payload: { todo_id: id, text: draft.text, priority: draft.priority ?? 'P2', task_class: taskClass, predecessor_id: predecessorId, ...(draft.monitor ? { monitor_every_seconds: draft.monitor.everySeconds } : {}) } });
  return { todo: must(requireTodo(ctx.store, id)), created: true };
}

/** Adds a todo to a goal; with `claim`, the adding agent claims it in the same transaction. */
export function addTodo(
  deps: AppDeps,
  origin: WriteOrigin,
  goalId: string,
  draft: TodoDraft,
  options: { claim?: boolean | undefined } = {},
): Result<{ todo: Todo; created: boolean }, KernelError> {
  return runWrite(deps, { ...origin, command: 'todo.add', request: { goalId, ...draft, claim: options.claim ?? false } }, (ctx) => {
    const goal = must(requireGoal(ctx.store, goalId));
    must(requireGoalAccess(ctx.store, origin.actor, goalId));
    if (origin.actor.kind === 'agent') must(requireGoalOpenForWork(goal));
    const added = createTodo(ctx, goalId, draft, null);
    if (!options.claim) return ok(added);
    return ok({ todo: claimInside(ctx, must(agentOf(origin)), added.todo.id).todo, created: added.created });
  });
}

/** What completing a todo needs (`force`: an operator goes past the gates that hold it). */
export interface CompletionInput extends FenceOptions {
  readonly leaseVersion?: number | undefined;
  readonly successors: readonly TodoDraft[];
  readonly noFollowup?: string | undefined;
  /** Evidence recorded in the same transaction as the completion. */
  readonly evidence?: Omit<EvidenceInput, 'goalId' | 'todoId'> | undefined;
}

/** What a completion answers. */
export interface Completion {
  readonly todo: Todo;
  readonly successors: readonly Todo[];
  readonly changed: boolean;
  readonly evidence: Evidence | null;
}

/** Completes a todo with successors or a no-followup reason, atomically; a repeat changes nothing. */
export function completeTodo(
  deps: AppDeps,
  origin: WriteOrigin,
  todoId: string,
  input: CompletionInput,
): Result<Completion, KernelError> {
  return runWrite<Completion>(deps, { ...origin, command: 'todo.complete', request: { todoId, ...input } }, (ctx) => {
    const todo = loadTodoFor(ctx.store, origin.actor, todoId);
    const by = { agentId: agentIdOf(origin.actor), leaseVersion: input.leaseVersion };
    const decision = must(decideCompletion(todo, by, { successors: input.successors.length, noFollowup: input.noFollowup ?? null }, ctx.now));
    if (!decision.changed) return ok({ todo, successors: [], changed: false, evidence: null });
    must(requireUnblockedFor(todo, by.agentId));
    const forced = passGateFence(ctx, todo, input);
    const successors = input.successors.map((draft) => createTodo(ctx, todo.goalId, draft, todo.id).todo);
    const evidence = input.evidence ? recordEvidence(ctx, { ...input.evidence, goalId: todo.goalId, todoId: todo.id }) : null;
    const done = finishTodo(ctx, todo, input.noFollowup ?? null, { successors: successors.map((s) => s.id), ...(forced.length > 0 ? { forced_past_gates: forced } : {}) });
    return ok({ todo: done, successors, changed: true, evidence });
  });
}

/** Marks a todo done by the writer, clearing any claim, and records `todo.completed` with `payload`. */
export function finishTodo(ctx: WriteContext, todo: Todo, noFollowup: string | null, payload: Record<string, unknown>): Todo {
  updateTodo(
    ctx.store,
    todo.id,
    { status: 'done', completed_at: ctx.at, completed_by: ctx.actor.kind + ':' + ctx.actor.id, no_followup: noFollowup },
    { claimedBy: null, leaseExpiresAt: null, leaseVersion: todo.leaseVersion + 1, leaseEpoch: todo.leaseEpoch, leaseStartedAt: null },
    ctx.at,
  );
  ctx.event({ goalId: todo.goalId, type: 'todo.completed', payload: { todo_id: todo.id, successors: [], no_followup: noFollowup, ...payload } });
  return must(requireTodo(ctx.store, todo.id));
}

/** Blocks a todo with a reason (it leaves the runnable set until unblocked). */
export function blockTodo(deps: AppDeps, origin: WriteOrigin, todoId: string, reason: string): Result<Todo, KernelError> {
  return changeTodo(deps, origin, todoId, 'todo.blocked', { reason }, () => {
    return { status: 'blocked', blocked_reason: reason };
  });
}

/** Defers a todo until `resumeWhen` (`todo_done:<id>`, `gate:<id>` or an ISO time). */
export function deferTodo(deps: AppDeps, origin: WriteOrigin, todoId: string, resumeWhen: string): Result<Todo, KernelError> {
  return changeTodo(deps, origin, todoId, 'todo.deferred', { resume_when: resumeWhen }, (todo) => {
    must(requireResumeWhenOnGoal(deps.store, resumeWhen, todo.goalId));
    return { status: 'deferred', resume_when: resumeWhen };
  });
}

/** Reopens a blocked or deferred todo; only a person (or the operator) reopens a blocked one. */
export function reopenTodo(deps: AppDeps, origin: WriteOrigin, todoId: string): Result<Todo, KernelError> {
  return changeTodo(deps, origin, todoId, 'todo.reopened', {}, (todo) => {
    if (todo.status === 'blocked' && origin.actor.kind === 'agent') {
      must(fail('forbidden', `Todo ${todo.id} is blocked${todo.blockedReason ? ` (${todo.blockedReason})` : ''}; only a person may reopen it.`));
    }
    return { status: 'open', blocked_reason: null, resume_when: null };
  });
}

/** Changes a todo's text or priority. */
export function editTodo(deps: AppDeps, origin: WriteOrigin, todoId: string, fields: { text?: string | undefined; priority?: Priority | undefined }): Result<Todo, KernelError> {
  return changeTodo(deps, origin, todoId, 'todo.updated', fields, () => {
    return { ...(fields.text !== undefined ? { text: fields.text } : {}), ...(fields.priority !== undefined ? { priority: fields.priority } : {}) };
  });
}

function changeTodo(
  deps: AppDeps,
  origin: WriteOrigin,
  todoId: string,
  type: string,
  payload: Record<string, unknown>,
  fieldsFor: (todo: Todo) => Parameters<typeof updateTodo>[2],
): Result<Todo, KernelError> {
  return runWrite(deps, { ...origin, command: type, request: { todoId, ...payload } }, (ctx) => {
    const todo = must(requireChangeableBy(must(requireWorkable(loadTodoFor(ctx.store, origin.actor, todoId))), agentIdOf(origin.actor), ctx.now));
    updateTodo(ctx.store, todo.id, fieldsFor(todo), null, ctx.at);
    ctx.event({ goalId: todo.goalId, type, payload: { todo_id: todo.id, ...payload } });
    return ok(must(requireTodo(ctx.store, todo.id)));
  });
}

/** Retires a todo and creates its replacement, which inherits the claim. */
export function supersedeTodo(deps: AppDeps, origin: WriteOrigin, todoId: string, replacement: TodoDraft): Result<{ old: Todo; replacement: Todo }, KernelError> {
  return runWrite(deps, { ...origin, command: 'todo.supersede', request: { todoId, ...replacement } }, (ctx) => {
    const agentId = agentIdOf(origin.actor);
    const todo = must(requireUnblockedFor(must(requireChangeableBy(must(requireWorkable(loadTodoFor(ctx.store, origin.actor, todoId))), agentId, ctx.now)), agentId));
    if (replacement.text === todo.text) return fail('invalid_request', 'The replacement must differ from the todo it supersedes.');
    passGateFence(ctx, todo);
    const { todo: next } = createTodo(ctx, todo.goalId, { priority: todo.priority, taskClass: todo.taskClass, ...replacement }, todo.id);
    updateTodo(ctx.store, next.id, {}, todo, ctx.at);
    updateTodo(ctx.store, todo.id, { status: 'superseded', superseded_by: next.id }, { ...todo, claimedBy: null, leaseExpiresAt: null, leaseStartedAt: null, leaseVersion: todo.leaseVersion + 1 }, ctx.at);
    ctx.event({ goalId: todo.goalId, type: 'todo.superseded', payload: { todo_id: todo.id, replacement_id: next.id } });
    return ok({ old: must(requireTodo(ctx.store, todo.id)), replacement: must(requireTodo(ctx.store, next.id)) });
  });
}
