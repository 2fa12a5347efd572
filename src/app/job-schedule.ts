import { parseCron } from '../kernel/cron.js';
import type { Goal } from '../kernel/goal.js';
import { isLateRun, latestFiring, nextFirings, periodKey, type Firing } from '../kernel/schedule.js';
import { formatLocalDateTime } from '../kernel/zoned-time.js';
import { listGoals } from '../store/goals.js';
import { hasRun } from '../store/job-runs.js';
import type { JobSlot } from './heartbeat.js';
import type { DigestTarget, JobDeps } from './job-ports.js';

/** A job and the schedule it follows. */
export type ScheduledJob =
  | { readonly job: 'heartbeat'; readonly key: string; readonly goal: Goal; readonly cron: string; readonly timezone: string; readonly since: string }
  | { readonly job: 'digest'; readonly key: string; readonly target: DigestTarget; readonly cron: string; readonly timezone: string; readonly since: string };

/** A job whose period is due and not yet recorded. */
export type DueJob = ScheduledJob & { readonly slot: JobSlot };

/** Every scheduled job: a heartbeat per active goal, a digest per digest binding. */
export function scheduledJobs(jobs: JobDeps): ScheduledJob[] {
  const { store } = jobs.app;
  const heartbeats = listGoals(store)
    .filter((goal) => goal.status === 'active')
    .map((goal): ScheduledJob => ({ job: 'heartbeat', key: goal.id, goal, cron: goal.heartbeatCron, timezone: goal.timezone, since: goal.createdAt }));
  const digests = jobs.digestTargets(store).map((target): ScheduledJob => ({ job: 'digest', key: target.bindingId, target, cron: target.cron, timezone: target.timezone, since: target.createdAt }));
  return [...heartbeats, ...digests];
}

function slotOf(job: ScheduledJob, firing: Firing, now: Date): JobSlot {
  return { period: periodKey(firing, job.job === 'digest' ? 'day' : 'minute'), dueAt: firing.at.toISOString(), late: isLateRun(firing, now), trigger: 'schedule' };
}

/**
 * The jobs due at `now`: for each, only its latest firing since it was created counts, so missed heartbeats
 * collapse into one and a missed digest runs once (late). A period already recorded is not due.
 */
export function dueJobs(jobs: JobDeps, now: Date): DueJob[] {
  const due: DueJob[] = [];
  for (const job of scheduledJobs(jobs)) {
    const spec = parseCron(job.cron);
    if (!spec.ok) {
      jobs.app.logger.warn({ job: job.job, key: job.key, cron: job.cron }, 'skipping a job with an invalid cron expression');
      continue;
    }
    const firing = latestFiring(spec.value, job.timezone, now, new Date(job.since));
    if (!firing) continue;
    const slot = slotOf(job, firing, now);
    if (!hasRun(jobs.app.store, job.job, job.key, slot.period)) due.push({ ...job, slot });
  }
  return due;
}

/** A job's next run, for `loopx schedule`. */
export interface UpcomingRun {
  readonly job: 'heartbeat' | 'digest';
  readonly key: string;
  readonly goalId: string;
  readonly cron: string;
  readonly timezone: string;
  readonly at: string;
  /** The wall-clock time in the job's timezone (`2026-03-08 09:00`). */
  readonly localTime: string;
}

/** The next run of every scheduled job after `now`, soonest first. */
export function upcomingRuns(jobs: JobDeps, now: Date): UpcomingRun[] {
  const runs: UpcomingRun[] = [];
  for (const job of scheduledJobs(jobs)) {
    const spec = parseCron(job.cron);
    const next = spec.ok ? nextFirings(spec.value, job.timezone, now, 1)[0] : undefined;
    if (!next) continue;
    const goalId = job.job === 'heartbeat' ? job.goal.id : job.target.goalId;
    runs.push({ job: job.job, key: job.key, goalId, cron: job.cron, timezone: job.timezone, at: next.at.toISOString(), localTime: formatLocalDateTime(next.local) });
  }
  return runs.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
