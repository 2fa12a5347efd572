import { quietMonitors } from '../../store/monitors.js';
import type { DigestProgress, DigestView } from '../../../cards/digest-card.js';
import type { DigestGlance } from '../../../cards/glance.js';
import type { Goal } from '../../kernel/goal.js';
import { parseResumeWhen } from '../../kernel/resume-when.js';
import type { Todo } from '../../kernel/todo.js';
import { isAccountableOutcome, type DeliveryOutcome } from '../../kernel/vocabulary.js';
import { describeInstant } from '../../kernel/zoned-time.js';
import { eventsOfTypeSince, evidenceTotalsSince } from '../../store/activity.js';
import { eventPayload, ledgerHead } from '../../store/events.js';
import { listStaleFlags } from '../../store/job-runs.js';
import { findTodo, listTodos } from '../../store/todos.js';
import type { JobDeps } from '../job-ports.js';
import { serversSummary } from '../serve/presence.js';
import { evidencePerDay, lastDays } from './charts.js';
import { goalStatus } from './goal-status.js';
import { openUserActions } from '../work/user-actions.js';
import { findGate } from './gates.js';

/** At most this many open user actions are read for a digest (it shows the first few and counts the rest). */
const DIGEST_USER_ACTIONS_READ = 100;

/** Which digest this is: its local day, when it is built, what it covers, and whether it is late. */
export interface DigestSlot {
  readonly day: string;
  readonly at: Date;
  readonly since: string | null;
  readonly late: boolean;
  /** The binding's timezone (the goal's for a preview by goal). */
  readonly timezone: string;
}

// Why a todo sits in Blocked, in plain words.
function blockedReason(todo: Todo, timeZone: string): string {
  if (todo.status === 'blocked') return todo.blockedReason ?? 'blocked, no reason given';
  if (todo.taskClass === 'blocker') return 'a blocker row: it stays until someone removes the cause';
  const condition = parseResumeWhen(todo.resumeWhen);
  if (condition?.kind === 'todo_done') return `waits until todo ${condition.todoId} is done`;
  if (condition?.kind === 'gate') return `waits for a decision on gate ${condition.gateId}`;
  if (condition?.kind === 'time') return `deferred until ${describeInstant(condition.at, timeZone)}`;
  return `deferred (${todo.resumeWhen ?? 'no condition'})`;
}

function progressOf(jobs: JobDeps, goal: Goal, slot: DigestSlot): DigestProgress {
  const totals = evidenceTotalsSince(jobs.app.store, goal.id, slot.since);
  let accountable = 0;
  let surfaceOnly = 0;
  for (const [outcome, count] of totals.byOutcome) {
    if (isAccountableOutcome(outcome as DeliveryOutcome)) accountable += count;
    else surfaceOnly += count;
  }
  return { accountable, surfaceOnly, tokensIn: totals.tokensIn, tokensOut: totals.tokensOut, costUsd: totals.costUsd, quota: jobs.gates.quota(jobs.app.store, goal.id, slot.at) };
}

function expiredLeasesSince(jobs: JobDeps, goalId: string, since: string | null): DigestView['expiredLeases'] {
  return eventsOfTypeSince(jobs.app.store, goalId, ['todo.lease_expired'], since).map((event) => {
    const payload = eventPayload(event) ?? {};
    const todoId = String(payload['todo_id']);
    return { todoId, text: findTodo(jobs.app.store, todoId)?.text ?? todoId, agentId: String(payload['agent_id']) };
  });
}

function grantApprovalsSince(jobs: JobDeps, goalId: string, since: string | null): NonNullable<DigestView['grantApprovals']> {
  return eventsOfTypeSince(jobs.app.store, goalId, ['gate.decided'], since).flatMap((event) => {
    const payload = eventPayload(event) ?? {};
    const grantId = payload['grant_id'];
    if (typeof grantId !== 'string') return [];
    const gateId = String(payload['gate_id']);
    return [{ gateId, grantId, question: findGate(jobs.app.store, gateId)?.question ?? gateId, citation: String(payload['reason'] ?? '') }];
  });
}

/** Lanes now, evidence over the last 7 local days, and the goal page on the server that sends (if one runs). */
function glanceOf(jobs: JobDeps, goal: Goal, slot: DigestSlot): DigestGlance | undefined {
  const store = jobs.app.store;
  const status = goalStatus(store, goal.id, slot.at, 0);
  if (!status.ok) return undefined;
  const servers = serversSummary({ store }, slot.at);
  const base = (servers.sender ?? servers.servers[0])?.url;
  const days = lastDays(slot.at, slot.timezone, 7);
  return { lanes: status.value.todoLanes, evidencePerDay: evidencePerDay(store, goal.id, days, slot.timezone, slot.at), chartsUrl: base ? `${base}/goals/${goal.id}` : null };
}

/** Reads everything a goal's daily digest says, from the database, as of `slot.at`. */
/** How many quiet monitors a digest asks about at most. */
const DIGEST_QUIET_MONITORS = 3;

export function buildDigestView(jobs: JobDeps, goal: Goal, slot: DigestSlot): DigestView {
  const store = jobs.app.store;
  const live = listTodos(store, goal.id, ['open', 'blocked', 'deferred']);
  const done = listTodos(store, goal.id, ['done']).filter((t) => t.completedAt !== null && (slot.since === null || t.completedAt > slot.since));
  return {
    goalId: goal.id,
    goalTitle: goal.title,
    timezone: slot.timezone,
    day: slot.day,
    at: slot.at.toISOString(),
    since: slot.since,
    late: slot.late,
    needsYou: jobs.gates.pending(store, goal.id),
    userActions: openUserActions(store, goal.id, DIGEST_USER_ACTIONS_READ).actions,
    // A monitor between its checks is deferred by design: it is waiting for its next due time, not blocked.
    blocked: live.filter((t) => (t.status !== 'open' || t.taskClass === 'blocker') && !(t.taskClass === 'monitor' && t.status === 'deferred')).map((t) => ({ todoId: t.id, text: t.text, reason: blockedReason(t, slot.timezone) })),
    done: done.map((t) => ({ todoId: t.id, text: t.text, completedAt: t.completedAt ?? '' })),
    staleAgents: listStaleFlags(store, goal.id).map((f) => ({ agentId: f.agentId, lastSeenAt: f.lastSeenAt })),
    expiredLeases: expiredLeasesSince(jobs, goal.id, slot.since),
    grantApprovals: grantApprovalsSince(jobs, goal.id, slot.since),
    progress: progressOf(jobs, goal, slot),
    ledgerHead: ledgerHead(store),
    glance: glanceOf(jobs, goal, slot),
    quietMonitors: quietMonitors(store, goal.id, DIGEST_QUIET_MONITORS),
  };
}
