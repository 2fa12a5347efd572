import { parseCron } from '../kernel/cron.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { DEFAULT_HEARTBEAT_CRON, DEFAULT_TIMEZONE, decideGoalTransition, isValidTimezone, type Goal } from '../kernel/goal.js';
import { ok, type Result } from '../kernel/result.js';
import type { MemberRole } from '../kernel/vocabulary.js';
import { findGoal, insertGoal, updateGoal, upsertMembership } from '../store/goals.js';
import type { AppDeps } from './deps.js';
import { requireGoal, requirePerson } from './lookup.js';
import { must, runWrite, type WriteOrigin } from './write.js';

/** Input of `goal add`. */
export interface AddGoalInput {
  readonly id: string;
  readonly title: string;
  readonly objective: string;
  readonly owners: readonly string[];
  readonly approvers?: readonly string[];
  readonly timezone?: string | undefined;
  readonly heartbeatCron?: string | undefined;
}

function requireHeartbeatCron(expression: string): Result<string, KernelError> {
  const parsed = parseCron(expression);
  return parsed.ok ? ok(parsed.value.source) : parsed;
}

function requireTimezone(zone: string): Result<string, KernelError> {
  return isValidTimezone(zone) ? ok(zone) : fail('invalid_request', `Unknown timezone "${zone}"; use an IANA name like Asia/Shanghai or UTC.`);
}

/** Creates a goal with its owners (and approvers). */
export function addGoal(deps: AppDeps, spec: WriteOrigin, input: AddGoalInput): Result<Goal, KernelError> {
  return runWrite(deps, { ...spec, command: 'goal.add', request: input }, (ctx) => {
    if (findGoal(ctx.store, input.id)) return fail('already_exists', `Goal "${input.id}" already exists; pick another id or use \`loopx goal show ${input.id}\`.`);
    const timezone = must(requireTimezone(input.timezone ?? DEFAULT_TIMEZONE));
    const heartbeatCron = must(requireHeartbeatCron(input.heartbeatCron ?? DEFAULT_HEARTBEAT_CRON));
    const members: [string, MemberRole][] = [...input.owners.map((p): [string, MemberRole] => [p, 'owner']), ...(input.approvers ?? []).map((p): [string, MemberRole] => [p, 'approver'])];
    for (const [personId] of members) must(requirePerson(ctx.store, personId));
    insertGoal(ctx.store, { id: input.id, title: input.title, objective: input.objective, status: 'active', timezone, heartbeatCron }, ctx.at);
    for (const [personId, role] of members) upsertMembership(ctx.store, input.id, personId, role, ctx.at);
    ctx.event({ goalId: input.id, type: 'goal.created', payload: { title: input.title, owners: input.owners, approvers: input.approvers ?? [], timezone } });
    return ok(must(requireGoal(ctx.store, input.id)));
  });
}

/** Stops (pauses), resumes or completes a goal; repeating a verb changes nothing. */
export function transitionGoal(
  deps: AppDeps,
  spec: WriteOrigin,
  goalId: string,
  verb: 'stop' | 'resume' | 'complete',
): Result<{ goal: Goal; changed: boolean }, KernelError> {
  return runWrite(deps, { ...spec, command: `goal.${verb}`, request: { goalId } }, (ctx) => {
    const goal = must(requireGoal(ctx.store, goalId));
    const decision = must(decideGoalTransition(goal, verb));
    if (decision.changed) {
      updateGoal(ctx.store, goalId, { status: decision.status }, ctx.at);
      ctx.event({ goalId, type: `goal.${decision.status}`, payload: { from: goal.status } });
    }
    return ok({ goal: must(requireGoal(ctx.store, goalId)), changed: decision.changed });
  });
}

/** Adds a member with a role (owner, approver, viewer). */
export function addMember(deps: AppDeps, spec: WriteOrigin, goalId: string, personId: string, role: MemberRole): Result<Goal, KernelError> {
  return runWrite(deps, { ...spec, command: 'goal.member', request: { goalId, personId, role } }, (ctx) => {
    const goal = must(requireGoal(ctx.store, goalId));
    must(requirePerson(ctx.store, personId));
    upsertMembership(ctx.store, goalId, personId, role, ctx.at);
    ctx.event({ goalId, type: 'goal.member_set', payload: { person_id: personId, role } });
    return ok(goal);
  });
}

/** Changes a goal's heartbeat schedule and/or timezone. */
export function setGoalSchedule(
  deps: AppDeps,
  spec: WriteOrigin,
  goalId: string,
  changes: { timezone?: string | undefined; heartbeatCron?: string | undefined },
): Result<Goal, KernelError> {
  return runWrite(deps, { ...spec, command: 'goal.set', request: { goalId, ...changes } }, (ctx) => {
    must(requireGoal(ctx.store, goalId));
    const fields: { timezone?: string; heartbeat_cron?: string } = {};
    if (changes.timezone !== undefined) fields.timezone = must(requireTimezone(changes.timezone));
    if (changes.heartbeatCron !== undefined) fields.heartbeat_cron = must(requireHeartbeatCron(changes.heartbeatCron));
    updateGoal(ctx.store, goalId, fields, ctx.at);
    ctx.event({ goalId, type: 'goal.updated', payload: fields });
    return ok(must(requireGoal(ctx.store, goalId)));
  });
}
