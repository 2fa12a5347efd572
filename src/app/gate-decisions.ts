import type { KernelError } from '../kernel/errors.js';
import { alreadyDecided, decideGateAttempt, gateExpired, lapsedState, type DecisionEffect } from '../kernel/gate-decision.js';
import { isOpenGate, type Gate, type GateChoice, type GateState } from '../kernel/gate.js';
import { ok, type Result } from '../kernel/result.js';
import type { Origin } from '../kernel/vocabulary.js';
import { insertVote, transitionGate } from '../store/gates.js';
import { findGoal } from '../store/goals.js';
import { findPerson } from '../store/people.js';
import type { AppDeps } from './deps.js';
import { requireGate } from './gates.js';
import { recordGrant, requireGrantLifetime, revokeCoveredGrants } from './gates/grants.js';
import { blockListedTodos, expireGate } from './gates/settle.js';
import { approversOf } from './queries/gates.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from './write.js';

/** A person's answer to a gate. */
export interface DecideGateInput {
  readonly choice: GateChoice;
  /** The revision the person saw (buttons carry it); a stale one is refused. */
  readonly revision: number;
  readonly reason?: string | undefined;
  /** ISO time a defer snoozes until. */
  readonly until?: string | undefined;
  readonly via: Origin;
  /** The option an approval picks (by text), for a gate asked with options. */
  readonly option?: string | undefined;
  /** The option an approval picks by its index on the gate's current revision (a button carries it). */
  readonly optionIndex?: number | undefined;
  /** How long the standing grant an approval at goal-wide (or wider) scope records lasts; default 30 days. */
  readonly grantExpiresInSeconds?: number | undefined;
}

function refuse(ctx: WriteContext, gateId: string, goalId: string | null, input: DecideGateInput, error: KernelError): never {
  ctx.audit({ goalId, type: 'gate.decision_refused', payload: { gate_id: gateId, actor: `${ctx.actor.kind}:${ctx.actor.id}`, choice: input.choice, via: input.via, revision: input.revision, code: error.code } });
  return must({ ok: false, error });
}

/**
 * Decides a gate as a named person. One conditional UPDATE on (id, state, revision) settles it, so exactly one of
 * several concurrent decisions wins; the others get `gate_not_pending` ("Already approved by Ana at 14:02 via
 * Slack"). A repeated click by the same person answers `changed: false`. Every refusal is an audit event.
 */
export function decideGate(deps: AppDeps, origin: WriteOrigin, gateId: string, input: DecideGateInput): Result<{ gate: Gate; changed: boolean }, KernelError> {
  const decided = runWrite<Decided>(deps, { ...origin, command: 'gate.decide', request: { gateId, ...input } }, (ctx) => {
    const found = requireGate(ctx, gateId);
    if (!found.ok) return refuse(ctx, gateId, null, input, found.error);
    const gate = found.value;
    const person = ctx.actor.kind === 'person' ? findPerson(ctx.store, ctx.actor.id) : undefined;
    const timezone = person?.timezone ?? findGoal(ctx.store, gate.goalId)?.timezone ?? 'UTC';
    const lapsed = lapsedState(gate, ctx.now);
    if (lapsed !== null) return ok({ late: lateDecision(ctx, gate, lapsed, input, timezone) });
    if (!person) {
      const who = ctx.actor.kind === 'agent' ? 'Agents never decide gates' : `${ctx.actor.kind}:${ctx.actor.id} is not a known person`;
      return refuse(ctx, gate.id, gate.goalId, input, { code: 'not_authorised_to_decide', message: `${who}; a linked owner or approver must decide (CLI: --as <person>).`, details: { gate_id: gate.id } });
    }
    requireGrantLifetime(input.grantExpiresInSeconds);
    const decidedByName = gate.decision ? (findPerson(ctx.store, gate.decision.by)?.name ?? null) : null;
    const attempt = { personId: person.id, choice: input.choice, revision: input.revision, reason: input.reason ?? null, until: input.until ?? null, option: optionOf(gate, input), via: input.via, approvers: approversOf(ctx.store, gate), now: ctx.now };
    const judged = decideGateAttempt(gate, { ...attempt, personName: decidedByName ?? undefined }, timezone);
    if (!judged.ok) return refuse(ctx, gate.id, gate.goalId, input, judged.error);
    const changed = applyEffect(ctx, gate, person.id, input, judged.value);
    if (changed === 'lost') return refuse(ctx, gate.id, gate.goalId, input, lostRace(ctx, gate.id, timezone));
    return ok({ gate: must(requireGate(ctx, gate.id)), changed });
  });
  if (!decided.ok) return decided;
  return 'late' in decided.value ? { ok: false, error: decided.value.late } : { ok: true, value: decided.value };
}

