import { runDigest } from '../src/app/digest.js';
import { runHeartbeat } from '../src/app/heartbeat.js';
import type { JobDeps } from '../src/app/job-ports.js';
import { dueJobs, type DueJob } from '../src/app/job-schedule.js';

/** What one tick did for one job. */
export interface TickReport {
  readonly job: 'heartbeat' | 'digest';
  readonly key: string;
  readonly period: string;
  readonly late: boolean;
  readonly status: string;
}

function runOne(jobs: JobDeps, due: DueJob): string {
  const result = due.job === 'heartbeat' ? runHeartbeat(jobs, due.goal.id, due.slot) : runDigest(jobs, due.target, due.slot);
  if (result.ok) return result.value.status;
  jobs.app.logger.warn({ job: due.job, key: due.key, period: due.slot.period, code: result.error.code }, result.error.message);
  return `refused: ${result.error.code}`;
}

/**
 * One scheduler tick: asks the database which heartbeats and digests are due at the clock's now and runs
 * each once. A failing job is logged and never stops the others; it is retried on the next tick.
 */
export function tick(jobs: JobDeps): TickReport[] {
  const now = jobs.app.clock.now();
  const reports: TickReport[] = [];
  for (const due of dueJobs(jobs, now)) {
    let status: string;
    try {
      status = runOne(jobs, due);
    } catch (error) {
      jobs.app.logger.error({ job: due.job, key: due.key, period: due.slot.period, error: String(error) }, 'scheduled job failed');
      status = 'failed';
    }
    reports.push({ job: due.job, key: due.key, period: due.slot.period, late: due.slot.late, status });
  }
  return reports;
}
