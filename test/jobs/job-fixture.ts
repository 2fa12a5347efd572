import type { JobPost } from '../../src/app/job-ports.js';
import { createJobDeps } from '../../src/app/job-deps.js';
import type { DigestTarget, JobDeps } from '../../src/app/job-ports.js';
import type { TestApp } from '../helpers/test-app.js';

/** Job deps whose publisher records every enqueued post (the outbox seam), and whose digest targets are given. */
export function recordingJobs(app: TestApp, targets: DigestTarget[] = []): { jobs: JobDeps; posts: JobPost[] } {
  const posts: JobPost[] = [];
  const jobs = createJobDeps(app.deps, {
    publish: (_ctx, post) => {
      posts.push(post);
      return 1;
    },
    digestTargets: () => targets,
  });
  return { jobs, posts };
}

/** A digest binding of goal `demo` at `time` (HH:MM → cron) in `timezone`, existing since `createdAt`. */
export function digestTarget(cron: string, timezone: string, createdAt: string, bindingId = 'bind_1'): DigestTarget {
  return { bindingId, goalId: 'demo', label: `slack ${bindingId}`, destination: bindingId, cron, timezone, locale: 'en', createdAt };
}
