import { quotaState, usageByAgent } from '../../app/queries/quota.js';
import { reviewPacket, reviewText } from '../../app/queries/review.js';
import { setQuotaPolicy, voidSpend } from '../../app/quota.js';
import { shouldRun } from '../../app/should-run.js';
import type { AppDeps } from '../../app/deps.js';
import { QuotaOutput, QuotaVoidOutput, ReviewOutput, ShouldRunOutput } from '../../contract/cli-output.js';
import { gateToWire } from '../../contract/gate-wire.js';
import { quotaToWire, type ShouldRunWire } from '../../contract/should-run-wire.js';
import { evidenceToWire } from '../../contract/wire.js';
import { selectQuotaPolicy, selectQuotaRows, type QuotaLedgerRow } from '../../store/quota.js';
import { requireGoal } from '../../app/lookup.js';
import { intFlag, positional, requiredFlag, UsageError, type Command } from '../command.js';
import { output, table } from '../output.js';

function rowToWire(r: QuotaLedgerRow) {
  return { id: r.id, kind: r.kind as 'spend' | 'void', agent_id: r.agent_id, turn_id: r.turn_id, evidence_id: r.evidence_id, slots: r.slots, voids_id: r.voids_id, reason: r.reason, at: r.at };
}

function quotaView(deps: AppDeps, goalId: string) {
  const goal = requireGoal(deps.store, goalId);
  if (!goal.ok) return goal;
  const quota = quotaState(deps.store, goalId, deps.clock.now());
  const usage = usageByAgent(deps.store, goalId).map((u) => ({ agent_id: u.agentId, tokens_in: u.tokensIn, tokens_out: u.tokensOut, cost_usd: u.costUsd, evidence: u.evidence }));
  return output(
    { ok: true, value: { quota, rows: selectQuotaRows(deps.store, goalId, 20) } },
    (v) => ({ goal_id: goalId, quota: quotaToWire(v.quota), ledger: v.rows.map(rowToWire), usage }),
    (v) => {
      const head = `${goalId}: ${v.quota.state}, ${v.quota.spent}/${v.quota.allowed} slots in the last ${v.quota.windowHours}h${v.quota.nextEligibleAt ? `; next slot at ${v.quota.nextEligibleAt}` : ''}`;
      const rows = v.rows.map((r) => [r.id, r.kind, r.agent_id ?? '-', r.turn_id ?? '-', String(r.slots), r.at, r.reason ?? '']);
      return rows.length === 0 ? head : `${head}\n${table(rows)}`;
    },
  );
}

function shouldRunText(p: ShouldRunWire): string {
  const todo = p.selected_todo ? `\n  todo: ${p.selected_todo.id} ${p.selected_todo.text}` : '';
  const gates = p.blocking_gates.map((g) => `\n  gate: ${g.id} ${g.question} (waits on ${g.waiting_on.join(', ')})`).join('');
  const calls = p.next_calls.length > 0 ? `\n  next: ${p.next_calls.join(' → ')}` : '';
  return `${p.mode} (work: ${p.work ? 'yes' : 'no'}, notify: ${p.notify ? 'yes' : 'no'}) — ${p.reason}${todo}${gates}${calls}\n  quota: ${p.quota.spent}/${p.quota.allowed} (${p.quota.state})`;
}

/** `loopx should-run`, `loopx quota show|set|void`, `loopx review`. */
export const quotaCommands: readonly Command[] = [
  {
    path: ['should-run'],
    summary: 'Ask, as an agent, what to do this turn (the same packet as the API; idempotent per turn).',
    usage: 'loopx should-run <goal> --agent <a> --turn <id>',
    minPositionals: 1,
    options: { agent: { type: 'string' }, turn: { type: 'string' } },
    optionHelp: { agent: 'the agent asking', turn: 'the turn id (a retry with the same id answers the same packet)' },
    output: ShouldRunOutput,
    async run(ctx) {
      const agent = requiredFlag(ctx.flags, 'agent');
      const turn = requiredFlag(ctx.flags, 'turn');
      const deps = await ctx.openApp();
      return output(shouldRun(deps, { ...ctx.origin, actor: { kind: 'agent', id: agent } }, positional(ctx, 0, 'goal'), turn), (p) => p, shouldRunText);
    },
  },
  {
    path: ['quota', 'show'],
    summary: "A goal's quota: spent and allowed in the rolling window, recent spends and voids, reported usage.",
    usage: 'loopx quota show <goal>',
    minPositionals: 1,
    output: QuotaOutput,
    async run(ctx) {
      return quotaView(await ctx.openApp(), positional(ctx, 0, 'goal'));
    },
  },
  {
    path: ['quota', 'set'],
    summary: "Set a goal's quota: accountable turns allowed per rolling window (pause a goal with `goal stop`).",
    usage: 'loopx quota set <goal> --allowed-slots <n> [--window-hours <h>]',
    minPositionals: 1,
    options: { 'allowed-slots': { type: 'string' }, 'window-hours': { type: 'string' } },
    optionHelp: { 'allowed-slots': 'turns that may spend in the window (≥ 1)', 'window-hours': 'rolling window length (default: keep the current, 24 at first)' },
    output: QuotaOutput,
    async run(ctx) {
      const allowedSlots = intFlag(ctx.flags, 'allowed-slots');
      if (allowedSlots === undefined) throw new UsageError('--allowed-slots is required.');
      const deps = await ctx.openApp();
      const goalId = positional(ctx, 0, 'goal');
      const windowHours = intFlag(ctx.flags, 'window-hours') ?? selectQuotaPolicy(deps.store, goalId).windowHours;
      const set = setQuotaPolicy(deps, ctx.origin, goalId, { allowedSlots, windowHours });
      return set.ok ? quotaView(deps, goalId) : set;
    },
  },
  {
    path: ['quota', 'void'],
    summary: 'Void a spend with an appended correction (the spend stays in the ledger).',
    usage: 'loopx quota void <spend id> --reason <r>',
    minPositionals: 1,
    options: { reason: { type: 'string' } },
    optionHelp: { reason: 'why the spend was wrong' },
    output: QuotaVoidOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(voidSpend(deps, ctx.origin, positional(ctx, 0, 'spend'), requiredFlag(ctx.flags, 'reason')), (row) => ({ void: rowToWire(row) }), (row) => `Voided ${row.voids_id ?? ''}: ${row.reason ?? ''}`);
    },
  },
  {
    path: ['review'],
    summary: "The operator's review packet: the question to judge, a suggestion, what approving does and does not authorise, the evidence.",
    usage: 'loopx review <goal>',
    minPositionals: 1,
    output: ReviewOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const now = deps.clock.now();
      return output(
        reviewPacket(deps.store, positional(ctx, 0, 'goal')),
        (r) => ({
          goal_id: r.goalId,
          gate: r.gate ? gateToWire(r.gate, now, r.waitingOn) : null,
          question: r.gate?.question ?? null,
          waiting_on: [...r.waitingOn],
          suggested_decision: r.suggestedDecision,
          suggestion_reason: r.suggestionReason,
          approving_authorises: [...r.authorises],
          approving_does_not_authorise: [...r.doesNotAuthorise],
          evidence: r.evidence.map(evidenceToWire),
          other_pending_gates: r.otherPendingGates,
          commands: r.commands,
        }),
        reviewText,
      );
    },
  },
];