/** The option a decision picks, by text or by the index a button carries (an unknown index picks nothing offered). */
function optionOf(gate: Gate, input: DecideGateInput): string | null {
  if (input.choice !== 'approve') return null;
  if (input.optionIndex !== undefined) return gate.options[input.optionIndex] ?? `#${input.optionIndex}`;
  return input.option ?? null;
}

/** A decision's outcome inside its transaction: decided, or refused because the gate's clock ran out (which commits the expiry). */
type Decided = { gate: Gate; changed: boolean } | { late: KernelError };

/**
 * The clock decides at the moment of the decision: past `expires_at`, the gate's `on_expire` is applied in this
 * transaction and the decision is refused `gate_expired` (kept in the audit trail).
 */
function lateDecision(ctx: WriteContext, gate: Gate, lapsed: 'expired' | 'cancelled', input: DecideGateInput, timezone: string): KernelError {
  const error = gateExpired(gate, timezone);
  expireGate(ctx, gate, lapsed);
  ctx.event({ goalId: gate.goalId, type: 'gate.decision_refused', payload: { gate_id: gate.id, actor: `${ctx.actor.kind}:${ctx.actor.id}`, choice: input.choice, via: input.via, revision: input.revision, code: error.code } });
  return error;
}

/** The answer for a decision whose conditional update found the gate already changed by another writer. */
function lostRace(ctx: WriteContext, gateId: string, timezone: string): KernelError {
  const now = must(requireGate(ctx, gateId));
  if (isOpenGate(now)) {
    return { code: 'gate_revision_stale', message: `This request changed (now revision ${now.revision}); read the new question and decide again.`, details: { gate_id: gateId, current_revision: now.revision } };
  }
  return alreadyDecided(now, now.decision ? (findPerson(ctx.store, now.decision.by)?.name ?? null) : null, timezone);
}

function applyEffect(ctx: WriteContext, gate: Gate, personId: string, input: DecideGateInput, effect: DecisionEffect): boolean | 'lost' {
  if (effect.kind === 'repeat') return false;
  if (effect.kind === 'vote') {
    insertVote(ctx.store, { gateId: gate.id, revision: gate.revision, personId, via: input.via, at: ctx.at });
    ctx.event({ goalId: gate.goalId, type: 'gate.vote_recorded', payload: { gate_id: gate.id, by: personId, via: input.via, votes: effect.votes, quorum: effect.quorum, revision: gate.revision } });
    return true;
  }
  if (input.choice === 'approve') insertVote(ctx.store, { gateId: gate.id, revision: gate.revision, personId, via: input.via, at: ctx.at });
  const settled = {
    state: effect.state,
    deferred_until: effect.deferredUntil,
    decision_outcome: effect.state,
    decided_by: personId,
    decided_via: input.via,
    decision_reason: input.reason ?? null,
    decided_at: ctx.at,
    decided_revision: gate.revision,
    decision_option: effect.state === 'approved' ? optionOf(gate, input) : null,
  };
  if (!transitionGate(ctx.store, gate.id, gate, settled, false, ctx.at)) return 'lost';
  ctx.event({ goalId: gate.goalId, type: 'gate.decided', payload: { gate_id: gate.id, outcome: effect.state, by: personId, via: input.via, reason: input.reason ?? null, revision: gate.revision, until: effect.deferredUntil, option: settled.decision_option } });
  afterSettle(ctx, gate, personId, effect.state, input);
  return true;
}

/** Grants on approve, revocations and durable blocks on reject: the consequences of a settled decision. */
function afterSettle(ctx: WriteContext, gate: Gate, personId: string, state: GateState, input: DecideGateInput): void {
  const reason = input.reason ?? null;
  if (state === 'approved') recordGrant(ctx, gate, personId, input.grantExpiresInSeconds);
  if (state === 'rejected') {
    revokeCoveredGrants(ctx, gate, personId);
    blockListedTodos(ctx, gate, `Gate ${gate.id} was rejected: ${reason ?? 'no reason given'}`);
  }
}

// Kept importable from here: the rejection consequences live with the expiry ones in ./gates/settle.ts.
export { blockListedTodos } from './gates/settle.js';
