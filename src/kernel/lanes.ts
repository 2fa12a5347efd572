import { isLeaseActive } from './lease.js';
import type { TodoState } from './todo.js';

/** The seven Kanban lanes, in board order. */
export const LANES = ['todo', 'claimed', 'running', 'review', 'blocked', 'user_gate', 'done'] as const;
/** A Kanban lane id. */
export type Lane = (typeof LANES)[number];

/** Human labels for the lanes. */
export const LANE_LABELS: Readonly<Record<Lane, string>> = {
  todo: 'Todo',
  claimed: 'Claimed',
  running: 'Running',
  review: 'Review',
  blocked: 'Blocked',
  user_gate: 'User Gate',
  done: 'Done',
};

/** What the lane rule needs beyond the todo itself. */
export interface LaneContext {
  readonly now: Date;
  /** True when a pending gate blocks this todo (listed, agent-scoped on its holder, or global). */
  readonly gatedByPendingGate: boolean;
  /** The claiming agent's latest evidence or heartbeat, if any. */
  readonly holderActivityAt: string | null;
}

/** The one lane function every surface uses; first matching rule wins (domain.md §1). */
export function laneOf(todo: TodoState, ctx: LaneContext): Lane {
  if (todo.status === 'done' || todo.status === 'superseded') return 'done';
  if (todo.taskClass === 'user_action') return 'user_gate';
  if (todo.status === 'blocked' || todo.status === 'deferred' || todo.taskClass === 'blocker' || ctx.gatedByPendingGate) {
    return 'blocked';
  }
  if (todo.actionKind === 'review') return 'review';
  if (isLeaseActive(todo, ctx.now)) {
    const active = ctx.holderActivityAt !== null && todo.leaseStartedAt !== null && ctx.holderActivityAt >= todo.leaseStartedAt;
    return active ? 'running' : 'claimed';
  }
  if (todo.claimedBy !== null) return 'claimed';
  return 'todo';
}

/** Counts per lane, every lane present. */
export function emptyLaneCounts(): Record<Lane, number> {
  return { todo: 0, claimed: 0, running: 0, review: 0, blocked: 0, user_gate: 0, done: 0 };
}
