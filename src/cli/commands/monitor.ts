import type { MonitorDraft } from '../../app/todos.js';
import { answerQuietMonitor, monitorAnswerIn, pollMonitor } from '../../app/work/monitors.js';
import { PollOutput, TodoOutput } from '../../contract/cli-output.js';
import { todoToWire } from '../../contract/wire.js';
import { intFlag, positional, requiredFlag, stringFlag, UsageError, type CliContext, type Command } from '../command.js';
import { output } from '../output.js';
import { parseTimeOrDuration } from './gate.js';

/** `todo add`'s monitor flags: `--every 30m` (or `--monitor` with it), `--until`, `--target`, `--dead-after`. */
export const MONITOR_OPTIONS = { monitor: { type: 'boolean' }, every: { type: 'string' }, until: { type: 'string' }, target: { type: 'string' }, 'dead-after': { type: 'string' } } as const;
export const MONITOR_HELP = {
  monitor: 'make it a monitor (needs --every)',
  every: 'how often a monitor is checked: 30m, 2h, 1d',
  until: 'when the monitor stops: 7d, or an ISO time',
  target: 'what it watches, e.g. github:pr/123',
  'dead-after': 'unchanged checks in a row before it is flagged (default 6)',
};

/** The monitor a `todo add` asks for, if any. */
export function monitorFromFlags(ctx: CliContext): MonitorDraft | undefined {
  const every = stringFlag(ctx.flags, 'every');
  if (every === undefined) {
    if (ctx.flags.monitor === true) throw new UsageError('A monitor needs a cadence: add --every 30m (or 2h, 1d).');
    return undefined;
  }
  const cadence = /^(\d+)([mhd])$/.exec(every);
  if (!cadence) throw new UsageError(`--every takes a duration like 30m, 2h or 1d, got "${every}".`);
  const everySeconds = Number(cadence[1]) * { m: 60, h: 3600, d: 86_400 }[cadence[2] as 'm' | 'h' | 'd'];
  const until = stringFlag(ctx.flags, 'until');
  return { everySeconds, until: until === undefined ? undefined : parseTimeOrDuration(until, new Date()), target: stringFlag(ctx.flags, 'target'), deadAfter: intFlag(ctx.flags, 'dead-after') };
}

/** `loopx todo poll` (one check, as an agent) and `loopx todo monitor stop|keep` (a person's answer to a quiet one). */
export const monitorCommands: readonly Command[] = [
  ...(['stop', 'keep'] as const).map(
    (choice): Command => ({
      path: ['todo', 'monitor', choice],
      summary: choice === 'stop' ? 'Stop watching a quiet monitor (it is done).' : 'Keep watching a quiet monitor (its quiet streak starts again).',
      usage: `loopx todo monitor ${choice} <todo> --as <person>`,
      minPositionals: 1,
      output: TodoOutput,
      async run(ctx) {
        const deps = await ctx.openApp();
        return output(answerQuietMonitor(deps, ctx.origin, positional(ctx, 0, 'todo'), choice, 'cli'), (v) => ({ todo: todoToWire(v.todo) }), (v) => monitorAnswerIn(v.answer, v.todo.text));
      },
    }),
  ),
  {
    path: ['todo', 'poll'],
    summary: 'Record one check of a monitor (never spends quota; quiet unless it changed).',
    usage: 'loopx todo poll <todo> --agent <a> --hash <result hash> --summary <s> [--material]',
    minPositionals: 1,
    options: { agent: { type: 'string' }, hash: { type: 'string' }, summary: { type: 'string' }, material: { type: 'boolean' } },
    optionHelp: { agent: 'the agent checking', hash: 'a digest of what the check saw; a different one is a change', summary: 'what the check found, in a sentence', material: 'tell people even if the hash is the same' },
    output: PollOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const origin = { ...ctx.origin, actor: { kind: 'agent' as const, id: requiredFlag(ctx.flags, 'agent') } };
      const input = { resultHash: requiredFlag(ctx.flags, 'hash'), summary: requiredFlag(ctx.flags, 'summary'), materialChange: ctx.flags.material === true ? true : undefined };
      return output(
        pollMonitor(deps, origin, positional(ctx, 0, 'todo'), input),
        (v) => ({ todo: todoToWire(v.todo), monitor: v.monitor, material_change: v.materialChange, successors: v.successors.map((t) => todoToWire(t)) }),
        (v) => `${v.todo.text}: ${v.materialChange ? 'changed' : 'no change'}; ${v.monitor.next_due_at ? `next check ${v.monitor.next_due_at}` : 'the watch has ended'}.`,
      );
    },
  },
];
