import { addPerson, linkPerson } from '../../app/people.js';
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

/** `loopx person …` commands. */
export const personCommands: readonly Command[] = [
  {
    path: ['person', 'add'],
    summary: 'Add a person (authority lives on people, never on chat display names).',
    usage: 'loopx person add <id> --name <n> [--timezone <tz>]',
    minPositionals: 1,
    options: { name: { type: 'string' }, timezone: { type: 'string' } },
    optionHelp: { name: 'display name', timezone: 'IANA timezone for their reminders' },
    output: PersonOutput,
    async run(ctx) {
      const input = { id: slugArg(positional(ctx, 0, 'id'), 'person id'), name: requiredFlag(ctx.flags, 'name'), timezone: stringFlag(ctx.flags, 'timezone') };
      const deps = await ctx.openApp();
      return output(addPerson(deps, ctx.origin, input), (p) => ({ person: personToWire(p) }), (p) => `Added ${personLine(p)}`);
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
    path: ['person', 'list'],
    summary: 'List people and their linked identities.',
    usage: 'loopx person list',
    output: PersonListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(
        { ok: true, value: listPeople(deps.store) },
        (people) => ({ people: people.map(personToWire) }),
        (people) => (people.length === 0 ? 'No people yet. Add one with `loopx person add`.' : table(people.map((p) => [p.id, p.name, p.identities.map((i) => `${i.surface}:${i.externalId}`).join(' ')]))),
      );
    },
  },
];
