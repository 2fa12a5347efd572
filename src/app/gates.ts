import { agentMayChooseScope, parseDecisionScope, type DecisionScope } from '../kernel/decision-scope.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { requireGoalOpenForWork } from '../kernel/goal.js';
import { isOpenGate, resolveGateScope, sameBlocks, sameQuestion, type Gate, type GateBlocks, type GateRisk, type OnExpire } from '../kernel/gate.js';
import { ok, type Result } from '../kernel/result.js';
import type { Origin } from '../kernel/vocabulary.js';
import { listAgents } from '../store/agents.js';
import { insertGate, selectGate, transitionGate } from '../store/gates.js';
import { actorRef, agentIdOf, requireGoalAccess } from './actor.js';
import { coveringGrant, grantCitation } from './gates/grants.js';
import type { AppDeps } from './deps.js';
import { requireGoal, requirePerson, requireTodoOnGoal } from './lookup.js';
import { decidersOf, openGatesFor } from './queries/gates.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from './write.js';

/** What an agent (or person) asks. */
export interface AskGateInput {
  readonly question: string;
  readonly context?: string | undefined;
  readonly options?: readonly string[] | undefined;
  readonly risk?: GateRisk | undefined;
  readonly blocks?: { agent?: string | undefined; todoIds?: readonly string[] | undefined; global?: boolean | undefined } | undefined;
  readonly decisionScope?: string | undefined;
  readonly approvers?: readonly string[] | undefined;
  readonly quorum?: number | undefined;
  readonly allowSelfApproval?: boolean | undefined;
  readonly expiresInSeconds?: number | undefined;
  readonly onExpire?: OnExpire | undefined;
}

/** Loads a gate or fails with not_found. */
export function requireGate(ctx: Pick<WriteContext, 'store'>, gateId: string): Result<Gate, KernelError> {
  const gate = selectGate(ctx.store, gateId);
  return gate ? ok(gate) : fail('not_found', `No gate "${gateId}". List gates with \`loopx gate list <goal>\`.`, { gate_id: gateId });
}

function agentsOnGoal(ctx: WriteContext, goalId: string): string[] {
  return listAgents(ctx.store).filter((a) => a.status === 'active' && a.goals.includes(goalId)).map((a) => a.id);
}

function validateBlocks(ctx: WriteContext, goalId: string, input: AskGateInput): GateBlocks {
  const blocks: GateBlocks = { agent: input.blocks?.agent ?? null, todoIds: [...new Set(input.blocks?.todoIds ?? [])], global: input.blocks?.global ?? false };
  const agents = agentsOnGoal(ctx, goalId);
  if (blocks.agent !== null && !agents.includes(blocks.agent)) {
    must(fail('invalid_request', `blocks.agent "${blocks.agent}" is not an active agent on goal ${goalId}.`, { field: 'blocks.agent', id: blocks.agent }));
  }
  for (const todoId of blocks.todoIds) must(requireTodoOnGoal(ctx.store, todoId, goalId, 'blocks.todo_ids'));
  return must(resolveGateScope(blocks, { askingAgent: agentIdOf(ctx.actor), agentCount: agents.length }));
}

/** Named approvers may only narrow the goal's deciders (owners and approvers), never widen them. */
function validatePolicy(ctx: WriteContext, goalId: string, input: AskGateInput): Gate['policy'] {
  const approvers = input.approvers ? [...new Set(input.approvers)] : null;
  for (const personId of approvers ?? []) must(requirePerson(ctx.store, personId));
  const deciders = decidersOf(ctx.store, goalId);
  const outsiders = (approvers ?? []).filter((personId) => !deciders.includes(personId));
  if (outsiders.length > 0) {
    must(
      fail('approver_without_authority', `${outsiders.join(', ')} may not decide on goal ${goalId}: named approvers must be its owners or approvers (${deciders.join(', ') || 'none yet'}). Name some of them, or leave approvers out.`, {
        field: 'approvers',
        person_ids: outsiders,
      }),
    );
  }
  const quorum = input.quorum ?? 1;
  if (!Number.isInteger(quorum) || quorum < 1) must(fail('invalid_request', 'quorum must be a whole number of at least 1.'));
  if (approvers !== null && quorum > approvers.length) must(fail('invalid_request', `quorum ${quorum} is more than the ${approvers.length} named approver(s).`));
  requireOptionsFit(input.options ?? [], quorum);
  return { approvers, quorum, allowSelfApproval: input.allowSelfApproval ?? false };
}

