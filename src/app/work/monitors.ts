import { translator, type Translator } from '../../../cards/i18n/index.js';
import { monitorChangeCard } from '../../../cards/monitor-card.js';
import type { MonitorWire } from '../../contract/monitor-wire.js';
import { fail, type KernelError } from '../../kernel/errors.js';
import { clearedLease } from '../../kernel/lease.js';
import { ok, type Result } from '../../kernel/result.js';
import { requireChangeableBy, requireUnblockedFor, requireWorkable, type Todo } from '../../kernel/todo.js';
import type { Store } from '../../store/db.js';
import { findMonitor, recordMonitorCheck, type MonitorTable } from '../../store/monitors.js';
import { updateTodo } from '../../store/todos.js';
import { actorRef, agentIdOf } from '../actor.js';
import { loadTodoFor, requireTodo } from '../lookup.js';
import { outboxPublisher } from '../job-publisher.js';
import { createTodo, finishTodo, type TodoDraft } from '../todos.js';
import type { Origin } from '../../kernel/vocabulary.js';
import { requireGoalDecider } from './user-actions.js';
import type { AppDeps } from '../deps.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from '../write.js';

/** One check of a monitor. */
export interface PollInput {
  readonly resultHash: string;
  readonly summary: string;
  readonly materialChange?: boolean | undefined;
  readonly successors?: readonly TodoDraft[] | undefined;
}

/** What a poll did. */
export interface PollOutcome {
  readonly todo: Todo;
  readonly monitor: MonitorWire;
  readonly materialChange: boolean;
  readonly successors: readonly Todo[];
}

/** The wire shape of a monitor, with when should-run offers it next. */
export function monitorToWire(monitor: MonitorTable, todo: Todo): MonitorWire {
  const due = todo.status === 'deferred' ? todo.resumeWhen : todo.status === 'open' ? todo.createdAt : null;
  const { every_seconds, until, target, dead_after, polls, unchanged, last_hash, last_checked_at } = monitor;
  return { every_seconds, until, target, dead_after, polls, unchanged, dead: unchanged >= dead_after, last_hash, last_checked_at, next_due_at: due };
}

/** The monitor behind a todo, or a refusal naming what to do instead. */
export function requireMonitor(store: Store, todo: Todo): MonitorTable {
  const monitor = findMonitor(store, todo.id);
  return must(monitor ? ok(monitor) : fail('invalid_request', `"${todo.text}" is not a monitor; report progress with evidence, or add a monitor with a cadence.`, { field: 'todo_id' }));
}

/** A material change goes to the goal's board threads once, as its own reply (like a heartbeat's news). */
function announce(ctx: WriteContext, todo: Todo, check: number, summary: string): void {
  outboxPublisher(ctx, { goalId: todo.goalId, card: monitorChangeCard({ todoId: todo.id, check, monitorText: todo.text, summary }), destination: { kind: 'board_thread' } });
}

/**
 * Records one check of a monitor: a report, not a completion and never a quota spend. The monitor is deferred to
 * its next due time (any agent may take the next check), or done when its watch window has ended. Unchanged
 * checks stay quiet; a material change is posted in the goal's board thread, and may add successor todos.
 */
