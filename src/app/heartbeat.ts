import { heartbeatCard, heartbeatHasNews, type HeartbeatView } from '../../cards/heartbeat-card.js';
import { parseCron } from '../kernel/cron.js';
import { fail, type KernelError } from '../kernel/errors.js';
import type { Goal } from '../kernel/goal.js';
import { ok, type Result } from '../kernel/result.js';
import { intervalBefore, latestFiring } from '../kernel/schedule.js';
import { countEventsSince } from '../store/activity.js';
import { hasRun, lastRun, recordRun } from '../store/job-runs.js';
import { expireLeases, resumeDeferredTodos, sweepStaleAgents } from './heartbeat-actions.js';
import type { GateReminder, ExpiredGateNote, JobDeps } from './job-ports.js';
import { nudgeGates, routeSweepReminders } from './gates/nudges.js';
import { requireGoal } from './lookup.js';
import { runWrite, type WriteContext } from './write.js';

/** Which period a job run stands for, and how it was started. */
export interface JobSlot {
  readonly period: string;
  readonly dueAt: string;
  readonly late: boolean;
  readonly trigger: 'schedule' | 'manual';
}

/** The slot of a heartbeat run by hand (`loopx heartbeat --run`): its own period, never a scheduled one. */
export function manualSlot(now: Date): JobSlot {
  return { period: `manual:${now.toISOString()}`, dueAt: now.toISOString(), late: false, trigger: 'manual' };
}

/** What a heartbeat run did. `already_ran` means the period was recorded before (nothing happened). */
export interface HeartbeatOutcome {
  readonly status: 'posted' | 'quiet' | 'already_ran';
  readonly note: string;
  readonly view: HeartbeatView | null;
  readonly posts: number;
}

const HOUR_MS = 3_600_000;
const HEARTBEAT_ACTOR = { kind: 'system', id: 'heartbeat' } as const;
const DECISION_EVENTS = ['gate.decided'];

/** The goal's heartbeat interval as of `now`: the gap between its last two firings (an hour if unknown). */
export function heartbeatIntervalMs(goal: Goal, now: Date): number {
  const spec = parseCron(goal.heartbeatCron);
  if (!spec.ok) return HOUR_MS;
  const firing = latestFiring(spec.value, goal.timezone, now);
  return (firing && intervalBefore(spec.value, goal.timezone, firing)) ?? HOUR_MS;
}

function activityOf(counts: Map<string, number>): HeartbeatView['activity'] {
  const count = (type: string) => counts.get(type) ?? 0;
  return {
    todosDone: count('todo.completed'),
    todosAdded: count('todo.added'),
    evidence: count('evidence.added'),
    gateDecisions: DECISION_EVENTS.reduce((sum, type) => sum + count(type), 0),
  };
}

function quietNote(view: HeartbeatView): string {
  return view.since === null ? 'quiet skip: nothing changed since the goal started' : `quiet skip: nothing changed since ${view.since}`;
}

/**
 * One heartbeat for a goal: expire leases, flag stale agents, resume deferred todos, apply gate expiry and
 * escalation, then post a short "since the last heartbeat" card to the board thread only when something
 * changed. The run record, every action's ledger event and the post commit in one transaction, so a period
 * runs once even across restarts.
 */
export function runHeartbeat(jobs: JobDeps, goalId: string, slot: JobSlot): Result<HeartbeatOutcome, KernelError> {
  const { app } = jobs;
  const goal = requireGoal(app.store, goalId);
  if (!goal.ok) return goal;
  if (hasRun(app.store, 'heartbeat', goalId, slot.period)) return ok({ status: 'already_ran', note: `period ${slot.period} already ran`, view: null, posts: 0 });
  const now = app.clock.now();
  if (goal.value.status !== 'active') return fail('goal_not_active', `Goal ${goalId} is ${goal.value.status}; heartbeats run for active goals only.`);
  const gates = jobs.gates.sweep(app, goalId, now);
  const intervalMs = heartbeatIntervalMs(goal.value, now);
  return runWrite<HeartbeatOutcome>(app, { actor: HEARTBEAT_ACTOR, command: 'heartbeat.run', request: { goalId, period: slot.period } }, (ctx) =>
    heartbeatInside(ctx, jobs, goal.value, slot, gates, intervalMs),
  );
}

