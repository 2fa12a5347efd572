import type { HandoffRequest } from '../contract/requests.js';
import { leaveHandoff } from './work/handoffs.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { requireGoalOpenForWork } from '../kernel/goal.js';
import { clearedLease, decideClaim, decideRelease, decideRenew, LEASE_DEFAULT_SECONDS, type LeaseState } from '../kernel/lease.js';
import { ok, type Result } from '../kernel/result.js';
import { requireUnblockedFor, requireWorkable, type Todo } from '../kernel/todo.js';
import { swapLease } from '../store/todos.js';
import type { AppDeps } from './deps.js';
import { loadTodoFor, requireGoal, requireTodo } from './lookup.js';
import { passGateFence } from './work/fences.js';
import { must, runWrite, type WriteContext, type WriteOrigin } from './write.js';

/** A lease as answered to agents. */
export interface LeaseGrant {
  readonly todo: Todo;
  readonly changed: boolean;
}

/** The agent id of the writer, or a refusal: only agents hold leases. */
export function agentOf(origin: WriteOrigin): Result<string, KernelError> {
  return origin.actor.kind === 'agent' ? ok(origin.actor.id) : fail('forbidden', 'Only an agent can hold a lease; pass --agent <id>.');
}

/** Persists a lease decision as a CAS on the version it was decided from; a lost race is a typed conflict. */
function commitLease(ctx: WriteContext, todo: Todo, lease: LeaseState, type: string, payload: Record<string, unknown>): Todo {
  if (!swapLease(ctx.store, todo.id, todo.leaseVersion, lease, ctx.at)) {
    must(fail('lease_version_mismatch', 'Another writer changed this lease at the same moment; read the todo and retry.'));
  }
  ctx.event({ goalId: todo.goalId, type, payload: { todo_id: todo.id, lease_version: lease.leaseVersion, lease_epoch: lease.leaseEpoch, expires_at: lease.leaseExpiresAt, ...payload } });
  return must(requireTodo(ctx.store, todo.id));
}

/**
 * Claims a todo with a lease; another agent's active lease refuses with `lease_held`, a gate holding the todo with
 * `gate_pending`, a blocked todo with `todo_blocked`.
 */
export function claimTodo(deps: AppDeps, origin: WriteOrigin, todoId: string, ttlSeconds = LEASE_DEFAULT_SECONDS): Result<LeaseGrant, KernelError> {
  return runWrite<LeaseGrant>(deps, { ...origin, command: 'todo.claim', request: { todoId, ttlSeconds } }, (ctx) => {
    return ok(claimInside(ctx, must(agentOf(origin)), todoId, ttlSeconds));
  });
}

/** Claims a todo inside a running command (also used when a todo is added with `claim: true`). */
export function claimInside(ctx: WriteContext, agentId: string, todoId: string, ttlSeconds = LEASE_DEFAULT_SECONDS): LeaseGrant {
  const todo = must(requireUnblockedFor(must(requireWorkable(loadTodoFor(ctx.store, ctx.actor, todoId))), agentId));
  must(requireGoalOpenForWork(must(requireGoal(ctx.store, todo.goalId))));
  const decision = must(decideClaim(todo, agentId, ctx.now, ttlSeconds));
  if (!decision.changed) return { todo, changed: false };
  passGateFence(ctx, todo);
  return { todo: commitLease(ctx, todo, decision.lease, 'todo.claimed', { agent_id: agentId }), changed: true };
}

/** Extends the caller's lease (CAS on `leaseVersion`). */
export function renewLease(deps: AppDeps, origin: WriteOrigin, todoId: string, leaseVersion: number, ttlSeconds = LEASE_DEFAULT_SECONDS): Result<LeaseGrant, KernelError> {
  return runWrite(deps, { ...origin, command: 'todo.renew', request: { todoId, leaseVersion, ttlSeconds } }, (ctx) => {
    const agentId = must(agentOf(origin));
    const todo = loadTodoFor(ctx.store, origin.actor, todoId);
    const lease = must(decideRenew(todo, agentId, leaseVersion, ctx.now, ttlSeconds));
    return ok({ todo: commitLease(ctx, todo, lease, 'todo.lease_renewed', {}), changed: true });
  });
}

/** Gives the caller's lease back (CAS on `leaseVersion`), with what it leaves for the next one, if anything. */
export function releaseLease(deps: AppDeps, origin: WriteOrigin, todoId: string, leaseVersion: number, handoff?: HandoffRequest): Result<LeaseGrant, KernelError> {
  return runWrite(deps, { ...origin, command: 'todo.release', request: { todoId, leaseVersion, handoff } }, (ctx) => {
    const agentId = must(agentOf(origin));
    const todo = loadTodoFor(ctx.store, origin.actor, todoId);
    const lease = must(decideRelease(todo, agentId, leaseVersion, ctx.now));
    if (handoff) leaveHandoff(ctx, todo.id, handoff);
    return ok({ todo: commitLease(ctx, todo, lease, 'todo.released', { agent_id: agentId, handoff: handoff !== undefined }), changed: true });
  });
}

/** An operator clears a todo's claim whoever holds it (a stuck or crashed agent); agents must use `releaseLease`. */
export function releaseByOperator(deps: AppDeps, origin: WriteOrigin, todoId: string): Result<LeaseGrant, KernelError> {
  return runWrite<LeaseGrant>(deps, { ...origin, command: 'todo.release_forced', request: { todoId } }, (ctx) => {
    if (origin.actor.kind === 'agent') return fail('forbidden', 'Agents release their own lease with its lease_version.');
    const todo = loadTodoFor(ctx.store, origin.actor, todoId);
    if (todo.claimedBy === null) return ok({ todo, changed: false });
    return ok({ todo: commitLease(ctx, todo, clearedLease(todo), 'todo.released', { agent_id: todo.claimedBy, forced: true }), changed: true });
  });
}
