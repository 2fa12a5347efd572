import type { AppDeps } from './deps.js';
import { gateFeed } from './gate-feed.js';
import { DEFAULT_REACH, type JobDeps } from './job-ports.js';
import { listDigestTargets, outboxPublisher } from './job-publisher.js';

/** Builds the job dependencies; parts not given fall back to the app's own (outbox, gates, bindings). */
export function createJobDeps(app: AppDeps, parts: Partial<Omit<JobDeps, 'app'>> = {}): JobDeps {
  return {
    app,
    publish: parts.publish ?? outboxPublisher,
    gates: parts.gates ?? gateFeed,
    digestTargets: parts.digestTargets ?? listDigestTargets,
    reach: parts.reach ?? DEFAULT_REACH,
  };
}
