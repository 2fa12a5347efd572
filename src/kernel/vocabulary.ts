/** The words of the domain as const tuples; zod schemas and predicates derive from these. */
export const GOAL_STATUSES = ['active', 'stopped', 'completed'] as const;
/** A goal's lifecycle state; `stopped` means paused. */
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** What kind of work a todo is. */
export const TASK_CLASSES = ['advancement', 'monitor', 'user_action', 'blocker'] as const;
/** A todo's task class. */
export type TaskClass = (typeof TASK_CLASSES)[number];

/** A todo's stored status; "running" is derived, never stored. */
export const TODO_STATUSES = ['open', 'blocked', 'deferred', 'done', 'superseded'] as const;
/** A todo's stored status. */
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** Who a todo is for. */
export const TODO_ROLES = ['agent', 'user'] as const;
/** A todo's role. */
export type TodoRole = (typeof TODO_ROLES)[number];

/** Priorities, P0 most urgent. */
export const PRIORITIES = ['P0', 'P1', 'P2', 'P3', 'P4'] as const;
/** A todo priority. */
export type Priority = (typeof PRIORITIES)[number];

/** Membership roles on a goal. */
export const MEMBER_ROLES = ['owner', 'approver', 'viewer'] as const;
/** A person's role on a goal. */
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What an agent can prove. */
export const EVIDENCE_KINDS = ['test', 'benchmark', 'build', 'log', 'pr', 'commit', 'doc', 'screenshot', 'metric', 'note'] as const;
/** An evidence kind. */
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** How much a writeback moved the goal; the last two are accountable and may spend quota. */
export const DELIVERY_OUTCOMES = ['surface_only', 'outcome_gap', 'outcome_progress', 'primary_goal_outcome'] as const;
/** An evidence delivery outcome. */
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** True for outcomes that count as accountable delivery (and so may spend a quota slot). */
export function isAccountableOutcome(outcome: DeliveryOutcome | null | undefined): boolean {
  return outcome === 'outcome_progress' || outcome === 'primary_goal_outcome';
}

/** The chat surfaces a person identity or binding can live on. */
export const CHAT_SURFACES = ['slack', 'lark'] as const;
/** A chat surface. */
export type ChatSurface = (typeof CHAT_SURFACES)[number];

/** Where a decision or write came from. */
export const ORIGINS = ['cli', 'api', 'slack', 'lark', 'web', 'system'] as const;
/** The surface a write came through. */
export type Origin = (typeof ORIGINS)[number];

/** Priority rank for sorting: lower is more urgent. */
export function priorityRank(priority: Priority): number {
  return PRIORITIES.indexOf(priority);
}

/** What a binding of a goal to a channel or chat is for. */
export const BINDING_PURPOSES = ['board', 'gates', 'digest'] as const;
/** A binding purpose. */
export type BindingPurpose = (typeof BINDING_PURPOSES)[number];
