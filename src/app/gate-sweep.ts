import type { KernelError } from '../kernel/errors.js';
import { sweepAction, type SweepAction } from '../kernel/gate-decision.js';
import type { EscalationStep, Gate } from '../kernel/gate.js';
import { ok, type Result } from '../kernel/result.js';
import { transitionGate } from '../store/gates.js';
import type { AppDeps } from './deps.js';
import { blockListedTodos } from './gate-decisions.js';
import { requireGate } from './gates.js';
import { approversOf, openGatesFor, ownersOf } from './queries/gates.js';
import { must, runWrite, type WriteContext } from './write.js';

/** One escalation reminder the heartbeat should post: who to remind about which gate. */
export interface GateReminder {
  readonly gateId: string;
  readonly step: EscalationStep;
  readonly personIds: string[];
}

/** What one sweep did. */
export interface GateSweep {
  readonly expired: Gate[];
  readonly reminders: GateReminder[];
}

const SWEEPER = { kind: 'system', id: 'gate-sweep' } as const;

/**
 * Applies expiry and defer wake-ups for one goal at `now`: `deny` → expired, `cancel` → cancelled, `keep_waiting`
 * → one reminder to the approvers, later one to the owners (each step recorded once, so a re-run repeats nothing).
 */
export function sweepGates(deps: AppDeps, goalId: string, now: Date): GateSweep {
  const result: Result<GateSweep, KernelError> = runWrite(deps, { actor: SWEEPER, command: 'gate.sweep', request: { goalId, now: now.toISOString() } }, (ctx) => {
    const sweep: GateSweep = { expired: [], reminders: [] };
    for (const gate of openGatesFor(ctx.store, goalId)) applySweep(ctx, gate, sweepAction(gate, now), sweep);
    return ok(sweep);
  });
  return result.ok ? result.value : { expired: [], reminders: [] };
}

function applySweep(ctx: WriteContext, gate: Gate, action: SweepAction, sweep: GateSweep): void {
  if (action.kind === 'none') return;
  if (action.kind === 'wake') {
    if (transitionGate(ctx.store, gate.id, gate, { state: 'pending', deferred_until: null, decision_outcome: null, decided_by: null, decided_via: null, decision_reason: null, decided_at: null, decided_revision: null }, false, ctx.at)) {
      ctx.event({ goalId: gate.goalId, type: 'gate.woke', payload: { gate_id: gate.id, deferred_until: gate.deferredUntil } });
    }
    return;
  }
  if (action.kind === 'escalate') {
    if (!transitionGate(ctx.store, gate.id, gate, { escalation: action.step }, false, ctx.at)) return;
    const personIds = action.step === 'approvers' ? approversOf(ctx.store, gate) : ownersOf(ctx.store, gate.goalId);
    ctx.event({ goalId: gate.goalId, type: 'gate.escalated', payload: { gate_id: gate.id, step: action.step, person_ids: personIds } });
    sweep.reminders.push({ gateId: gate.id, step: action.step, personIds });
    return;
  }
  const reason = action.state === 'expired' ? 'Expired undecided (on_expire: deny); this is not a rejection.' : 'Expired undecided (on_expire: cancel).';
  const settled = { state: action.state, decision_outcome: action.state, decided_by: 'system', decided_via: 'system', decision_reason: reason, decided_at: ctx.at, decided_revision: gate.revision };
  if (!transitionGate(ctx.store, gate.id, gate, settled, false, ctx.at)) return;
  ctx.event({ goalId: gate.goalId, type: 'gate.decided', payload: { gate_id: gate.id, outcome: action.state, by: 'system', via: 'system', reason, revision: gate.revision } });
  if (action.state === 'expired') blockListedTodos(ctx, gate, `Gate ${gate.id} expired undecided; ask again or replan.`);
  sweep.expired.push(must(requireGate(ctx, gate.id)));
}
