import { clearedLease, isLeaseActive } from '../kernel/lease.js';
import { isResumeDue, parseResumeWhen } from '../kernel/resume-when.js';
import { listAgentsOnGoal } from '../store/agents-on-goal.js';
import { clearStale, flagStale, listStaleFlags } from '../store/job-runs.js';
import { findTodo, listTodos, swapLease, updateTodo } from '../store/todos.js';
import type { WriteContext } from './write.js';

/** A lease the heartbeat expired. */
export interface ExpiredLease {
  readonly todoId: string;
  readonly text: string;
  readonly agentId: string;
  readonly expiredAt: string;
}

/** Clears every lease on the goal whose expiry (a database timestamp) is at or before now. */
export function expireLeases(ctx: WriteContext, goalId: string): ExpiredLease[] {
  const expired: ExpiredLease[] = [];
  for (const todo of listTodos(ctx.store, goalId, ['open', 'blocked', 'deferred'])) {
    if (todo.claimedBy === null || todo.leaseExpiresAt === null || isLeaseActive(todo, ctx.now)) continue;
    // A lost CAS means the holder renewed or released in the same instant: their write wins.
    if (!swapLease(ctx.store, todo.id, todo.leaseVersion, clearedLease(todo), ctx.at)) continue;
    expired.push({ todoId: todo.id, text: todo.text, agentId: todo.claimedBy, expiredAt: todo.leaseExpiresAt });
    ctx.event({ goalId, type: 'todo.lease_expired', payload: { todo_id: todo.id, agent_id: todo.claimedBy, expired_at: todo.leaseExpiresAt } });
  }
  return expired;
}

/** What the stale-agent sweep changed. */
export interface StaleChanges {
  readonly flagged: readonly { agentId: string; lastSeenAt: string | null }[];
  readonly recovered: readonly string[];
}

/**
 * Flags agents silent for more than two heartbeat intervals, once (the flag row stays until the agent is seen
 * again), and clears the flag of agents that reported since. Silence counts from registration for an agent
 * that never reported.
 */
export function sweepStaleAgents(ctx: WriteContext, goalId: string, intervalMs: number): StaleChanges {
  const flags = new Map(listStaleFlags(ctx.store, goalId).map((f) => [f.agentId, f]));
  const flagged: { agentId: string; lastSeenAt: string | null }[] = [];
  const recovered: string[] = [];
  for (const agent of listAgentsOnGoal(ctx.store, goalId)) {
    const silentSince = agent.lastSeenAt ?? agent.registeredAt;
    const silent = agent.status === 'active' && ctx.now.getTime() - Date.parse(silentSince) > 2 * intervalMs;
    const flag = flags.get(agent.id);
    if (silent && !flag) {
      if (flagStale(ctx.store, goalId, agent.id, agent.lastSeenAt, ctx.at)) {
        flagged.push({ agentId: agent.id, lastSeenAt: agent.lastSeenAt });
        ctx.event({ goalId, type: 'agent.stale', payload: { agent_id: agent.id, last_seen_at: agent.lastSeenAt, silent_for_ms: ctx.now.getTime() - Date.parse(silentSince) } });
      }
    } else if (flag && (!silent || agent.status !== 'active') && clearStale(ctx.store, goalId, agent.id)) {
      recovered.push(agent.id);
      ctx.event({ goalId, type: 'agent.recovered', payload: { agent_id: agent.id, last_seen_at: agent.lastSeenAt } });
    }
  }
  return { flagged, recovered };
}

/** A deferred todo the heartbeat reopened. */
export interface ResumedTodo {
  readonly todoId: string;
  readonly text: string;
  readonly resumeWhen: string;
}

/** Reopens deferred todos whose `resume_when` condition holds now. */
export function resumeDeferredTodos(ctx: WriteContext, goalId: string, isGateSettled: (gateId: string) => boolean): ResumedTodo[] {
  const facts = { now: ctx.now, isTodoDone: (id: string) => findTodo(ctx.store, id)?.status === 'done', isGateSettled };
  const resumed: ResumedTodo[] = [];
  for (const todo of listTodos(ctx.store, goalId, ['deferred'])) {
    const condition = parseResumeWhen(todo.resumeWhen);
    if (condition === null || todo.resumeWhen === null || !isResumeDue(condition, facts)) continue;
    updateTodo(ctx.store, todo.id, { status: 'open', resume_when: null }, null, ctx.at);
    resumed.push({ todoId: todo.id, text: todo.text, resumeWhen: todo.resumeWhen });
    ctx.event({ goalId, type: 'todo.resumed', payload: { todo_id: todo.id, resume_when: todo.resumeWhen } });
  }
  return resumed;
}
