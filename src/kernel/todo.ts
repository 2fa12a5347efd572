import { fail, type KernelError } from './errors.js';
import { activeHolder, type LeaseState } from './lease.js';
import { ok, type Result } from './result.js';
import type { Priority, TaskClass, TodoRole, TodoStatus } from './vocabulary.js';

/** The kernel's view of a todo: what the rules need, nothing about storage. */
export interface TodoState extends LeaseState {
  readonly id: string;
  readonly goalId: string;
  readonly status: TodoStatus;
  readonly role: TodoRole;
  readonly taskClass: TaskClass;
  readonly priority: Priority;
  readonly actionKind: string | null;
  readonly createdAt: string;
}

/** A todo as the application sees it: the kernel state plus its descriptive fields. */
export interface Todo extends TodoState {
  readonly text: string;
  readonly blockedReason: string | null;
  readonly resumeWhen: string | null;
  readonly predecessorId: string | null;
  readonly supersededBy: string | null;
  readonly noFollowup: string | null;
  readonly completedAt: string | null;
  readonly completedBy: string | null;
  readonly revision: number;
  readonly updatedAt: string;
}

/** Who is completing: an agent (subject to the completion fence) or a person/system via the CLI. */
export interface Completer {
  readonly agentId: string | null;
  readonly leaseVersion?: number | undefined;
}

/** What completing did: `changed` is false for a repeated completion. */
export interface CompletionDecision {
  readonly changed: boolean;
}

/** True when the todo can still be worked on. */
export function isWorkable(todo: Pick<TodoState, 'status'>): boolean {
  return todo.status === 'open' || todo.status === 'blocked' || todo.status === 'deferred';
}

/**
 * Decides a completion: idempotent on a done todo; the lease holder alone may complete while a lease is
 * active (the completion fence); an agent todo needs at least one successor or a no-followup reason.
 */
export function decideCompletion(
  todo: TodoState,
  by: Completer,
  followup: { successors: number; noFollowup: string | null },
  now: Date,
): Result<CompletionDecision, KernelError> {
  if (todo.status === 'done') return ok({ changed: false });
  if (todo.status === 'superseded') return fail('todo_not_open', `Todo ${todo.id} was superseded; complete its replacement instead.`);
  const holder = activeHolder(todo, now);
  if (holder !== null && holder !== by.agentId) {
    return fail('not_claimed_by_you', `Todo ${todo.id} is leased by ${holder} until ${todo.leaseExpiresAt}; only the holder may complete it.`, { holder });
  }
  if (holder !== null && by.leaseVersion !== undefined && by.leaseVersion !== todo.leaseVersion) {
    return fail('lease_version_mismatch', `Lease version ${by.leaseVersion} is stale (current ${todo.leaseVersion}).`, {
      current_version: todo.leaseVersion,
    });
  }
  const reason = followup.noFollowup?.trim() ?? '';
  if (todo.role === 'agent' && followup.successors === 0 && reason === '') {
    return fail(
      'completion_requires_successor_or_no_followup',
      'Completing an agent todo needs at least one successor todo or a no_followup reason saying why nothing follows.',
    );
  }
  return ok({ changed: true });
}

/** Refuses changes to a todo that is done or superseded. */
export function requireWorkable<T extends TodoState>(todo: T): Result<T, KernelError> {
  if (isWorkable(todo)) return ok(todo);
  return fail('todo_not_open', `Todo ${todo.id} is ${todo.status}; it can no longer change.`);
}


/** Refuses an agent's change to a todo another agent holds under an active lease (operators may change it). */
export function requireChangeableBy<T extends TodoState>(todo: T, agentId: string | null, now: Date): Result<T, KernelError> {
  const holder = activeHolder(todo, now);
  if (agentId === null || holder === null || holder === agentId) return ok(todo);
  return fail('not_claimed_by_you', `Todo ${todo.id} is leased by ${holder} until ${todo.leaseExpiresAt}; only the holder (or an operator) may change it.`, { holder });
}

/**
 * Refuses an agent's claim or completion of a blocked todo: a rejection (or a block) stops the work until a person
 * reopens it. Operators are not held.
 */
export function requireUnblockedFor<T extends TodoState & { readonly blockedReason: string | null }>(todo: T, agentId: string | null): Result<T, KernelError> {
  if (agentId === null || todo.status !== 'blocked') return ok(todo);
  const why = todo.blockedReason ? ` (${todo.blockedReason})` : '';
  return fail('todo_blocked', `Todo ${todo.id} is blocked${why}; a person must reopen it (\`loopx todo reopen ${todo.id}\`) before an agent works on it.`, {
    todo_id: todo.id,
    reason: todo.blockedReason,
  });
}

/** A monitor's cadence bounds: checked at least a minute apart, at most 30 days; flagged after 1–1,000 quiet checks. */
export const MONITOR_BOUNDS = { everySeconds: { min: 60, max: 30 * 86_400 }, deadAfter: { min: 1, max: 1000 } } as const;

/** Refuses a monitor cadence or dead-after outside MONITOR_BOUNDS, on every path (HTTP and MCP check it too, by schema). */
export function requireMonitorBounds(everySeconds: number, deadAfter: number | undefined): Result<true, KernelError> {
  const { everySeconds: every, deadAfter: dead } = MONITOR_BOUNDS;
  if (!Number.isInteger(everySeconds) || everySeconds < every.min || everySeconds > every.max) {
    return fail('invalid_request', `A monitor is checked between every minute and every 30 days; got every ${everySeconds} s (use --every 1m to 30d).`, { field: 'monitor.every_seconds' });
  }
  if (deadAfter !== undefined && (!Number.isInteger(deadAfter) || deadAfter < dead.min || deadAfter > dead.max)) {
    return fail('invalid_request', `--dead-after counts quiet checks, from ${dead.min} to ${dead.max}; got ${deadAfter}.`, { field: 'monitor.dead_after' });
  }
  return ok(true);
}
