import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';
import type { GoalStatus } from './vocabulary.js';

/** A goal as the application sees it. */
export interface Goal {
  readonly id: string;
  readonly title: string;
  readonly objective: string;
  readonly status: GoalStatus;
  readonly timezone: string;
  readonly heartbeatCron: string;
  readonly revision: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Defaults for new goals: hourly heartbeat, UTC. */
export const DEFAULT_HEARTBEAT_CRON = '0 * * * *';
export const DEFAULT_TIMEZONE = 'UTC';

/** The lifecycle verbs and the states they may start from. */
const TRANSITIONS: Readonly<Record<'stop' | 'resume' | 'complete', { from: readonly GoalStatus[]; to: GoalStatus }>> = {
  stop: { from: ['active'], to: 'stopped' },
  resume: { from: ['stopped'], to: 'active' },
  complete: { from: ['active', 'stopped'], to: 'completed' },
};

/** What a lifecycle verb does to a goal: the new status, or `changed: false` when it is already there. */
export function decideGoalTransition(goal: Goal, verb: keyof typeof TRANSITIONS): Result<{ status: GoalStatus; changed: boolean }, KernelError> {
  const rule = TRANSITIONS[verb];
  if (goal.status === rule.to) return ok({ status: rule.to, changed: false });
  if (!rule.from.includes(goal.status)) {
    return fail('goal_not_active', `Goal ${goal.id} is ${goal.status}; it cannot ${verb}.`);
  }
  return ok({ status: rule.to, changed: true });
}

/** Agents may write to active goals only; a stopped goal is paused. */
export function requireGoalOpenForWork(goal: Goal): Result<Goal, KernelError> {
  if (goal.status === 'stopped') return fail('goal_paused', `Goal ${goal.id} is paused; an owner must run \`loopx goal resume ${goal.id}\` first.`);
  if (goal.status === 'completed') return fail('goal_not_active', `Goal ${goal.id} is completed; no further work is accepted.`);
  return ok(goal);
}

/** True when `zone` is an IANA timezone this runtime knows. */
export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
