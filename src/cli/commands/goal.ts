import { defaultBindingLocale, LOCALE_NAMES, otherLocale } from '../../kernel/locale.js';
import { z } from 'zod';
import { baseLocaleOf } from '../../app/base/schema.js';
import { bindGoal } from '../../app/bindings.js';
import { addGoal, addMember, setGoalSchedule, transitionGoal } from '../../app/goals.js';
import { requireGoal } from '../../app/lookup.js';
import { BaseBindingOutput, BindingListOutput, BindingOutput, GoalChangeOutput, GoalListOutput, GoalOutput } from '../../contract/cli-output.js';
import { bindingToWire, goalToWire } from '../../contract/wire.js';
import type { Goal } from '../../kernel/goal.js';
import { BINDING_PURPOSES, MEMBER_ROLES, type BindingPurpose, type MemberRole } from '../../kernel/vocabulary.js';
import { listLarkBases } from '../../store/base-rows.js';
import { listBindings } from '../../store/bindings.js';
import { listGoals, listMemberships } from '../../store/goals.js';
import { listFlag, positional, requiredFlag, slugArg, stringFlag, UsageError, type Command } from '../command.js';
import { output, table } from '../output.js';


function goalLine(goal: Goal): string {
  return `${goal.id} [${goal.status}] ${goal.title}`;
}

const transition = (verb: 'stop' | 'resume' | 'complete', summary: string): Command<typeof GoalChangeOutput> => ({
  path: ['goal', verb],
  summary,
  usage: `loopx goal ${verb} <goal>`,
  minPositionals: 1,
  output: GoalChangeOutput,
  async run(ctx) {
    const deps = await ctx.openApp();
    return output(
      transitionGoal(deps, ctx.origin, positional(ctx, 0, 'goal'), verb),
      (v) => ({ goal: goalToWire(v.goal), changed: v.changed }),
      (v) => (v.changed ? `${goalLine(v.goal)}` : `${v.goal.id} is already ${v.goal.status}; nothing changed.`),
    );
  },
});

