import type { AppDeps } from './deps.js';
import type { GateFeed, JobDeps } from './job-ports.js';

/** Before gates exist on a goal nothing is pending, settled, expiring or metered. */
export const NO_GATES: GateFeed = {
  sweep: () => ({ expired: [], reminders: [] }),
  pending: () => [],
  isSettled: () => false,
  quota: () => null,
};

/** Builds the job dependencies; parts not given fall back to the app's own (outbox, gates, bindings). */
export function createJobDeps(app: AppDeps, parts: Partial<Omit<JobDeps, 'app'>> = {}): JobDeps {
  return {
    app,
    publish: parts.publish ?? (() => 0),
    gates: parts.gates ?? NO_GATES,
    digestTargets: parts.digestTargets ?? (() => []),
  };
}
