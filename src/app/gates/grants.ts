import { isStandingScope, parseDecisionScope, grantReaches, scopeCovers, SCOPE_GRANULARITIES } from '../../kernel/decision-scope.js';
import { fail, type KernelError } from '../../kernel/errors.js';
import type { Gate } from '../../kernel/gate.js';
import { ok, type Result } from '../../kernel/result.js';
import { insertGrant, revokeGrant, selectGrant, selectGrants, type GrantRow } from '../../store/gate-grants.js';
import { findPerson } from '../../store/people.js';
import { actorRef } from '../actor.js';
import type { AppDeps } from '../deps.js';
import { approversOf, ownersOf } from '../queries/gates.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from '../write.js';

/** How long a standing grant applies unless the person who grants it says otherwise. */
export const GRANT_DEFAULT_DAYS = 30;
/** The longest a grant may be set to apply. */
export const GRANT_MAX_DAYS = 365;

/**
 * Whether a standing grant may approve this new gate at all: never a high-risk gate or a quorum gate (one
 * person's standing word cannot stand in for several), and only where the grantor could approve it by hand now
 * (an owner or approver of the new gate's goal, among its named approvers, not its asker).
 */
function grantMayApprove(ctx: Pick<WriteContext, 'store'>, gate: Gate, grant: GrantRow): boolean {
  if (gate.risk === 'high' || gate.policy.quorum > 1) return false;
  return approversOf(ctx.store, gate).includes(grant.grantedBy);
}

/** The newest active, unexpired grant that covers the new gate's scope and whose grantor may decide it now. */
export function coveringGrant(ctx: Pick<WriteContext, 'store' | 'at'>, gate: Gate): GrantRow | undefined {
  if (gate.decisionScope === null) return undefined;
  const requested = must(parseDecisionScope(gate.decisionScope));
  return selectGrants(ctx.store, { activeOnly: true, liveAt: ctx.at })
    .reverse()
    .find((g) => {
      const grant = parseDecisionScope(g.scope);
      return grant.ok && grantReaches(grant.value, g.goalId, gate.goalId) && scopeCovers(grant.value, requested) && grantMayApprove(ctx, gate, g);
    });
}

/** "Approved automatically by Ana's standing grant for publish:goal:blog (until 4 Feb)": the citation. */
export function grantCitation(ctx: Pick<WriteContext, 'store'>, grant: GrantRow): string {
  const name = findPerson(ctx.store, grant.grantedBy)?.name ?? grant.grantedBy;
  return `Approved automatically by ${name}'s standing grant for ${grant.scope}${grant.expiresAt ? ` (valid until ${grant.expiresAt.slice(0, 10)})` : ''}.`;
}

/** Checks a requested grant lifetime: whole seconds, at least a minute, at most GRANT_MAX_DAYS. */
export function requireGrantLifetime(seconds: number | undefined): void {
  if (seconds === undefined) return;
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > GRANT_MAX_DAYS * 86_400) {
    must(fail('invalid_request', `A standing grant lasts from 1 minute to ${GRANT_MAX_DAYS} days (default ${GRANT_DEFAULT_DAYS} days).`, { field: 'grant_expires_in_seconds' }));
  }
}

/**
 * Records the standing grant a goal-wide (or wider) approval makes. Only an owner of the gate's goal may grant
 * beyond that one goal: an approver's wider grant is narrowed to the goal. A quorum gate records none.
 */
export function recordGrant(ctx: WriteContext, gate: Gate, personId: string, lifetimeSeconds: number | undefined): void {
  if (gate.decisionScope === null || gate.policy.quorum > 1) return;
  const scope = parseDecisionScope(gate.decisionScope);
  if (!scope.ok || !isStandingScope(scope.value)) return;
  const beyondGoal = SCOPE_GRANULARITIES.indexOf(scope.value.granularity) > SCOPE_GRANULARITIES.indexOf('goal');
  const narrowed = beyondGoal && !ownersOf(ctx.store, gate.goalId).includes(personId);
  const granted = narrowed ? `${scope.value.kind}:goal:${scope.value.key}` : gate.decisionScope;
  const id = ctx.newId('grant');
  const expiresAt = new Date(ctx.now.getTime() + (lifetimeSeconds ?? GRANT_DEFAULT_DAYS * 86_400) * 1000).toISOString();
  insertGrant(ctx.store, { id, goalId: gate.goalId, scope: granted, gateId: gate.id, grantedBy: personId, createdAt: ctx.at, expiresAt });
  ctx.event({ goalId: gate.goalId, type: 'gate.grant_recorded', payload: { grant_id: id, scope: granted, gate_id: gate.id, by: personId, expires_at: expiresAt, ...(narrowed ? { narrowed_from: gate.decisionScope } : {}) } });
}

/** A rejection revokes every active grant that covers, or is covered by, the rejected scope on that goal. */
export function revokeCoveredGrants(ctx: WriteContext, gate: Gate, personId: string): void {
  if (gate.decisionScope === null) return;
  const rejected = must(parseDecisionScope(gate.decisionScope));
  for (const grant of selectGrants(ctx.store, { activeOnly: true })) {
    const scope = parseDecisionScope(grant.scope);
    if (!scope.ok || !(scopeCovers(scope.value, rejected) || scopeCovers(rejected, scope.value))) continue;
    if (scope.value.granularity === 'goal' && grant.goalId !== gate.goalId) continue;
    revokeGrant(ctx.store, grant.id, { actor: personId, gateId: gate.id, reason: `Gate ${gate.id} was rejected.` }, ctx.at);
    ctx.event({ goalId: gate.goalId, type: 'gate.grant_revoked', payload: { grant_id: grant.id, scope: grant.scope, by: personId, gate_id: gate.id } });
  }
}

/** Loads a grant or fails with not_found. */
export function requireGrant(ctx: Pick<WriteContext, 'store'>, grantId: string): Result<GrantRow, KernelError> {
  const grant = selectGrant(ctx.store, grantId);
  return grant ? ok(grant) : fail('not_found', `No standing grant "${grantId}". List them with \`loopx grant list\`.`, { grant_id: grantId });
}

/** Revokes a standing grant by hand: the operator, the person who granted it, or an owner of its goal. Repeating it changes nothing. */
export function revokeStandingGrant(deps: AppDeps, origin: WriteOrigin, grantId: string, reason?: string): Result<{ grant: GrantRow; changed: boolean }, KernelError> {
  return runWrite<{ grant: GrantRow; changed: boolean }>(deps, { ...origin, command: 'grant.revoke', request: { grantId, reason } }, (ctx) => {
    const grant = must(requireGrant(ctx, grantId));
    const actor = ctx.actor;
    const allowed = actor.kind === 'system' || (actor.kind === 'person' && (actor.id === grant.grantedBy || ownersOf(ctx.store, grant.goalId).includes(actor.id)));
    if (!allowed) return fail('forbidden', `Only the operator, the person who granted it, or an owner of goal ${grant.goalId} may revoke this standing grant.`, { grant_id: grant.id });
    if (grant.revokedAt !== null) return ok({ grant, changed: false });
    const by = actor.kind === 'person' ? actor.id : actorRef(actor);
    revokeGrant(ctx.store, grant.id, { actor: by, gateId: null, reason: reason ?? null }, ctx.at);
    ctx.event({ goalId: grant.goalId, type: 'gate.grant_revoked', payload: { grant_id: grant.id, scope: grant.scope, by, reason: reason ?? null } });
    return ok({ grant: must(requireGrant(ctx, grant.id)), changed: true });
  });
}
