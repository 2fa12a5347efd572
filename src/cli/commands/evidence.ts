import { addEvidence, type EvidenceInput } from '../../app/evidence.js';
import { EvidenceListOutput, EvidenceOutput } from '../../contract/cli-output.js';
import { evidenceToWire } from '../../contract/wire.js';
import { DELIVERY_OUTCOMES, EVIDENCE_KINDS, type DeliveryOutcome, type EvidenceKind } from '../../kernel/vocabulary.js';
import { listEvidence } from '../../store/evidence.js';
import { intFlag, positional, requiredFlag, stringFlag, UsageError, type Command, type Flags } from '../command.js';
import { output, table } from '../output.js';

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value !== undefined && !allowed.includes(value as T)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}.`);
  return value as T | undefined;
}

function usageFlags(flags: Flags): EvidenceInput['usage'] {
  const cost = stringFlag(flags, 'cost-usd');
  const costUsd = cost === undefined ? undefined : Number(cost);
  if (costUsd !== undefined && (!Number.isFinite(costUsd) || costUsd < 0)) throw new UsageError('--cost-usd must be a non-negative number.');
  const usage = { tokensIn: intFlag(flags, 'tokens-in'), tokensOut: intFlag(flags, 'tokens-out'), costUsd };
  return Object.values(usage).some((v) => v !== undefined) ? usage : undefined;
}

/** `loopx evidence …` commands. */
export const evidenceCommands: readonly Command[] = [
  {
    path: ['evidence', 'add'],
    summary: 'Record evidence on a goal (compact and public-safe: link to large artefacts).',
    usage: 'loopx evidence add <goal> --kind <k> --summary <s> [--todo <t>] [--url <u>] [--outcome <o>] [--agent <a> --turn <id>] [--tokens-in n] [--tokens-out n] [--cost-usd x]',
    minPositionals: 1,
    options: { kind: { type: 'string' }, summary: { type: 'string' }, todo: { type: 'string' }, url: { type: 'string' }, outcome: { type: 'string' }, agent: { type: 'string' }, turn: { type: 'string' }, 'tokens-in': { type: 'string' }, 'tokens-out': { type: 'string' }, 'cost-usd': { type: 'string' } },
    optionHelp: {
      kind: EVIDENCE_KINDS.join(', '),
      summary: 'one or two plain sentences',
      todo: 'the todo it proves',
      url: 'link to the artefact (PR, CI run, report)',
      outcome: DELIVERY_OUTCOMES.join(', '),
      agent: 'record as this agent',
      turn: "the agent's turn id: an accountable outcome spends that turn's one quota slot",
      'tokens-in': 'usage: input tokens',
      'tokens-out': 'usage: output tokens',
      'cost-usd': 'usage: cost in USD (a proxy, not billing)',
    },
    output: EvidenceOutput,
    async run(ctx) {
      const kind = oneOf<EvidenceKind>(requiredFlag(ctx.flags, 'kind'), EVIDENCE_KINDS, 'kind') ?? 'note';
      const input = {
        goalId: positional(ctx, 0, 'goal'),
        kind,
        summary: requiredFlag(ctx.flags, 'summary'),
        todoId: stringFlag(ctx.flags, 'todo'),
        url: stringFlag(ctx.flags, 'url'),
        deliveryOutcome: oneOf<DeliveryOutcome>(stringFlag(ctx.flags, 'outcome'), DELIVERY_OUTCOMES, 'outcome'),
        turnId: stringFlag(ctx.flags, 'turn'),
        usage: usageFlags(ctx.flags),
      };
      const agent = stringFlag(ctx.flags, 'agent');
      const deps = await ctx.openApp();
      return output(addEvidence(deps, { ...ctx.origin, actor: agent ? { kind: 'agent', id: agent } : ctx.actor }, input), (e) => ({ evidence: evidenceToWire(e) }), (e) => `Recorded ${e.id}: [${e.kind}] ${e.summary}`);
    },
  },
  {
    path: ['evidence', 'list'],
    summary: "List a goal's evidence, newest first.",
    usage: 'loopx evidence list <goal> [--limit <n>]',
    minPositionals: 1,
    options: { limit: { type: 'string' } },
    optionHelp: { limit: 'how many (default 50)' },
    output: EvidenceListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const limit = Number(stringFlag(ctx.flags, 'limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number.');
      return output(
        { ok: true, value: listEvidence(deps.store, positional(ctx, 0, 'goal'), limit) },
        (all) => ({ evidence: all.map(evidenceToWire) }),
        (all) => (all.length === 0 ? 'No evidence yet.' : table(all.map((e) => [e.createdAt, e.agentId ?? '-', e.kind, e.summary]))),
      );
    },
  },
];