export function pollMonitor(deps: AppDeps, origin: WriteOrigin, todoId: string, input: PollInput): Result<PollOutcome, KernelError> {
  return runWrite(deps, { ...origin, command: 'todo.poll', request: { todoId, ...input } }, (ctx) => {
    const agentId = agentIdOf(origin.actor);
    const todo = must(requireUnblockedFor(must(requireChangeableBy(must(requireWorkable(loadTodoFor(ctx.store, origin.actor, todoId))), agentId, ctx.now)), agentId));
    const monitor = requireMonitor(ctx.store, todo);
    const changed = monitor.last_hash !== null && monitor.last_hash !== input.resultHash;
    const material = input.materialChange ?? changed;
    const unchanged = changed || material ? 0 : monitor.unchanged + 1;
    recordMonitorCheck(ctx.store, todo.id, { unchanged, last_hash: input.resultHash, last_checked_at: ctx.at });
    const nextDue = new Date(ctx.now.getTime() + monitor.every_seconds * 1000).toISOString();
    const ended = monitor.until !== null && nextDue > new Date(monitor.until).toISOString();
    const fields = ended
      ? { status: 'done', resume_when: null, no_followup: 'The watch window ended.', completed_at: ctx.at, completed_by: actorRef(origin.actor) }
      : { status: 'deferred', resume_when: nextDue };
    updateTodo(ctx.store, todo.id, fields, clearedLease(todo), ctx.at);
    const successors = (input.successors ?? []).map((draft) => createTodo(ctx, todo.goalId, draft, todo.id).todo);
    const dead = unchanged >= monitor.dead_after;
    const payload = { todo_id: todo.id, changed, material_change: material, unchanged, dead, next_due_at: ended ? null : nextDue, summary: material ? input.summary : null };
    ctx.event({ goalId: todo.goalId, type: 'monitor.polled', payload });
    if (ended) ctx.event({ goalId: todo.goalId, type: 'todo.completed', payload: { todo_id: todo.id, successors: [], no_followup: 'The watch window ended.' } });
    if (material) announce(ctx, todo, monitor.polls + 1, input.summary);
    const after = must(requireTodo(ctx.store, todo.id));
    return ok({ todo: after, monitor: monitorToWire(requireMonitor(ctx.store, after), after), materialChange: material, successors });
  });
}

/** What answering a quiet monitor did: stopped it, kept it (quiet again after `quietChecks`), or nothing (already done). */
export type MonitorAnswer = { readonly kind: 'stopped' | 'unwatched' } | { readonly kind: 'kept'; readonly quietChecks: number };

/**
 * A person answers a quiet monitor's question: stop watching (the monitor is done) or keep watching (its unchanged
 * streak starts again). Only the goal's owners and approvers may; answering a monitor that is already done changes
 * nothing. The caller says the answer in its reader's language (`monitorAnswerIn`).
 */
export function answerQuietMonitor(deps: AppDeps, origin: WriteOrigin, todoId: string, choice: 'stop' | 'keep', via: Origin): Result<{ todo: Todo; answer: MonitorAnswer }, KernelError> {
  return runWrite<{ todo: Todo; answer: MonitorAnswer }>(deps, { ...origin, command: `monitor.${choice}`, request: { todoId, via } }, (ctx) => {
    const todo = must(requireTodo(ctx.store, todoId));
    const monitor = requireMonitor(ctx.store, todo);
    if (todo.status === 'done') return ok({ todo, answer: { kind: 'unwatched' } });
    requireGoalDecider(ctx, todo, `stop or keep "${todo.text}"`);
    if (choice === 'stop') {
      const stopped = finishTodo(ctx, todo, `Stopped watching: no change in ${monitor.unchanged} checks.`, { via, stopped: true });
      return ok({ todo: stopped, answer: { kind: 'stopped' } });
    }
    recordMonitorCheck(ctx.store, todo.id, { unchanged: 0, last_hash: monitor.last_hash, last_checked_at: monitor.last_checked_at }, false);
    ctx.event({ goalId: todo.goalId, type: 'monitor.kept', payload: { todo_id: todo.id, via } });
    return ok({ todo, answer: { kind: 'kept', quietChecks: monitor.dead_after } });
  });
}

/** What answering a quiet monitor did, in a language (the CLI's: English): `Stopped watching "Watch PR 123".` */
export function monitorAnswerIn(answer: MonitorAnswer, text: string, tr: Translator = translator('en')): string {
  if (answer.kind === 'kept') return tr.t('monitor.kept', { text, count: answer.quietChecks });
  return tr.t(answer.kind === 'stopped' ? 'monitor.stopped' : 'monitor.unwatched', { text });
}
