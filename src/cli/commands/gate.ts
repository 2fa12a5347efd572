import type { AppDeps } from '../../app/deps.js';
import { amendGate, askGate, cancelGate } from '../../app/gates.js';
import { findGate, listGates, waitingOn } from '../../app/queries/gates.js';
import type { WriteOrigin } from '../../app/write.js';
import { GateListOutput, GateOutput } from '../../contract/cli-output.js';
import { gateToWire } from '../../contract/gate-wire.js';
import { fail, type KernelError } from '../../kernel/errors.js';
import type { Result } from '../../kernel/result.js';
import { GATE_RISKS, GATE_STATES, ON_EXPIRE, OPEN_GATE_STATES, type Gate, type GateRisk, type GateState, type OnExpire } from '../../kernel/gate.js';
import { intFlag, listFlag, positional, stringFlag, UsageError, type CliContext, type Command } from '../command.js';
import { output } from '../output.js';
import { grantList } from './grant.js';

/** Parses `2h`, `30m`, `1d` (from `now`) or an ISO-8601 time. */
export function parseTimeOrDuration(value: string, now: Date): string {
  const duration = /^(\d+)([mhd])$/.exec(value);
  if (duration) return new Date(now.getTime() + Number(duration[1]) * { m: 60_000, h: 3600_000, d: 86_400_000 }[duration[2] as 'm' | 'h' | 'd']).toISOString();
  if (Number.isNaN(Date.parse(value))) throw new UsageError(`"${value}" is not a time: use a duration like 30m, 2h, 1d or an ISO-8601 time.`);
  return new Date(value).toISOString();
}

