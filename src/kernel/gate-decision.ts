import { fail, type KernelError } from './errors.js';
import { isOpenGate, type EscalationStep, type Gate, type GateChoice, type GateState } from './gate.js';
import { ok, type Result } from './result.js';
import type { Origin } from './vocabulary.js';

/** A person's answer to a gate, as the kernel judges it. */
export interface DecisionAttempt {
  readonly personId: string;
  /** Display name, for the "already decided" message. */
  readonly personName?: string | undefined;
  readonly choice: GateChoice;
  readonly revision: number;
  readonly reason: string | null;
  readonly until: string | null;
  /** The option an approval picks; required exactly when the gate was asked with options. */
  readonly option: string | null;
  readonly via: Origin;
  /** Person ids allowed to decide this gate (already excluding the asker when self-approval is off). */
  readonly approvers: readonly string[];
  readonly now: Date;
}

/** What a valid attempt does: settle the gate, add a quorum vote, or nothing (a repeated click). */
export type DecisionEffect =
  | { readonly kind: 'settle'; readonly state: GateState; readonly deferredUntil: string | null }
  | { readonly kind: 'vote'; readonly votes: number; readonly quorum: number }
  | { readonly kind: 'repeat' };

const OUTCOME_OF: Readonly<Record<GateChoice, GateState>> = { approve: 'approved', reject: 'rejected', defer: 'deferred' };

const SURFACE_LABEL: Readonly<Record<Origin, string>> = { cli: 'the CLI', api: 'the API', slack: 'Slack', lark: 'Lark', web: 'the web board', system: 'the system' };

/** "Already approved by Ana at 14:02 via Slack": the typed answer every losing click gets. */
export function alreadyDecided(gate: Gate, byName: string | null, timezone: string): KernelError {
  const decision = gate.decision;
  const at = decision ? formatClock(decision.at, timezone) : '';
  const message = decision
    ? `Already ${gate.state} by ${byName ?? decision.by} at ${at} via ${SURFACE_LABEL[decision.via]}; nothing changed.`
    : `Gate ${gate.id} is ${gate.state}; nothing changed.`;
  return {
    code: 'gate_not_pending',
    message,
    details: { gate_id: gate.id, state: gate.state, decided_by: decision?.by ?? null, decided_at: decision?.at ?? null, via: decision?.via ?? null },
  };
}

/** "17:01 on Monday 5 January 2026 (Asia/Shanghai)": an instant in words, as a reader in `timezone` reads it. */
export function instantInWords(iso: string, timezone: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: timezone }).format(at).replace(',', '');
  return `${formatClock(iso, timezone)} on ${day} (${timezone})`;
}

/** The state an open gate's own clock has put it in at `now` (deny → expired, cancel → cancelled), or null while it may still be decided. */
export function lapsedState(gate: Gate, now: Date): 'expired' | 'cancelled' | null {
  if (!isOpenGate(gate) || gate.expiresAt === null || gate.onExpire === 'keep_waiting') return null;
  if (now.getTime() < Date.parse(gate.expiresAt)) return null;
  return gate.onExpire === 'deny' ? 'expired' : 'cancelled';
}

/** True when the clock, not a person, closed the gate (its expiry applied `deny` or `cancel`). */
function closedByExpiry(gate: Gate): boolean {
  return gate.expiresAt !== null && (gate.state === 'expired' || (gate.state === 'cancelled' && gate.decision?.by === 'system'));
}

/** "This request expired at 17:01 on Monday 5 January 2026 (Asia/Shanghai); nothing changed.": the typed answer to a late decision. */
export function gateExpired(gate: Gate, timezone: string): KernelError {
  return {
    code: 'gate_expired',
    message: `This request expired at ${instantInWords(gate.expiresAt ?? gate.updatedAt, timezone)}; nothing changed.`,
    details: { gate_id: gate.id, expires_at: gate.expiresAt, on_expire: gate.onExpire },
  };
}

/** HH:MM of an instant in a timezone. */
export function formatClock(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: timezone }).format(new Date(iso));
}

/**
 * Judges one decision attempt: revision-bound, authorised (fail closed), reject needs a reason, defer needs a
 * future time, quorum counts one vote per person, and repeating your own decision changes nothing.
 */
