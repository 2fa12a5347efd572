import { goalStatus } from '../../app/queries/goal-status.js';
import { AuditOutput, EventsOutput, StatusOutput } from '../../contract/cli-output.js';
import { statusToWire, type StatusWire } from '../../contract/status-wire.js';
import { kernelError } from '../../kernel/errors.js';
import { LANE_LABELS, LANES } from '../../kernel/lanes.js';
import { err } from '../../kernel/result.js';
import { listEvents, verifyChain, type PublishedHead } from '../../store/events.js';
import { crossCheckState } from '../../store/ledger-state.js';
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
    summary: "Re-check the keyed hash chain, a published head and the state tables; fails on any tampering it can see.",
    usage: 'loopx audit verify [--head <seq>:<hash>]',
    options: { head: { type: 'string' } },
    optionHelp: { head: 'a ledger head published earlier (every daily digest posts one); the ledger must still contain it' },
    output: AuditOutput,
    async run(ctx) {
      const raw = stringFlag(ctx.flags, 'head');
      const published = raw === undefined ? null : parseHead(raw);
      if (published === undefined) return err(kernelError('invalid_request', '--head must be <seq>:<64 hex hash>, as the daily digest prints it.'));
      const deps = await ctx.openApp();
      const chain = verifyChain(deps.store, published);
      const state = crossCheckState(deps.store);
      if (!chain.ok || state.length > 0) {
        const first = chain.problems[0];
        const summary = first ? `first at seq ${first.seq}: ${first.problem}` : `${state[0]?.table} ${state[0]?.id}: ${state[0]?.problem}`;
        return err(
          kernelError('ledger_tampered', `The ledger was tampered with: ${chain.problems.length + state.length} problem(s), ${summary}. Restore from a backup.`, {
            problems: chain.problems.slice(0, 20),
            state_problems: state.slice(0, 20),
          }),
        );
      }
      return output(
        { ok: true, value: chain },
        (r) => ({ ok: r.ok, checked: r.checked, problems: [...r.problems], keyed_from: r.keyedFrom, head: r.head, state_problems: [] }),
        (r) => `Ledger intact: ${r.checked} events verified (keyed from seq ${r.keyedFrom}${published ? `, published head ${published.seq} present` : ''}); gates, todos and quota agree with it. Head ${r.head.seq}:${r.head.hash}`,
      );
    },
  },
];

/** `<seq>:<hash>`; undefined when malformed. */
function parseHead(raw: string): PublishedHead | undefined {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/i.exec(raw.trim());
  return match ? { seq: Number(match[1]), hash: match[2]!.toLowerCase() } : undefined;
}