/** Options are distinct choices one person picks from, so a gate with options has quorum 1. */
function requireOptionsFit(options: readonly string[], quorum: number): void {
  if (new Set(options).size !== options.length) must(fail('invalid_request', 'Each option must be different: a person picks exactly one of them.', { field: 'options' }));
  if (options.length > 0 && quorum > 1) must(fail('invalid_request', 'A gate with options is decided by one person picking one of them; ask it with quorum 1, or ask one yes/no question per option.', { field: 'quorum' }));
}

/** Agents may not choose `*`, project-wide or global scopes: only a person widens a grant's reach. */
function requireScopeFor(ctx: WriteContext, scope: DecisionScope, text: string): void {
  if (ctx.actor.kind !== 'agent' || agentMayChooseScope(scope)) return;
  must(fail('decision_scope_too_wide', `An agent may ask at most a goal-wide decision scope with a named key; "${text}" reaches further. Ask at kind:goal:key or narrower, or have a person ask it.`, { field: 'decision_scope', decision_scope: text }));
}

function newGate(ctx: WriteContext, goalId: string, input: AskGateInput, blocks: GateBlocks, policy: Gate['policy']): Gate {
  const expiresAt = input.expiresInSeconds !== undefined ? new Date(ctx.now.getTime() + input.expiresInSeconds * 1000).toISOString() : null;
  return {
    id: ctx.newId('gate'),
    goalId,
    question: input.question.trim(),
    context: input.context ?? null,
    options: input.options ?? [],
    risk: input.risk ?? 'normal',
    requestedBy: actorRef(ctx.actor),
    blocks,
    decisionScope: input.decisionScope ?? null,
    policy,
    state: 'pending',
    revision: 1,
    expiresAt,
    onExpire: input.onExpire ?? 'keep_waiting',
    deferredUntil: null,
    escalation: null,
    grantId: null,
    decision: null,
    votes: [],
    createdAt: ctx.at,
    updatedAt: ctx.at,
  };
}

/** Approves a new gate at once when a standing grant covers its scope, citing the grant. */
function applyGrant(ctx: WriteContext, gate: Gate): Gate {
  const grant = coveringGrant(ctx, gate);
  if (!grant) return gate;
  const reason = grantCitation(ctx, grant);
  return { ...gate, state: 'approved', grantId: grant.id, decision: { outcome: 'approved', by: grant.grantedBy, via: 'system', reason, at: ctx.at, revision: 1, option: null } };
}

/**
 * Asks a gate. The same open question with the same scope returns the existing gate (`created: false`); a scope
 * covered by a standing grant is approved at once, citing the grant.
 */
export function askGate(deps: AppDeps, origin: WriteOrigin, goalId: string, input: AskGateInput): Result<{ gate: Gate; created: boolean }, KernelError> {
  return runWrite<{ gate: Gate; created: boolean }>(deps, { ...origin, command: 'gate.ask', request: { goalId, ...input } }, (ctx) => {
    const goal = must(requireGoal(ctx.store, goalId));
    must(requireGoalAccess(ctx.store, ctx.actor, goalId));
    if (ctx.actor.kind === 'agent') must(requireGoalOpenForWork(goal));
    if (input.decisionScope !== undefined) requireScopeFor(ctx, must(parseDecisionScope(input.decisionScope)), input.decisionScope);
    const blocks = validateBlocks(ctx, goalId, input);
    const existing = openGatesFor(ctx.store, goalId).find((g) => sameQuestion(g.question, input.question) && sameBlocks(g.blocks, blocks));
    if (existing) return ok({ gate: existing, created: false });
    const gate = applyGrant(ctx, newGate(ctx, goalId, input, blocks, validatePolicy(ctx, goalId, input)));
    insertGate(ctx.store, gate);
    ctx.event({ goalId, type: 'gate.asked', payload: { gate_id: gate.id, question: gate.question, blocks: { agent: blocks.agent, todo_ids: blocks.todoIds, global: blocks.global }, decision_scope: gate.decisionScope, risk: gate.risk } });
    if (gate.grantId !== null) ctx.event({ goalId, type: 'gate.decided', payload: { gate_id: gate.id, outcome: 'approved', by: gate.decision?.by, via: 'system', grant_id: gate.grantId, reason: gate.decision?.reason, revision: 1 } });
    return ok({ gate: must(requireGate(ctx, gate.id)), created: true });
  });
}