export function decideGateAttempt(gate: Gate, attempt: DecisionAttempt, timezone: string): Result<DecisionEffect, KernelError> {
  if (isRepeat(gate, attempt)) return ok({ kind: 'repeat' });
  if (closedByExpiry(gate)) return { ok: false, error: gateExpired(gate, timezone) };
  if (!isOpenGate(gate)) return { ok: false, error: alreadyDecided(gate, attempt.personName ?? null, timezone) };
  if (attempt.revision !== gate.revision) {
    return fail('gate_revision_stale', `This request changed (now revision ${gate.revision}, you answered revision ${attempt.revision}); read the new question and decide again.`, {
      gate_id: gate.id,
      current_revision: gate.revision,
    });
  }
  if (!attempt.approvers.includes(attempt.personId)) {
    return fail('not_authorised_to_decide', `${attempt.personId} may not decide gate ${gate.id}; it waits on ${attempt.approvers.join(', ') || 'nobody (check the approver policy)'}.`, {
      gate_id: gate.id,
      approvers: [...attempt.approvers],
    });
  }
  return judgeChoice(gate, attempt);
}

/** A double click: the same person already recorded this very decision. */
function isRepeat(gate: Gate, attempt: DecisionAttempt): boolean {
  if (gate.decision?.by !== attempt.personId || gate.state !== OUTCOME_OF[attempt.choice]) return false;
  return gate.state !== 'deferred' || (attempt.until !== null && Date.parse(attempt.until) === Date.parse(gate.deferredUntil ?? ''));
}

function judgeChoice(gate: Gate, attempt: DecisionAttempt): Result<DecisionEffect, KernelError> {
  if (attempt.choice === 'reject') {
    if ((attempt.reason ?? '').trim() === '') return fail('reason_required', 'A rejection needs a reason; it is returned to the agent so it can change course.');
    return ok({ kind: 'settle', state: 'rejected', deferredUntil: null });
  }
  if (attempt.choice === 'defer') {
    if (attempt.until === null || Number.isNaN(Date.parse(attempt.until)) || Date.parse(attempt.until) <= attempt.now.getTime()) {
      return fail('invalid_request', 'Defer needs a future time (ISO-8601, or a duration like 2h in the CLI).', { field: 'until' });
    }
    return ok({ kind: 'settle', state: 'deferred', deferredUntil: new Date(attempt.until).toISOString() });
  }
  const option = judgeOption(gate, attempt.option);
  if (!option.ok) return option;
  if (gate.votes.some((v) => v.personId === attempt.personId)) return ok({ kind: 'repeat' });
  const votes = gate.votes.length + 1;
  if (votes < gate.policy.quorum) return ok({ kind: 'vote', votes, quorum: gate.policy.quorum });
  return ok({ kind: 'settle', state: 'approved', deferredUntil: null });
}

/** An approval of a gate with options names one of them; a gate without options takes none. */
function judgeOption(gate: Gate, option: string | null): Result<true, KernelError> {
  if (gate.options.length === 0) {
    return option === null ? ok(true) : fail('invalid_request', `Gate ${gate.id} offers no options; approve it without one.`, { gate_id: gate.id, field: 'option' });
  }
  if (option !== null && gate.options.includes(option)) return ok(true);
  return fail('option_required', `Approving this gate means picking one of its options: ${gate.options.join(', ')}.`, { gate_id: gate.id, options: [...gate.options], field: 'option' });
}

/** What the sweep must do with a gate at `now`. */
export type SweepAction =
  | { readonly kind: 'none' }
  | { readonly kind: 'wake' }
  | { readonly kind: 'expire'; readonly state: 'expired' | 'cancelled' }
  | { readonly kind: 'escalate'; readonly step: EscalationStep };

/**
 * Expiry is not denial: `deny` ends the gate as `expired`, `cancel` as `cancelled` (a snoozed gate too: its clock
 * ran out), `keep_waiting` keeps it pending and escalates once to the approvers at expiry, then once to the
 * owners after the same wait again.
 */
export function sweepAction(gate: Gate, now: Date): SweepAction {
  const t = now.getTime();
  const lapsed = lapsedState(gate, now);
  if (lapsed !== null) return { kind: 'expire', state: lapsed };
  if (gate.state === 'deferred') return gate.deferredUntil !== null && Date.parse(gate.deferredUntil) <= t ? { kind: 'wake' } : { kind: 'none' };
  if (gate.state !== 'pending' || gate.expiresAt === null) return { kind: 'none' };
  const expiresAt = Date.parse(gate.expiresAt);
  if (t < expiresAt) return { kind: 'none' };
  if (gate.escalation === null) return { kind: 'escalate', step: 'approvers' };
  const ownersAt = expiresAt + Math.max(expiresAt - Date.parse(gate.createdAt), 60_000);
  if (gate.escalation === 'approvers' && t >= ownersAt) return { kind: 'escalate', step: 'owners' };
  return { kind: 'none' };
}
