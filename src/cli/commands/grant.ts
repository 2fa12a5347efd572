import type { AppDeps } from '../../app/deps.js';
import { requireGrant, revokeStandingGrant } from '../../app/gates/grants.js';
import { listGrants } from '../../app/queries/gates.js';
import { GrantListOutput, GrantOutput } from '../../contract/cli-output.js';
import { grantToWire } from '../../contract/gate-wire.js';
import type { KernelError } from '../../kernel/errors.js';
import type { Result } from '../../kernel/result.js';
import type { GrantRow } from '../../store/gate-grants.js';
import { positional, stringFlag, type Command } from '../command.js';
import { output, table } from '../output.js';

function grantState(grant: GrantRow, now: Date): string {
  if (grant.revokedAt) return `revoked ${grant.revokedAt.slice(0, 16)} by ${grant.revokedBy ?? 'someone'}${grant.revokedReason ? ` (${grant.revokedReason})` : ''}`;
  if (grant.expiresAt && Date.parse(grant.expiresAt) <= now.getTime()) return `expired ${grant.expiresAt.slice(0, 16)}`;
  return `active until ${grant.expiresAt?.slice(0, 16) ?? 'revoked'}`;
}

function grantLine(grant: GrantRow, now: Date): string {
  return `${grant.id} ${grant.scope} on ${grant.goalId}, granted by ${grant.grantedBy} (gate ${grant.gateId}): ${grantState(grant, now)}`;
}

function grantOutput(deps: AppDeps, result: Result<{ grant: GrantRow; changed?: boolean }, KernelError>, verb: string) {
  const now = deps.clock.now();
  return output(
    result,
    (v) => ({ grant: grantToWire(v.grant, now), ...(v.changed !== undefined ? { changed: v.changed } : {}) }),
    (v) => `${v.changed === false ? 'Nothing changed: ' : verb}${grantLine(v.grant, now)}`,
  );
}

/** `grant list`: shared with its older name `gate grants`. */
export const grantList: Pick<Command<typeof GrantListOutput>, 'usage' | 'options' | 'optionHelp' | 'output' | 'run'> = {
  usage: 'loopx grant list [goal] [--revoked]',
  options: { revoked: { type: 'boolean' } },
  optionHelp: { revoked: 'include revoked and expired grants' },
  output: GrantListOutput,
  async run(ctx) {
    const deps = await ctx.openApp();
    const now = deps.clock.now();
    const grants = listGrants(deps.store, ctx.positionals[0], { includeRevoked: ctx.flags.revoked === true, now });
    return output(
      { ok: true, value: grants },
      (all) => ({ grants: all.map((g) => grantToWire(g, now)) }),
      (all) => (all.length === 0 ? 'No standing grants.' : table(all.map((g) => [g.id, g.goalId, g.scope, `by ${g.grantedBy}`, grantState(g, now)]))),
    );
  },
};

/** `loopx grant list|show|revoke`: the standing approvals goal-wide decisions recorded. */
export const grantCommands: readonly Command[] = [
  { path: ['grant', 'list'], summary: 'List standing grants (active ones unless --revoked).', ...grantList },
  {
    path: ['grant', 'show'],
    summary: 'Show one standing grant: scope, who granted it, until when, revocation.',
    usage: 'loopx grant show <grant>',
    minPositionals: 1,
    output: GrantOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const found = requireGrant(deps, positional(ctx, 0, 'grant'));
      return grantOutput(deps, found.ok ? { ok: true, value: { grant: found.value } } : found, '');
    },
  },
  {
    path: ['grant', 'revoke'],
    summary: 'Revoke a standing grant now (the operator, or --as its grantor or a goal owner).',
    usage: 'loopx grant revoke <grant> [--reason <r>] [--as <person>]',
    minPositionals: 1,
    options: { reason: { type: 'string' } },
    optionHelp: { reason: 'why (kept in the ledger)' },
    output: GrantOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return grantOutput(deps, revokeStandingGrant(deps, ctx.origin, positional(ctx, 0, 'grant'), stringFlag(ctx.flags, 'reason')), 'Revoked: ');
    },
  },
];