/** `loopx goal …` commands. */
export const goalCommands: readonly Command[] = [
  {
    path: ['goal', 'add'],
    summary: 'Create a goal with its owners.',
    usage: 'loopx goal add <id> --title <t> --objective <o> [--owner <person>]... [--approver <person>]... [--timezone <tz>] [--heartbeat "<cron>"]',
    minPositionals: 1,
    options: {
      title: { type: 'string' },
      objective: { type: 'string' },
      owner: { type: 'string', multiple: true },
      approver: { type: 'string', multiple: true },
      timezone: { type: 'string' },
      heartbeat: { type: 'string' },
    },
    optionHelp: {
      title: 'short name shown on cards',
      objective: 'what done looks like, in one or two sentences',
      owner: 'a person id (repeatable); owners decide gates',
      approver: 'a person id (repeatable) who may also decide gates',
      timezone: 'IANA timezone for cards and schedules (default UTC)',
      heartbeat: 'cron expression for the heartbeat (default hourly)',
    },
    output: GoalOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const input = {
        id: slugArg(positional(ctx, 0, 'id'), 'goal id'),
        title: requiredFlag(ctx.flags, 'title'),
        objective: requiredFlag(ctx.flags, 'objective'),
        owners: listFlag(ctx.flags, 'owner'),
        approvers: listFlag(ctx.flags, 'approver'),
        timezone: stringFlag(ctx.flags, 'timezone'),
        heartbeatCron: stringFlag(ctx.flags, 'heartbeat'),
      };
      return output(addGoal(deps, ctx.origin, input), (goal) => ({ goal: goalToWire(goal) }), (goal) => `Created goal ${goalLine(goal)}`);
    },
  },
  {
    path: ['goal', 'list'],
    summary: 'List goals.',
    usage: 'loopx goal list',
    output: GoalListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const goals = listGoals(deps.store);
      return output(
        { ok: true, value: goals },
        (all) => ({ goals: all.map((g) => goalToWire(g)) }),
        (all) => (all.length === 0 ? 'No goals yet. Create one with `loopx goal add`.' : table(all.map((g) => [g.id, g.status, g.title]))),
      );
    },
  },
  {
    path: ['goal', 'show'],
    summary: 'Show one goal with its members.',
    usage: 'loopx goal show <goal>',
    minPositionals: 1,
    output: GoalOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const found = requireGoal(deps.store, positional(ctx, 0, 'goal'));
      return output(
        found,
        (goal) => ({ goal: goalToWire(goal, listMemberships(deps.store, goal.id)) }),
        (goal) =>
          [
            goalLine(goal),
            `objective: ${goal.objective}`,
            `timezone: ${goal.timezone}  heartbeat: ${goal.heartbeatCron}`,
            `members: ${listMemberships(deps.store, goal.id).map((m) => `${m.personId} (${m.role})`).join(', ') || 'none'}`,
          ].join('\n'),
      );
    },
  },
  transition('stop', 'Pause a goal: no agent may work, nothing is spent.'),
  transition('resume', 'Resume a paused goal.'),
  transition('complete', 'Mark a goal completed.'),
  {
    path: ['goal', 'set'],
    summary: "Change a goal's heartbeat schedule or timezone.",
    usage: 'loopx goal set <goal> [--heartbeat "<cron>"] [--timezone <tz>]',
    minPositionals: 1,
    options: { heartbeat: { type: 'string' }, timezone: { type: 'string' } },
    optionHelp: { heartbeat: 'cron expression, evaluated in the goal timezone', timezone: 'IANA timezone' },
    output: GoalOutput,
    async run(ctx) {
      const changes = { heartbeatCron: stringFlag(ctx.flags, 'heartbeat'), timezone: stringFlag(ctx.flags, 'timezone') };
      if (changes.heartbeatCron === undefined && changes.timezone === undefined) throw new UsageError('Give --heartbeat and/or --timezone.');
      const deps = await ctx.openApp();
      return output(setGoalSchedule(deps, ctx.origin, positional(ctx, 0, 'goal'), changes), (goal) => ({ goal: goalToWire(goal) }), goalLine);
    },
  },
  {
    path: ['goal', 'member'],
    summary: 'Give a person a role on a goal (owner, approver, viewer).',
    usage: 'loopx goal member <goal> <person> --role owner|approver|viewer',
    minPositionals: 2,
    options: { role: { type: 'string' } },
    optionHelp: { role: 'owner, approver or viewer' },
    output: GoalOutput,
    async run(ctx) {
      const role = requiredFlag(ctx.flags, 'role');
      if (!MEMBER_ROLES.includes(role as MemberRole)) throw new UsageError(`--role must be one of ${MEMBER_ROLES.join(', ')}.`);
      const deps = await ctx.openApp();
      const [goalId, personId] = [positional(ctx, 0, 'goal'), positional(ctx, 1, 'person')];
      return output(
        addMember(deps, ctx.origin, goalId, personId, role as MemberRole),
        (goal) => ({ goal: goalToWire(goal, listMemberships(deps.store, goal.id)) }),
        () => `${personId} is now ${role} of ${goalId}.`,
      );
    },
  },
  {
    path: ['goal', 'bind'],
    summary: 'Mirror a goal into a Slack channel or Lark chat (board card, gate cards, daily digest), or its todos into a Lark Base table.',
    usage: 'loopx goal bind <goal> (--slack <channel id> | --lark <chat id> | --lark-base <app_token>[/<table_id>]) [--purpose board|gates|digest]... [--digest-at HH:MM] [--digest-timezone <tz>] [--locale zh-CN|en] [--bilingual]',
    minPositionals: 1,
    options: { slack: { type: 'string' }, lark: { type: 'string' }, 'lark-base': { type: 'string' }, purpose: { type: 'string', multiple: true }, 'digest-at': { type: 'string' }, 'digest-timezone': { type: 'string' }, locale: { type: 'string' }, bilingual: { type: 'boolean' } },
    optionHelp: {
      slack: 'Slack channel id (C0123ABCDEF); invite the bot to the channel first',
      lark: 'Lark/Feishu chat id (oc_…); add the bot to the chat first',
      'lark-base': 'Lark/Feishu Base app token, optionally /table id; without a table id LoopX creates "LoopX todos"',
      purpose: 'board, gates or digest (repeatable; default all three)',
      'digest-at': 'local time of the daily digest (default 09:00)',
      'digest-timezone': "IANA timezone of the digest (default the goal's)",
      locale: 'language of the cards in that chat, or of a Base table\'s field, option and view names and cells: zh-CN or en (default zh-CN on Feishu, en on Lark international and Slack; a bound table keeps its own)',
      bilingual: 'Lark only: the cards carry the other language too, and each reader\'s client shows its own (--locale leads)',
    },
    output: z.union([BindingOutput, BaseBindingOutput]),
    async run(ctx) {
      const [slack, lark, larkBase] = [stringFlag(ctx.flags, 'slack'), stringFlag(ctx.flags, 'lark'), stringFlag(ctx.flags, 'lark-base')];
      if ([slack, lark, larkBase].filter((f) => f !== undefined).length !== 1) throw new UsageError('Give exactly one of --slack <channel id>, --lark <chat id> or --lark-base <app_token>[/<table_id>].');
      if (larkBase !== undefined) {
        const chatOnly = ['purpose', 'digest-at', 'digest-timezone', 'bilingual'].filter((f) => ctx.flags[f] !== undefined);
        if (chatOnly.length > 0) throw new UsageError(`--${chatOnly.join(', --')} apply to chat bindings only; a Base gets every todo as a row.`);
        // Loaded only for --lark-base: it brings the Lark SDK, which no other goal command needs.
        const { bindBaseCommand } = await import('./goal-base.js');
        return bindBaseCommand(ctx, positional(ctx, 0, 'goal'), larkBase, { locale: stringFlag(ctx.flags, 'locale'), defaultLocale: defaultBindingLocale('lark', ctx.config.LARK_DOMAIN) });
      }
      const purposes = listFlag(ctx.flags, 'purpose');
      const unknown = purposes.filter((p) => !BINDING_PURPOSES.includes(p as BindingPurpose));
      if (unknown.length > 0) throw new UsageError(`--purpose takes ${BINDING_PURPOSES.join(', ')}; got ${unknown.join(', ')}.`);
      const deps = await ctx.openApp();
      const input = {
        goalId: positional(ctx, 0, 'goal'),
        surface: slack !== undefined ? ('slack' as const) : ('lark' as const),
        destination: (slack ?? lark)!,
        purposes: purposes as BindingPurpose[],
        locale: stringFlag(ctx.flags, 'locale') ?? defaultBindingLocale(slack !== undefined ? 'slack' : 'lark', ctx.config.LARK_DOMAIN),
        bilingual: ctx.flags['bilingual'] === true,
        ...(stringFlag(ctx.flags, 'digest-at') !== undefined ? { digestAt: stringFlag(ctx.flags, 'digest-at')! } : {}),
        ...(stringFlag(ctx.flags, 'digest-timezone') !== undefined ? { digestTimezone: stringFlag(ctx.flags, 'digest-timezone')! } : {}),
      };
      return output(
        bindGoal(deps, { actor: ctx.actor }, input),
        (binding) => ({ binding: bindingToWire(binding) }),
        (b) => `Bound ${b.goalId} to ${b.surface} ${b.destination} (${b.purposes.join(', ')}; digest ${b.digestAt} ${b.digestTimezone}; cards in ${LOCALE_NAMES[b.locale]}${b.bilingual ? `, in ${LOCALE_NAMES[otherLocale(b.locale)]} for readers whose Lark is set to it` : ''}). \`loopx serve\` posts the cards.`,
      );
    },
  },
  {
    path: ['goal', 'bindings'],
    summary: 'List where goals are mirrored.',
    usage: 'loopx goal bindings [goal]',
    output: BindingListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const bindings = listBindings(deps.store, ctx.positionals[0]);
      const bases = listLarkBases(deps.store, ctx.positionals[0]);
      const rows = [...bindings.map((b) => [b.goalId, b.surface, b.destination, b.purposes.join(','), `${b.digestAt} ${b.digestTimezone}`]), ...bases.map((b) => [b.goal_id, 'lark base', `${b.app_token}/${b.table_id}`, 'rows', `"${b.name}"`])];
      return output(
        { ok: true, value: bindings },
        (all) => ({ bindings: all.map(bindingToWire), bases: bases.map((b) => ({ goal_id: b.goal_id, app_token: b.app_token, table_id: b.table_id, name: b.name, locale: baseLocaleOf(b.locale) })) }),
        () => (rows.length === 0 ? 'No bindings yet. Add one with `loopx goal bind <goal> --slack <channel id>`.' : table(rows)),
      );
    },
  },
];
