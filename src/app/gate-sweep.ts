import type { KernelError } from '../kernel/errors.js';
import { sweepAction, type SweepAction } from '../kernel/gate-decision.js';
import type { EscalationStep, Gate } from '../kernel/gate.js';
import { ok, type Result } from '../kernel/result.js';
import { transitionGate } from '../store/gates.js';
import type { AppDeps } from './deps.js';
import { expireGate } from './gates/settle.js';
import { requireGate } from './gates.js';
import { openGatesFor, ownersOf, waitingOn } from './queries/gates.js';
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
 * The expiry timer passes `escalate: false`: it ends and wakes gates on time, the heartbeat reminds people.
 */
export function sweepGates(deps: AppDeps, goalId: string, now: Date, options: { escalate?: boolean } = {}): GateSweep {
  const result: Result<GateSweep, KernelError> = runWrite(deps, { actor: SWEEPER, command: 'gate.sweep', request: { goalId, now: now.toISOString() } }, (ctx) => {
    const sweep: GateSweep = { expired: [], reminders: [] };
    for (const gate of openGatesFor(ctx.store, goalId)) {
      const action = sweepAction(gate, now);
      // Reminders are posted by the heartbeat that records them, so only the heartbeat's sweep escalates.
      if (action.kind !== 'escalate' || options.escalate !== false) applySweep(ctx, gate, action, sweep);
    }
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
    const personIds = action.step === 'approvers' ? waitingOn(ctx.store, gate) : ownersOf(ctx.store, gate.goalId);
    ctx.event({ goalId: gate.goalId, type: 'gate.escalated', payload: { gate_id: gate.id, step: action.step, person_ids: personIds } });
    sweep.reminders.push({ gateId: gate.id, step: action.step, personIds });
    return;
  }
  if (expireGate(ctx, gate, action.state)) sweep.expired.push(must(requireGate(ctx, gate.id)));
}
