import { claimTodo, releaseByOperator, releaseLease, renewLease } from '../../app/leases.js';
import { laneTodos } from '../../app/queries/goal-status.js';
import { addTodo, blockTodo, completeTodo, deferTodo, editTodo, reopenTodo, supersedeTodo } from '../../app/todos.js';
import { markUserActionDone } from '../../app/work/user-actions.js';
import type { WriteOrigin } from '../../app/write.js';
import { CompletionOutput, SupersedeOutput, TodoListOutput, TodoOutput } from '../../contract/cli-output.js';
import { ResumeWhen } from '../../contract/requests.js';
import { todoToWire } from '../../contract/wire.js';
import type { KernelError } from '../../kernel/errors.js';
import { LANE_LABELS } from '../../kernel/lanes.js';
import type { Result } from '../../kernel/result.js';
import type { Todo } from '../../kernel/todo.js';
import { PRIORITIES, TASK_CLASSES, type Priority, type TaskClass } from '../../kernel/vocabulary.js';
import { intFlag, listFlag, positional, requiredFlag, stringFlag, UsageError, type CliContext, type Command } from '../command.js';
import { output, table } from '../output.js';
import { MONITOR_HELP, MONITOR_OPTIONS, monitorFromFlags } from './monitor.js';

function todoLine(todo: Todo): string {
  const claim = todo.claimedBy ? ` claimed by ${todo.claimedBy} (lease v${todo.leaseVersion} until ${todo.leaseExpiresAt ?? '-'})` : '';
  return `${todo.id} [${todo.status} ${todo.priority}] ${todo.text}${claim}`;
}

function priorityFlag(ctx: CliContext): Priority | undefined {
  const value = stringFlag(ctx.flags, 'priority');
  if (value !== undefined && !PRIORITIES.includes(value as Priority)) throw new UsageError(`--priority must be one of ${PRIORITIES.join(', ')}.`);
  return value as Priority | undefined;
}

function classFlag(ctx: CliContext): TaskClass | undefined {
  const value = stringFlag(ctx.flags, 'class');
  if (value !== undefined && !TASK_CLASSES.includes(value as TaskClass)) throw new UsageError(`--class must be one of ${TASK_CLASSES.join(', ')}.`);
  return value as TaskClass | undefined;
}

/** Writes as `--agent <id>` when given (acting for an agent), else as the operator. */
function originFor(ctx: CliContext): WriteOrigin {
  const agent = stringFlag(ctx.flags, 'agent');
  return { ...ctx.origin, actor: agent ? { kind: 'agent', id: agent } : ctx.actor };
}

function todoOutput(result: Result<{ todo: Todo; changed?: boolean }, KernelError>, verb: string) {
  return output(
    result,
    (v) => ({ todo: todoToWire(v.todo), ...(v.changed !== undefined ? { changed: v.changed } : {}) }),
    (v) => (v.changed === false ? `Nothing changed: ${todoLine(v.todo)}` : `${verb} ${todoLine(v.todo)}`),
  );
}

function wrap(result: Result<Todo, KernelError>): Result<{ todo: Todo }, KernelError> {
  return result.ok ? { ok: true, value: { todo: result.value } } : result;
}

const simple = (
  verb: string,
  summary: string,
  usage: string,
  options: Command['options'],
  optionHelp: Record<string, string>,
  act: (ctx: CliContext, origin: WriteOrigin, todoId: string) => Promise<Result<{ todo: Todo; changed?: boolean }, KernelError>>,
  minPositionals = 1,
): Command<typeof TodoOutput> => ({
  path: ['todo', verb],
  summary,
  usage,
  minPositionals,
  options: { agent: { type: 'string' }, ...options },
  optionHelp: { agent: 'act as this agent (as its runner would)', ...optionHelp },
  output: TodoOutput,
  async run(ctx) {
    return todoOutput(await act(ctx, originFor(ctx), positional(ctx, 0, 'todo')), `${verb[0]?.toUpperCase()}${verb.slice(1)}:`);
  },
});

