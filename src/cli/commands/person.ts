import { LOCALE_NAMES } from '../../kernel/locale.js';
import { addPerson, linkPerson, setPersonLocale, setReach } from '../../app/people.js';
import { effectiveVia } from '../../kernel/reach.js';
import { PersonListOutput, PersonOutput } from '../../contract/cli-output.js';
import { personToWire } from '../../contract/wire.js';
import type { Person } from '../../kernel/entities.js';
import { listPeople } from '../../store/people.js';
import { positional, requiredFlag, slugArg, stringFlag, UsageError, type Command } from '../command.js';
import { output, table } from '../output.js';

function personLine(person: Person): string {
  const links = person.identities.map((i) => `${i.surface}:${i.externalId}`).join(', ');
  return `${person.id} (${person.name})${links ? ` linked to ${links}` : ''}`;
}

/** "by Slack direct message, quiet 22:00-08:00 (Asia/Shanghai)". */
function reachText(person: Person): string {
  const where = { 'slack-dm': 'by Slack direct message', 'lark-dm': 'by Lark direct message', channel: 'by @mentions in the goal channel', none: 'nowhere (named on cards, never mentioned)' }[effectiveVia(person)];
  return `${where}${person.quietHours ? `, quiet ${person.quietHours} (${person.timezone ?? 'UTC'})` : ''}.`;
}

const LOCALE_HELP = 'language of their direct messages, toasts and replies: zh-CN (简体中文) or en';

/** `loopx person …` commands. */
export const personCommands: readonly Command[] = [
  {
    path: ['person', 'add'],
    summary: 'Add a person (authority lives on people, never on chat display names).',
    usage: 'loopx person add <id> --name <n> [--timezone <tz>] [--locale zh-CN|en]',
    minPositionals: 1,
    options: { name: { type: 'string' }, timezone: { type: 'string' }, locale: { type: 'string' } },
    optionHelp: { name: 'display name', timezone: 'IANA timezone for their reminders', locale: LOCALE_HELP },
    output: PersonOutput,
    async run(ctx) {
      const input = { id: slugArg(positional(ctx, 0, 'id'), 'person id'), name: requiredFlag(ctx.flags, 'name'), timezone: stringFlag(ctx.flags, 'timezone'), locale: stringFlag(ctx.flags, 'locale') };
      const deps = await ctx.openApp();
      return output(addPerson(deps, ctx.origin, input), (p) => ({ person: personToWire(p) }), (p) => `Added ${personLine(p)}`);
    },
  },
  {
    path: ['person', 'update'],
    summary: 'Change the language a person reads (their direct messages, toasts and replies).',
    usage: 'loopx person update <id> --locale zh-CN|en',
    minPositionals: 1,
    options: { locale: { type: 'string' } },
    optionHelp: { locale: LOCALE_HELP },
    output: PersonOutput,
    async run(ctx) {
      const locale = requiredFlag(ctx.flags, 'locale');
      const deps = await ctx.openApp();
      return output(setPersonLocale(deps, ctx.origin, positional(ctx, 0, 'id'), locale), (p) => ({ person: personToWire(p) }), (p) => `${p.name} reads ${LOCALE_NAMES[p.locale ?? 'en']} (${p.locale ?? 'en'}).`);
    },
  },
  {
    path: ['person', 'link'],
    summary: 'Link a Slack or Lark identity to a person, so their clicks count as theirs.',
    usage: 'loopx person link <id> (--slack <team>:<user> | --lark <tenant>:<open_id>)',
    minPositionals: 1,
    options: { slack: { type: 'string' }, lark: { type: 'string' } },
    optionHelp: { slack: 'Slack team id and user id, e.g. T012AB3C4:U012AB3C4', lark: 'Lark tenant key and open_id, e.g. 736588c9:ou_7d8a…' },
    output: PersonOutput,
    async run(ctx) {
      const slack = stringFlag(ctx.flags, 'slack');
      const lark = stringFlag(ctx.flags, 'lark');
      if ((slack === undefined) === (lark === undefined)) throw new UsageError('Give exactly one of --slack <team>:<user> or --lark <tenant>:<open_id>.');
      const deps = await ctx.openApp();
      const linked = slack !== undefined ? linkPerson(deps, ctx.origin, positional(ctx, 0, 'id'), 'slack', slack) : linkPerson(deps, ctx.origin, positional(ctx, 0, 'id'), 'lark', lark ?? '');
      return output(linked, (p) => ({ person: personToWire(p) }), (p) => `Linked ${personLine(p)}`);
    },
  },
  {
    path: ['person', 'notify'],
    summary: 'Choose where a person is reached about what waits on them, and their quiet hours.',
    usage: 'loopx person notify <id> [--via slack-dm|lark-dm|channel|none] [--quiet 22:00-08:00|off] [--timezone <tz>]',
    minPositionals: 1,
    options: { via: { type: 'string' }, quiet: { type: 'string' }, timezone: { type: 'string' } },
    optionHelp: {
      via: 'slack-dm or lark-dm (a direct message with buttons), channel (@mentions in the goal channel), none; default: a direct message where linked',
      quiet: 'no direct message or mention in these hours (their timezone), except a high-risk gate expiring inside them; "off" clears',
      timezone: 'IANA timezone the quiet hours are in',
    },
    output: PersonOutput,
    async run(ctx) {
      const input = { via: stringFlag(ctx.flags, 'via'), quiet: stringFlag(ctx.flags, 'quiet'), timezone: stringFlag(ctx.flags, 'timezone') };
      if (input.via === undefined && input.quiet === undefined && input.timezone === undefined) throw new UsageError('Give at least one of --via, --quiet or --timezone.');
      const deps = await ctx.openApp();
      return output(setReach(deps, ctx.origin, positional(ctx, 0, 'id'), input), (p) => ({ person: personToWire(p) }), (p) => `${p.name} is reached ${reachText(p)}`);
    },
  },
  {
    path: ['person', 'list'],
    summary: 'List people and their linked identities.',
    usage: 'loopx person list',
    output: PersonListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(
        { ok: true, value: listPeople(deps.store) },
        (people) => ({ people: people.map(personToWire) }),
        (people) => (people.length === 0 ? 'No people yet. Add one with `loopx person add`.' : table(people.map((p) => [p.id, p.name, p.identities.map((i) => `${i.surface}:${i.externalId}`).join(' '), `reached ${reachText(p)}`]))),
      );
    },
  },
];
