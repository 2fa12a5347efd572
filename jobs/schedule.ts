import cron from 'node-cron';
import type { JobDeps } from '../src/app/job-ports.js';
import { tick } from './tick.js';

/** A running scheduler. */
export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Starts the one per-minute tick (the only node-cron import). Each job's own cron and timezone are evaluated
 * against the database by `tick`, not by node-cron, so a restart or DST change loses nothing. The first tick
 * runs at once, which is how missed periods catch up after downtime.
 */
export function startScheduler(jobs: JobDeps, options: { mayRun?: () => boolean } = {}): Scheduler {
  const run = () => {
    // Several servers on one database: only the one holding the sender role ticks (a firing is also recorded once).
    if (options.mayRun && !options.mayRun()) return;
    for (const report of tick(jobs)) jobs.app.logger.info({ ...report }, `${report.job} ${report.status}`);
  };
  const task = cron.schedule('* * * * *', run, { name: 'loopx-jobs', noOverlap: true, timezone: 'UTC' });
  run();
  return {
    stop: async () => {
      await task.stop();
      await task.destroy();
    },
  };
}
