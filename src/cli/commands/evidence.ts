import { addEvidence } from '../../app/evidence.js';
import { EvidenceListOutput, EvidenceOutput } from '../../contract/cli-output.js';
import { evidenceToWire } from '../../contract/wire.js';
import { DELIVERY_OUTCOMES, EVIDENCE_KINDS, type DeliveryOutcome, type EvidenceKind } from '../../kernel/vocabulary.js';
import { listEvidence } from '../../store/evidence.js';
import { positional, requiredFlag, stringFlag, UsageError, type Command } from '../command.js';
import { output, table } from '../output.js';

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value !== undefined && !allowed.includes(value as T)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}.`);
  return value as T | undefined;
}

/** `loopx evidence …` commands. */
export const evidenceCommands: readonly Command[] = [
  {
    path: ['evidence', 'add'],
    summary: 'Record evidence on a goal (compact and public-safe: link to large artefacts).',
    usage: 'loopx evidence add <goal> --kind <k> --summary <s> [--todo <t>] [--url <u>] [--outcome <o>] [--agent <a>]',
    minPositionals: 1,
    options: { kind: { type: 'string' }, summary: { type: 'string' }, todo: { type: 'string' }, url: { type: 'string' }, outcome: { type: 'string' }, agent: { type: 'string' } },
    optionHelp: {
      kind: EVIDENCE_KINDS.join(', '),
      summary: 'one or two plain sentences',
      todo: 'the todo it proves',
      url: 'link to the artefact (PR, CI run, report)',
      outcome: DELIVERY_OUTCOMES.join(', '),
      agent: 'record as this agent',
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
