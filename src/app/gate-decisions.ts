import { isStandingScope, parseDecisionScope, scopeCovers } from '../kernel/decision-scope.js';
import type { KernelError } from '../kernel/errors.js';
import { alreadyDecided, decideGateAttempt, type DecisionEffect } from '../kernel/gate-decision.js';
import { isOpenGate, type Gate, type GateChoice, type GateState } from '../kernel/gate.js';
import { ok, type Result } from '../kernel/result.js';
import type { Origin } from '../kernel/vocabulary.js';
import { insertGrant, revokeGrant, selectGrants } from '../store/gate-grants.js';
import { insertVote, transitionGate } from '../store/gates.js';
import { findGoal } from '../store/goals.js';
import { findPerson } from '../store/people.js';
import { findTodo, updateTodo } from '../store/todos.js';
import type { AppDeps } from './deps.js';
import { requireGate } from './gates.js';
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
  return runWrite<{ gate: Gate; changed: boolean }>(deps, { ...origin, command: 'gate.decide', request: { gateId, ...input } }, (ctx) => {
    const found = requireGate(ctx, gateId);
    if (!found.ok) return refuse(ctx, gateId, null, input, found.error);
    const gate = found.value;
    const person = ctx.actor.kind === 'person' ? findPerson(ctx.store, ctx.actor.id) : undefined;
    if (!person) {
      const who = ctx.actor.kind === 'agent' ? 'Agents never decide gates' : `${ctx.actor.kind}:${ctx.actor.id} is not a known person`;
      return refuse(ctx, gate.id, gate.goalId, input, { code: 'not_authorised_to_decide', message: `${who}; a linked owner or approver must decide (CLI: --as <person>).`, details: { gate_id: gate.id } });
    }
    const timezone = findGoal(ctx.store, gate.goalId)?.timezone ?? 'UTC';
    const decidedByName = gate.decision ? (findPerson(ctx.store, gate.decision.by)?.name ?? null) : null;
    const attempt = { personId: person.id, choice: input.choice, revision: input.revision, reason: input.reason ?? null, until: input.until ?? null, via: input.via, approvers: approversOf(ctx.store, gate), now: ctx.now };
    const judged = decideGateAttempt(gate, { ...attempt, personName: decidedByName ?? undefined }, timezone);
    if (!judged.ok) return refuse(ctx, gate.id, gate.goalId, input, judged.error);
    const changed = applyEffect(ctx, gate, person.id, input, judged.value);
    if (changed === 'lost') return refuse(ctx, gate.id, gate.goalId, input, lostRace(ctx, gate.id, timezone));
    return ok({ gate: must(requireGate(ctx, gate.id)), changed });
  });
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
  };
  if (!transitionGate(ctx.store, gate.id, gate, settled, false, ctx.at)) return 'lost';
  ctx.event({ goalId: gate.goalId, type: 'gate.decided', payload: { gate_id: gate.id, outcome: effect.state, by: personId, via: input.via, reason: input.reason ?? null, revision: gate.revision, until: effect.deferredUntil } });
  afterSettle(ctx, gate, personId, effect.state, input.reason ?? null);
  return true;
}

/** Grants on approve, revocations and durable blocks on reject: the consequences of a settled decision. */
function afterSettle(ctx: WriteContext, gate: Gate, personId: string, state: GateState, reason: string | null): void {
  if (state === 'approved') recordGrant(ctx, gate, personId);
  if (state === 'rejected') {
    revokeCoveredGrants(ctx, gate, personId);
    blockListedTodos(ctx, gate, `Gate ${gate.id} was rejected: ${reason ?? 'no reason given'}`);
  }
}

function recordGrant(ctx: WriteContext, gate: Gate, personId: string): void {
  if (gate.decisionScope === null) return;
  const scope = parseDecisionScope(gate.decisionScope);
  if (!scope.ok || !isStandingScope(scope.value)) return;
  const id = ctx.newId('grant');
  insertGrant(ctx.store, { id, goalId: gate.goalId, scope: gate.decisionScope, gateId: gate.id, grantedBy: personId, createdAt: ctx.at });
  ctx.event({ goalId: gate.goalId, type: 'gate.grant_recorded', payload: { grant_id: id, scope: gate.decisionScope, gate_id: gate.id, by: personId } });
}

function revokeCoveredGrants(ctx: WriteContext, gate: Gate, personId: string): void {
  if (gate.decisionScope === null) return;
  const rejected = must(parseDecisionScope(gate.decisionScope));
  for (const grant of selectGrants(ctx.store, { activeOnly: true })) {
    const scope = parseDecisionScope(grant.scope);
    if (!scope.ok || !(scopeCovers(scope.value, rejected) || scopeCovers(rejected, scope.value))) continue;
    if (scope.value.granularity === 'goal' && grant.goalId !== gate.goalId) continue;
    revokeGrant(ctx.store, grant.id, { personId, gateId: gate.id }, ctx.at);
    ctx.event({ goalId: gate.goalId, type: 'gate.grant_revoked', payload: { grant_id: grant.id, scope: grant.scope, by: personId, gate_id: gate.id } });
  }
}

/** A rejected or denied gate leaves the todos it named durably blocked, with the reason, so nobody runs them. */
export function blockListedTodos(ctx: WriteContext, gate: Gate, reason: string): void {
  if (gate.blocks.todoIds.length === 0) return;
  for (const todoId of gate.blocks.todoIds) {
    const todo = findTodo(ctx.store, todoId);
    if (!todo || todo.goalId !== gate.goalId || (todo.status !== 'open' && todo.status !== 'deferred')) continue;
    updateTodo(ctx.store, todo.id, { status: 'blocked', blocked_reason: reason.slice(0, 1000) }, null, ctx.at);
    ctx.event({ goalId: gate.goalId, type: 'todo.blocked', payload: { todo_id: todo.id, reason, gate_id: gate.id } });
  }
}