/** `loopx todo …` commands. */
export const todoCommands: readonly Command[] = [
  {
    path: ['todo', 'add'],
    summary: 'Add a todo to a goal.',
    usage: 'loopx todo add <goal> <text> [--priority P0..P4] [--class advancement|monitor|user_action|blocker] [--action-kind review] [--resume-when <when>] [--monitor --every 30m [--until 7d] [--target <key>]]',
    minPositionals: 2,
    options: { priority: { type: 'string' }, class: { type: 'string' }, 'action-kind': { type: 'string' }, 'resume-when': { type: 'string' }, agent: { type: 'string' }, ...MONITOR_OPTIONS },
    optionHelp: {
      priority: 'P0 (most urgent) to P4; default P2',
      class: 'advancement (default), monitor, user_action or blocker',
      'action-kind': 'e.g. review, to place it in the Review lane',
      'resume-when': 'defer it: todo_done:<id>, gate:<id> or an ISO time',
      agent: 'add as this agent',
      ...MONITOR_HELP,
    },
    output: TodoOutput,
    async run(ctx) {
      const resumeWhen = stringFlag(ctx.flags, 'resume-when');
      if (resumeWhen !== undefined && !ResumeWhen.safeParse(resumeWhen).success) throw new UsageError('--resume-when takes todo_done:<id>, gate:<id> or an ISO-8601 time.');
      const draft = { text: ctx.positionals.slice(1).join(' '), priority: priorityFlag(ctx), taskClass: classFlag(ctx), actionKind: stringFlag(ctx.flags, 'action-kind'), resumeWhen, monitor: monitorFromFlags(ctx) };
      const deps = await ctx.openApp();
      const added = addTodo(deps, originFor(ctx), positional(ctx, 0, 'goal'), draft);
      return output(
        added,
        (v) => ({ todo: todoToWire(v.todo), changed: v.created }),
        (v) => (v.created ? `Added ${todoLine(v.todo)}` : `Already open, not added again: ${todoLine(v.todo)}`),
      );
    },
  },
  {
    path: ['todo', 'list'],
    summary: "List a goal's todos with their lanes.",
    usage: 'loopx todo list <goal> [--all]',
    minPositionals: 1,
    options: { all: { type: 'boolean' } },
    optionHelp: { all: 'include done todos' },
    output: TodoListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const laned = laneTodos(deps.store, positional(ctx, 0, 'goal'), deps.clock.now(), ctx.flags.all === true ? undefined : ['open', 'blocked', 'deferred']);
      return output(
        { ok: true, value: laned },
        (all) => ({ todos: all.map((t) => todoToWire(t.todo, t.lane)) }),
        (all) => (all.length === 0 ? 'No open todos.' : table(all.map((t) => [t.todo.id, LANE_LABELS[t.lane], t.todo.priority, t.todo.claimedBy ?? '-', t.todo.text]))),
      );
    },
  },
  simple('claim', 'Claim a todo for an agent, with a lease.', 'loopx todo claim <todo> --agent <a> [--ttl <seconds>]', { ttl: { type: 'string' } }, { ttl: 'lease length in seconds (60–86400, default 2700)' }, async (ctx, origin, id) => {
    requiredFlag(ctx.flags, 'agent');
    return claimTodo(await ctx.openApp(), origin, id, intFlag(ctx.flags, 'ttl'));
  }),
  simple('renew', "Extend an agent's lease.", 'loopx todo renew <todo> --agent <a> --lease-version <n> [--ttl <seconds>]', { 'lease-version': { type: 'string' }, ttl: { type: 'string' } }, { 'lease-version': 'the version from the last claim or renew', ttl: 'lease length in seconds' }, async (ctx, origin, id) => {
    requiredFlag(ctx.flags, 'agent');
    return renewLease(await ctx.openApp(), origin, id, intFlag(ctx.flags, 'lease-version') ?? requiredNumber('lease-version'), intFlag(ctx.flags, 'ttl'));
  }),
  simple('release', "Release a lease: an agent's own (with --agent and --lease-version), or any claim as the operator.", 'loopx todo release <todo> [--agent <a> --lease-version <n>]', { 'lease-version': { type: 'string' } }, { 'lease-version': 'the current lease version (with --agent)' }, async (ctx, origin, id) => {
    const deps = await ctx.openApp();
    if (origin.actor.kind !== 'agent') return releaseByOperator(deps, origin, id);
    return releaseLease(deps, origin, id, intFlag(ctx.flags, 'lease-version') ?? requiredNumber('lease-version'));
  }),
  simple('block', 'Block a todo with a reason.', 'loopx todo block <todo> --reason <r>', { reason: { type: 'string' } }, { reason: 'why it cannot proceed' }, async (ctx, origin, id) =>
    wrap(blockTodo(await ctx.openApp(), origin, id, requiredFlag(ctx.flags, 'reason'))),
  ),
  simple('defer', 'Defer a todo until a condition holds.', 'loopx todo defer <todo> --until <todo_done:<id>|gate:<id>|ISO time>', { until: { type: 'string' } }, { until: 'todo_done:<id>, gate:<id> or an ISO-8601 time' }, async (ctx, origin, id) => {
    const until = requiredFlag(ctx.flags, 'until');
    if (!ResumeWhen.safeParse(until).success) throw new UsageError('--until takes todo_done:<id>, gate:<id> or an ISO-8601 time.');
    return wrap(deferTodo(await ctx.openApp(), origin, id, until));
  }),
  simple('done', 'Mark a to-do for a person (a user action) done, as that person.', 'loopx todo done <todo> [--as <person>]', {}, {}, async (ctx, origin, id) =>
    markUserActionDone(await ctx.openApp(), origin, id, 'cli'),
  ),
  simple('reopen', 'Reopen a blocked or deferred todo.', 'loopx todo reopen <todo>', {}, {}, async (ctx, origin, id) => wrap(reopenTodo(await ctx.openApp(), origin, id))),
  simple('update', "Change a todo's text or priority.", 'loopx todo update <todo> [--text <t>] [--priority P0..P4]', { text: { type: 'string' }, priority: { type: 'string' } }, { text: 'new text', priority: 'new priority' }, async (ctx, origin, id) => {
    const fields = { text: stringFlag(ctx.flags, 'text'), priority: priorityFlag(ctx) };
    if (fields.text === undefined && fields.priority === undefined) throw new UsageError('Give --text and/or --priority.');
    return wrap(editTodo(await ctx.openApp(), origin, id, fields));
  }),
  {
    path: ['todo', 'complete'],
    summary: 'Complete a todo with successor todos or a no-followup reason.',
    usage: 'loopx todo complete <todo> (--successor <text>... | --no-followup <reason>) [--agent <a>] [--lease-version <n>] [--force]',
    minPositionals: 1,
    options: { successor: { type: 'string', multiple: true }, 'no-followup': { type: 'string' }, agent: { type: 'string' }, 'lease-version': { type: 'string' }, force: { type: 'boolean' } },
    optionHelp: {
      successor: 'text of a follow-up todo (repeatable)',
      'no-followup': 'why nothing follows',
      agent: 'complete as this agent',
      'lease-version': 'the lease version held',
      force: 'as the operator: complete it although a pending gate holds it (recorded in the ledger)',
    },
    output: CompletionOutput,
    async run(ctx) {
      const input = {
        successors: listFlag(ctx.flags, 'successor').map((text) => ({ text })),
        noFollowup: stringFlag(ctx.flags, 'no-followup'),
        leaseVersion: intFlag(ctx.flags, 'lease-version'),
        force: ctx.flags.force === true,
      };
      const deps = await ctx.openApp();
      return output(
        completeTodo(deps, originFor(ctx), positional(ctx, 0, 'todo'), input),
        (v) => ({ todo: todoToWire(v.todo), successors: v.successors.map((s) => todoToWire(s)), changed: v.changed }),
        (v) => (v.changed ? [`Completed ${todoLine(v.todo)}`, ...v.successors.map((s) => `  next: ${todoLine(s)}`)].join('\n') : `Already done; nothing changed: ${todoLine(v.todo)}`),
      );
    },
  },
  {
    path: ['todo', 'supersede'],
    summary: 'Retire a todo and create its replacement (which inherits the claim).',
    usage: 'loopx todo supersede <todo> --text <replacement>',
    minPositionals: 1,
    options: { text: { type: 'string' }, agent: { type: 'string' } },
    optionHelp: { text: 'the replacement todo text', agent: 'act as this agent' },
    output: SupersedeOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(
        supersedeTodo(deps, originFor(ctx), positional(ctx, 0, 'todo'), { text: requiredFlag(ctx.flags, 'text') }),
        (v) => ({ todo: todoToWire(v.old), replacement: todoToWire(v.replacement) }),
        (v) => `Superseded ${v.old.id} by ${todoLine(v.replacement)}`,
      );
    },
  },
];

function requiredNumber(name: string): never {
  throw new UsageError(`--${name} is required.`);
}
