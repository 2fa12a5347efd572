import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';

/** What kind of permission a decision grants. */
export const SCOPE_KINDS = ['private_read', 'write_scope', 'resource', 'production', 'public_claim', 'direction', 'publish', 'other'] as const;
/** How wide a decision reaches, narrowest first; `goal` and wider record a standing grant. */
export const SCOPE_GRANULARITIES = ['action', 'lane', 'goal', 'project', 'global'] as const;
/** A scope granularity. */
export type ScopeGranularity = (typeof SCOPE_GRANULARITIES)[number];

/** A parsed decision scope `kind:granularity:key`, e.g. `publish:goal:blog`. */
export interface DecisionScope {
  readonly kind: string;
  readonly granularity: ScopeGranularity;
  readonly key: string;
}

const SCOPE_PATTERN = /^([a-z_]+):([a-z]+):([A-Za-z0-9_.\-*/]{1,100})$/;

/** Parses `kind:granularity:key`, naming what is wrong when it does not fit. */
export function parseDecisionScope(text: string): Result<DecisionScope, KernelError> {
  const match = SCOPE_PATTERN.exec(text);
  const kind = match?.[1] ?? '';
  const granularity = (match?.[2] ?? '') as ScopeGranularity;
  if (!match || !(SCOPE_KINDS as readonly string[]).includes(kind) || !SCOPE_GRANULARITIES.includes(granularity)) {
    return fail(
      'invalid_request',
      `Decision scope "${text}" must look like kind:granularity:key (e.g. publish:goal:blog); kinds ${SCOPE_KINDS.join(', ')}; granularities ${SCOPE_GRANULARITIES.join(', ')}.`,
    );
  }
  return ok({ kind, granularity, key: match[3] ?? '' });
}

/** True when approving at this scope records a standing grant (goal-wide or wider). */
export function isStandingScope(scope: DecisionScope): boolean {
  return SCOPE_GRANULARITIES.indexOf(scope.granularity) >= SCOPE_GRANULARITIES.indexOf('goal');
}

/** True when a grant covers a requested scope: same kind, same key (or `*`), at least as wide. */
export function scopeCovers(grant: DecisionScope, requested: DecisionScope): boolean {
  if (grant.kind !== requested.kind) return false;
  if (grant.key !== '*' && grant.key !== requested.key) return false;
  return SCOPE_GRANULARITIES.indexOf(grant.granularity) >= SCOPE_GRANULARITIES.indexOf(requested.granularity);
}

/** True when a grant of `grantGoalId` may apply on `goalId`: goal grants stay on their goal, wider ones travel. */
export function grantReaches(grant: DecisionScope, grantGoalId: string, goalId: string): boolean {
  return grant.granularity === 'goal' ? grantGoalId === goalId : true;
}

/** True when an agent may choose this scope: one goal or narrower, with a named key (only a person widens a grant's reach). */
export function agentMayChooseScope(scope: DecisionScope): boolean {
  return scope.key !== '*' && SCOPE_GRANULARITIES.indexOf(scope.granularity) <= SCOPE_GRANULARITIES.indexOf('goal');
}
