import { goalStatus } from '../../app/queries/goal-status.js';
import { AuditOutput, EventsOutput, StatusOutput } from '../../contract/cli-output.js';
import { statusToWire, type StatusWire } from '../../contract/status-wire.js';
import { kernelError } from '../../kernel/errors.js';
import { LANE_LABELS, LANES } from '../../kernel/lanes.js';
import { err } from '../../kernel/result.js';
import { listEvents, verifyChain } from '../../store/events.js';
import { listGoals } from '../../store/goals.js';
import { intFlag, stringFlag, type Command } from '../command.js';
import { output, table } from '../output.js';

function statusText(s: StatusWire): string {
  const lanes = LANES.map((lane) => `${LANE_LABELS[lane]} ${s.lanes[lane] ?? 0}`).join(' · ');
  const gates = s.open_gates.map((g) => `\n  gate ${g.id}: ${g.question} (waits on ${g.waiting_on.join(', ') || 'nobody'})`).join('');
  const more = s.open_gates_total > s.open_gates.length ? `\n  … and ${s.open_gates_total - s.open_gates.length} more pending gate(s): loopx gate list ${s.goal}` : '';
  return `${s.goal} [${s.status}] ${s.title}\n  ${lanes}\n  next: ${s.next}${gates}${more}`;
}

/** `loopx status`, `loopx events`, `loopx audit verify`. */
export const ledgerCommands: readonly Command[] = [
  {
    path: ['status'],
    summary: 'Per goal: lanes with counts and who acts next.',
    usage: 'loopx status [goal]',
    output: StatusOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const now = deps.clock.now();
      const ids = ctx.positionals[0] !== undefined ? [ctx.positionals[0]] : listGoals(deps.store).map((g) => g.id);
      const statuses: StatusWire[] = [];
      for (const id of ids) {
        const status = goalStatus(deps.store, id, now);
        if (!status.ok) return status;
        statuses.push(statusToWire(status.value));
      }
      return output(
        { ok: true, value: statuses },
        (all) => ({ goals: all }),
        (all) => (all.length === 0 ? 'No goals yet. Create one with `loopx goal add`.' : all.map(statusText).join('\n\n')),
      );
    },
  },
  {
    path: ['events'],
    summary: 'Show the audit ledger, oldest first.',
    usage: 'loopx events [--goal <g>] [--after <seq>] [--limit <n>]',
    options: { goal: { type: 'string' }, after: { type: 'string' }, limit: { type: 'string' } },
    optionHelp: { goal: 'only this goal', after: 'only events after this seq', limit: 'how many (default 200)' },
    output: EventsOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const rows = listEvents(deps.store, { goalId: stringFlag(ctx.flags, 'goal'), afterSeq: intFlag(ctx.flags, 'after'), limit: intFlag(ctx.flags, 'limit') ?? 200 });
      return output(
        { ok: true, value: rows },
        (all) => ({ events: all.map((e) => ({ seq: e.seq, at: e.at, goal_id: e.goal_id, type: e.type, actor: e.actor, payload: JSON.parse(e.payload) as unknown })) }),
        (all) => (all.length === 0 ? 'No events.' : table(all.map((e) => [String(e.seq), e.at, e.goal_id ?? '-', e.actor, e.type, e.payload]))),
      );
    },
  },
  {
    path: ['audit', 'verify'],
    summary: "Re-check the ledger's hash chain; fails if any event was changed, deleted or inserted.",
    usage: 'loopx audit verify',
    output: AuditOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const result = verifyChain(deps.store);
      if (!result.ok) {
        const first = result.problems[0];
        return err(
          kernelError('ledger_tampered', `The ledger was tampered with: ${result.problems.length} problem(s), first at seq ${first?.seq}: ${first?.problem}. Restore from a backup.`, {
            problems: result.problems.slice(0, 20),
          }),
        );
      }
      return output({ ok: true, value: result }, (r) => ({ ok: r.ok, checked: r.checked, problems: [...r.problems] }), (r) => `Ledger intact: ${r.checked} events verified.`);
    },
  },
];