function oneOf<T extends string>(ctx: CliContext, flag: string, allowed: readonly T[]): T | undefined {
  const value = stringFlag(ctx.flags, flag);
  if (value !== undefined && !allowed.includes(value as T)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}.`);
  return value as T | undefined;
}

/** Writes as `--agent <id>` when given, else as the operator or `--as <person>`. */
export function gateOrigin(ctx: CliContext): WriteOrigin {
  const agent = stringFlag(ctx.flags, 'agent');
  return { ...ctx.origin, actor: agent ? { kind: 'agent', id: agent } : ctx.actor };
}

/** One line per gate: id, state, revision, question, who it waits on. */
export function gateLine(deps: AppDeps, gate: Gate): string {
  const waiting = gate.state === 'pending' ? ` (waits on ${waitingOn(deps.store, gate).join(', ') || 'nobody'})` : '';
  const options = gate.options.length > 0 ? ` (options: ${gate.options.join(' | ')})` : '';
  const chose = gate.decision?.option ? ` "${gate.decision.option}"` : '';
  const decided = gate.decision ? ` — ${gate.decision.outcome}${chose} by ${gate.decision.by} via ${gate.decision.via}${gate.decision.reason ? `: ${gate.decision.reason}` : ''}` : '';
  return `${gate.id} [${gate.state} r${gate.revision}] ${gate.question}${options}${waiting}${decided}`;
}

/** Maps a gate result to the CLI output. */
export function gateOutput(deps: AppDeps, result: Result<{ gate: Gate; changed?: boolean; created?: boolean }, KernelError>, verb: string) {
  return output(
    result,
    (v) => ({ gate: gateToWire(v.gate, deps.clock.now(), waitingOn(deps.store, v.gate)), ...(v.changed !== undefined ? { changed: v.changed } : {}), ...(v.created !== undefined ? { created: v.created } : {}) }),
    (v) => (v.changed === false || v.created === false ? `Nothing changed: ${gateLine(deps, v.gate)}` : `${verb} ${gateLine(deps, v.gate)}`),
  );
}

const askCommand: Command<typeof GateOutput> = {
  path: ['gate', 'ask'],
  summary: 'Ask a question only a person may answer; it blocks exactly what it names.',
  usage: 'loopx gate ask <goal> <question> (--blocks-agent <a> | --blocks-todo <t>... | --global) [--scope kind:granularity:key] [--risk low|normal|high] [--approver <p>]... [--quorum n] [--expires-in 2h] [--on-expire deny|keep_waiting|cancel] [--agent <a>]',
  minPositionals: 2,
  options: {
    'blocks-agent': { type: 'string' }, 'blocks-todo': { type: 'string', multiple: true }, global: { type: 'boolean' }, scope: { type: 'string' }, risk: { type: 'string' },
    approver: { type: 'string', multiple: true }, quorum: { type: 'string' }, 'expires-in': { type: 'string' }, 'on-expire': { type: 'string' }, context: { type: 'string' }, option: { type: 'string', multiple: true }, agent: { type: 'string' },
  },
  optionHelp: {
    'blocks-agent': 'block one agent', 'blocks-todo': 'block these todos (repeatable)', global: 'block the whole goal', scope: 'decision scope, e.g. publish:goal:blog (goal-wide approvals become standing grants)',
    risk: GATE_RISKS.join(', '), approver: 'only these people may decide (default: owners and approvers)', quorum: 'approvals needed (one per person)', 'expires-in': 'e.g. 4h or an ISO time',
    'on-expire': ON_EXPIRE.join(', ') + ' (default keep_waiting)', context: 'background for the approver', option: 'an answer option (repeatable)', agent: 'ask as this agent',
  },
  output: GateOutput,
  async run(ctx) {
    const deps = await ctx.openApp();
    const expiresIn = stringFlag(ctx.flags, 'expires-in');
    const expiresAt = expiresIn === undefined ? undefined : parseTimeOrDuration(expiresIn, deps.clock.now());
    const input = {
      question: ctx.positionals.slice(1).join(' '),
      context: stringFlag(ctx.flags, 'context'),
      options: listFlag(ctx.flags, 'option'),
      risk: oneOf<GateRisk>(ctx, 'risk', GATE_RISKS),
      blocks: { agent: stringFlag(ctx.flags, 'blocks-agent'), todoIds: listFlag(ctx.flags, 'blocks-todo'), global: ctx.flags.global === true },
      decisionScope: stringFlag(ctx.flags, 'scope'),
      approvers: listFlag(ctx.flags, 'approver').length > 0 ? listFlag(ctx.flags, 'approver') : undefined,
      quorum: intFlag(ctx.flags, 'quorum'),
      expiresInSeconds: expiresAt === undefined ? undefined : Math.max(60, Math.round((Date.parse(expiresAt) - deps.clock.now().getTime()) / 1000)),
      onExpire: oneOf<OnExpire>(ctx, 'on-expire', ON_EXPIRE),
    };
    return gateOutput(deps, askGate(deps, gateOrigin(ctx), positional(ctx, 0, 'goal'), input), 'Asked:');
  },
};

/** `loopx gate …` commands. */
export const gateCommands: readonly Command[] = [
  askCommand,
  {
    path: ['gate', 'list'],
    summary: 'List gates (pending and deferred by default), oldest first.',
    usage: 'loopx gate list [goal] [--state <s>]... [--all]',
    options: { state: { type: 'string', multiple: true }, all: { type: 'boolean' } },
    optionHelp: { state: GATE_STATES.join(', '), all: 'every state' },
    output: GateListOutput,
    async run(ctx) {
      const states = listFlag(ctx.flags, 'state') as GateState[];
      for (const s of states) if (!GATE_STATES.includes(s)) throw new UsageError(`--state must be one of ${GATE_STATES.join(', ')}.`);
      const deps = await ctx.openApp();
      const gates = listGates(deps.store, ctx.positionals[0], ctx.flags.all === true ? undefined : states.length > 0 ? states : OPEN_GATE_STATES);
      return output(
        { ok: true, value: gates },
        (all) => ({ gates: all.map((g) => gateToWire(g, deps.clock.now(), waitingOn(deps.store, g))) }),
        (all) => (all.length === 0 ? 'No gates waiting.' : all.map((g) => gateLine(deps, g)).join('\n')),
      );
    },
  },
  {
    path: ['gate', 'show'],
    summary: 'Show one gate: question, scope, policy, decision.',
    usage: 'loopx gate show <gate>',
    minPositionals: 1,
    output: GateOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const id = positional(ctx, 0, 'gate');
      const gate = findGate(deps.store, id);
      if (!gate) return fail('not_found', `No gate "${id}". List gates with \`loopx gate list\`.`);
      return gateOutput(deps, { ok: true, value: { gate } }, '');
    },
  },
  {
    path: ['gate', 'cancel'],
    summary: 'Withdraw an open gate (the asker or the operator).',
    usage: 'loopx gate cancel <gate> [--reason <r>] [--agent <a>]',
    minPositionals: 1,
    options: { reason: { type: 'string' }, agent: { type: 'string' } },
    optionHelp: { reason: 'why it is no longer needed', agent: 'cancel as this agent (the asker)' },
    output: GateOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return gateOutput(deps, cancelGate(deps, gateOrigin(ctx), positional(ctx, 0, 'gate'), { reason: stringFlag(ctx.flags, 'reason'), via: 'cli' }), 'Cancelled:');
    },
  },
  {
    path: ['gate', 'amend'],
    summary: 'Change the question; the revision bumps and decisions on the old one are refused.',
    usage: 'loopx gate amend <gate> --question <q> [--context <c>] [--agent <a>]',
    minPositionals: 1,
    options: { question: { type: 'string' }, context: { type: 'string' }, agent: { type: 'string' } },
    optionHelp: { question: 'the new question', context: 'new background', agent: 'amend as this agent (the asker)' },
    output: GateOutput,
    async run(ctx) {
      const question = stringFlag(ctx.flags, 'question');
      const context = stringFlag(ctx.flags, 'context');
      if (question === undefined && context === undefined) throw new UsageError('Give --question and/or --context.');
      const deps = await ctx.openApp();
      return gateOutput(deps, amendGate(deps, gateOrigin(ctx), positional(ctx, 0, 'gate'), { question, context }), 'Amended:');
    },
  },
  { path: ['gate', 'grants'], summary: 'List standing grants (the older name of `loopx grant list`).', ...grantList, usage: 'loopx gate grants [goal] [--revoked]' },
];