// The heartbeat's one transaction: actions, their events, the card and the run record.
function heartbeatInside(ctx: WriteContext, jobs: JobDeps, goal: Goal, slot: JobSlot, gates: ReturnType<JobDeps['gates']['sweep']>, intervalMs: number): Result<HeartbeatOutcome, KernelError> {
  const goalId = goal.id;
  if (hasRun(ctx.store, 'heartbeat', goalId, slot.period)) return ok({ status: 'already_ran', note: `period ${slot.period} already ran`, view: null, posts: 0 });
  const since = lastRun(ctx.store, 'heartbeat', goalId)?.startedAt ?? null;
  const stale = sweepStaleAgents(ctx, goalId, intervalMs);
  // The expiry sweep's reminders first: they share the once-per-step record with the nudges that follow.
  const swept = routeSweepReminders(ctx, gates.reminders);
  const nudges = nudgeGates(ctx, goalId, jobs.reach.remindAfterMs);
  for (const direct of [...swept.direct, ...nudges.direct]) jobs.publish(ctx, { goalId, card: direct.card, destination: { kind: 'direct', ...direct.destination } });
  const view = heartbeatView(goal, slot, ctx.at, since, {
    expiredLeases: expireLeases(ctx, goalId),
    staleAgents: stale.flagged,
    recoveredAgents: stale.recovered,
    resumedTodos: resumeDeferredTodos(ctx, goalId, (gateId) => jobs.gates.isSettled(ctx.store, gateId)),
    expiredGates: gates.expired,
    reminders: [...swept.channel, ...nudges.channel.filter((r) => !gates.reminders.some((g) => g.gateId === r.gateId && g.step === r.step))],
    activity: activityOf(countEventsSince(ctx.store, goalId, since)),
  });
  const news = heartbeatHasNews(view);
  const posts = news ? jobs.publish(ctx, { goalId, card: heartbeatCard(view), destination: { kind: 'board_thread' } }) : 0;
  const note = !news ? quietNote(view) : posts > 0 ? `posted to ${posts} board thread(s)` : `changes recorded; no board channel to post to (bind one: loopx goal bind ${goalId} --slack <channel>)`;
  const status = news ? 'posted' : 'quiet';
  if (!recordRun(ctx.store, { job: 'heartbeat', key: goalId, period: slot.period, dueAt: slot.dueAt, startedAt: ctx.at, status, late: slot.late, trigger: slot.trigger, note })) {
    return fail('already_exists', `Heartbeat period ${slot.period} of ${goalId} was recorded by another run.`);
  }
  if (news) ctx.event({ goalId, type: 'heartbeat.posted', payload: { period: slot.period, late: slot.late, trigger: slot.trigger, posts } });
  return ok({ status, note, view, posts });
}

interface HeartbeatFindings {
  readonly expiredLeases: HeartbeatView['expiredLeases'];
  readonly staleAgents: HeartbeatView['staleAgents'];
  readonly recoveredAgents: readonly string[];
  readonly resumedTodos: HeartbeatView['resumedTodos'];
  readonly expiredGates: readonly ExpiredGateNote[];
  readonly reminders: readonly GateReminder[];
  readonly activity: HeartbeatView['activity'];
}

function heartbeatView(goal: Goal, slot: JobSlot, at: string, since: string | null, findings: HeartbeatFindings): HeartbeatView {
  return { goalId: goal.id, goalTitle: goal.title, timezone: goal.timezone, period: slot.period, at, since, late: slot.late, ...findings };
}