/** The asker, the CLI operator or a goal owner may change or withdraw a question. */
function requireAskerOrOperator(ctx: WriteContext, gate: Gate): void {
  if (ctx.actor.kind === 'system' || actorRef(ctx.actor) === gate.requestedBy) return;
  must(requireGoalAccess(ctx.store, ctx.actor, gate.goalId));
  must(fail('forbidden', `Only the asker (${gate.requestedBy}) or an operator may change gate ${gate.id}.`));
}

/** Changes the question: the revision bumps, votes on the old revision lapse, old buttons are refused. */
export function amendGate(
  deps: AppDeps,
  origin: WriteOrigin,
  gateId: string,
  change: { question?: string | undefined; context?: string | undefined; options?: readonly string[] | undefined },
): Result<{ gate: Gate }, KernelError> {
  return runWrite(deps, { ...origin, command: 'gate.amend', request: { gateId, ...change } }, (ctx) => {
    const gate = must(requireGate(ctx, gateId));
    requireAskerOrOperator(ctx, gate);
    if (!isOpenGate(gate)) return fail('gate_not_pending', `Gate ${gate.id} is ${gate.state}; ask a new question instead.`, { gate_id: gate.id, state: gate.state });
    if (change.options !== undefined) requireOptionsFit(change.options, gate.policy.quorum);
    const columns = {
      ...(change.question !== undefined ? { question: change.question.trim() } : {}),
      ...(change.context !== undefined ? { context: change.context } : {}),
      ...(change.options !== undefined ? { options: JSON.stringify(change.options) } : {}),
    };
    if (!transitionGate(ctx.store, gate.id, gate, columns, true, ctx.at)) return fail('gate_revision_stale', `Gate ${gate.id} changed at the same moment; read it again.`);
    ctx.event({ goalId: gate.goalId, type: 'gate.amended', payload: { gate_id: gate.id, revision: gate.revision + 1, question: change.question ?? gate.question } });
    return ok({ gate: must(requireGate(ctx, gate.id)) });
  });
}

/** Withdraws an open gate (the asker, the operator or a goal owner); repeating it changes nothing. */
export function cancelGate(deps: AppDeps, origin: WriteOrigin, gateId: string, options: { reason?: string | undefined; via?: Origin | undefined } = {}): Result<{ gate: Gate; changed: boolean }, KernelError> {
  return runWrite<{ gate: Gate; changed: boolean }>(deps, { ...origin, command: 'gate.cancel', request: { gateId, ...options } }, (ctx) => {
    const gate = must(requireGate(ctx, gateId));
    requireAskerOrOperator(ctx, gate);
    if (gate.state === 'cancelled') return ok({ gate, changed: false });
    if (!isOpenGate(gate)) return fail('gate_not_pending', `Gate ${gate.id} is already ${gate.state}.`, { gate_id: gate.id, state: gate.state });
    const via = options.via ?? (ctx.actor.kind === 'agent' ? 'api' : 'cli');
    const decision = { state: 'cancelled', decision_outcome: 'cancelled', decided_by: ctx.actor.id, decided_via: via, decision_reason: options.reason ?? null, decided_at: ctx.at, decided_revision: gate.revision };
    if (!transitionGate(ctx.store, gate.id, gate, decision, false, ctx.at)) return fail('gate_revision_stale', `Gate ${gate.id} changed at the same moment; read it again.`);
    ctx.event({ goalId: gate.goalId, type: 'gate.decided', payload: { gate_id: gate.id, outcome: 'cancelled', by: ctx.actor.id, via, reason: options.reason ?? null, revision: gate.revision } });
    return ok({ gate: must(requireGate(ctx, gate.id)), changed: true });
  });
}
