import { decideGate } from '../../app/gate-decisions.js';
import { findGate } from '../../app/queries/gates.js';
import { GateOutput } from '../../contract/cli-output.js';
import { fail } from '../../kernel/errors.js';
import type { GateChoice } from '../../kernel/gate.js';
import { intFlag, positional, requiredFlag, stringFlag, UsageError, type CliContext, type Command } from '../command.js';
import { gateOutput, parseTimeOrDuration } from './gate.js';

const VERB: Readonly<Record<GateChoice, string>> = { approve: 'Approved:', reject: 'Rejected:', defer: 'Deferred:' };

async function decide(ctx: CliContext, choice: GateChoice) {
  if (ctx.actor.kind !== 'person') throw new UsageError(`Say who decides: --as <person> (an owner or approver of the goal).`);
  const reason = choice === 'reject' ? requiredFlag(ctx.flags, 'reason') : stringFlag(ctx.flags, 'reason');
  const deps = await ctx.openApp();
  const gateId = positional(ctx, 0, 'gate');
  const gate = findGate(deps.store, gateId);
  if (!gate) return fail('not_found', `No gate "${gateId}". List gates with \`loopx gate list\`.`);
  const until = choice === 'defer' ? parseTimeOrDuration(requiredFlag(ctx.flags, 'until'), deps.clock.now()) : undefined;
  // Without --revision the person decides the question as it reads now (they just ran `gate show`).
  const revision = intFlag(ctx.flags, 'revision') ?? gate.revision;
  const grantFor = stringFlag(ctx.flags, 'grant-expires-in');
  const grantExpiresInSeconds = grantFor === undefined ? undefined : Math.round((Date.parse(parseTimeOrDuration(grantFor, deps.clock.now())) - deps.clock.now().getTime()) / 1000);
  const option = stringFlag(ctx.flags, 'option');
  return gateOutput(deps, decideGate(deps, ctx.origin, gateId, { choice, revision, reason, until, via: 'cli', grantExpiresInSeconds, option }), VERB[choice]);
}

const common = { revision: { type: 'string' as const }, reason: { type: 'string' as const } };
const commonHelp = { revision: 'the revision you read (refused if the question changed since)', reason: 'why (returned to the agent)' };

const EXTRA = {
  until: { option: { type: 'string' as const }, help: 'e.g. 2h, 1d, or an ISO time' },
  option: { option: { type: 'string' as const }, help: 'the option you pick, for a gate asked with options (see gate show)' },
  'grant-expires-in': { option: { type: 'string' as const }, help: 'how long the standing grant a goal-wide scope records lasts (default 30d)' },
};

function decisionCommand(choice: 'approve' | 'reject' | 'defer', summary: string, usage: string, extra: readonly (keyof typeof EXTRA)[] = []): Command {
  return {
    path: ['gate', choice],
    summary,
    usage,
    minPositionals: 1,
    options: { ...common, ...Object.fromEntries(extra.map((name) => [name, EXTRA[name].option])) },
    optionHelp: { ...commonHelp, ...Object.fromEntries(extra.map((name) => [name, EXTRA[name].help])) },
    output: GateOutput,
    run: (ctx) => decide(ctx, choice),
  };
}

/** `loopx gate approve|reject|defer`: decisions as a named person (`--as`). */
export const gateDecisionCommands: readonly Command[] = [
  decisionCommand('approve', 'Approve a gate as a named person (an owner or approver).', 'loopx gate approve <gate> --as <person> [--option <o>] [--reason <r>] [--revision <n>] [--grant-expires-in 7d]', ['option', 'grant-expires-in']),
  decisionCommand('reject', 'Reject a gate with a reason, as a named person.', 'loopx gate reject <gate> --as <person> --reason <r> [--revision <n>]'),
  decisionCommand('defer', 'Snooze a gate until a time; it comes back as pending then.', 'loopx gate defer <gate> --as <person> --until <time|duration> [--reason <r>]', ['until']),
];
