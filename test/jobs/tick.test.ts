import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardToText } from '../../cards/text.js';
import { recordHeartbeat } from '../../src/app/evidence.js';
import { askGate } from '../../src/app/gates.js';
import { createJobDeps } from '../../src/app/job-deps.js';
import type { JobPost } from '../../src/app/job-ports.js';
import { tick, type TickReport } from '../../jobs/tick.js';
import { asAgent, createTestApp, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';
import { digestTarget, recordingJobs } from './job-fixture.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function tickUntil(app: TestApp, jobs: ReturnType<typeof recordingJobs>['jobs'], until: string, stepMs = 5 * MINUTE): TickReport[] {
  const reports: TickReport[] = [];
  while (app.clock.now().getTime() <= Date.parse(until)) {
    reports.push(...tick(jobs));
    app.clock.advance(stepMs);
  }
  return reports;
}

async function digestApp(cron: string, timezone: string, start: string) {
  const app = await createTestApp({ start });
  seedGoal(app.deps, { agents: ['a1'] });
  const recording = recordingJobs(app, [digestTarget(cron, timezone, start)]);
  return { app, ...recording };
}

const digests = (reports: TickReport[]) => reports.filter((r) => r.job === 'digest');

describe('digest: exactly once per local day', () => {
  it.each([
    { zone: 'America/New_York', cron: '0 9 * * *', from: '2026-03-07T00:00:00Z', to: '2026-03-10T20:00:00Z', days: ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'] },
    { zone: 'America/New_York', cron: '30 2 * * *', from: '2026-03-07T00:00:00Z', to: '2026-03-09T20:00:00Z', days: ['2026-03-07', '2026-03-08', '2026-03-09'] },
    { zone: 'America/New_York', cron: '30 1 * * *', from: '2026-10-31T00:00:00Z', to: '2026-11-02T20:00:00Z', days: ['2026-10-31', '2026-11-01', '2026-11-02'] },
    { zone: 'Europe/Berlin', cron: '30 2 * * *', from: '2026-03-28T00:00:00Z', to: '2026-03-30T20:00:00Z', days: ['2026-03-28', '2026-03-29', '2026-03-30'] },
    { zone: 'Europe/Berlin', cron: '30 2 * * *', from: '2026-10-24T00:00:00Z', to: '2026-10-26T20:00:00Z', days: ['2026-10-24', '2026-10-25', '2026-10-26'] },
    { zone: 'Asia/Shanghai', cron: '0 0 * * *', from: '2026-01-01T00:00:00Z', to: '2026-01-03T23:00:00Z', days: ['2026-01-02', '2026-01-03', '2026-01-04'] },
    { zone: 'Asia/Shanghai', cron: '59 23 * * *', from: '2026-01-01T00:00:00Z', to: '2026-01-03T23:00:00Z', days: ['2026-01-01', '2026-01-02', '2026-01-03'] },
  ])('$zone at "$cron" from $from', async ({ zone, cron, from, to, days }) => {
    const { app, jobs, posts } = await digestApp(cron, zone, from);
    const ran = digests(tickUntil(app, jobs, to));
    expect(ran.map((r) => r.period)).toEqual(days);
    expect(ran.every((r) => r.status === 'posted' && !r.late)).toBe(true);
    expect(posts.filter((p) => p.card.kind === 'digest').map((p) => p.card.key)).toEqual(days.map((d) => `digest:demo:${d}`));
  });

  it('posts the New York 02:30 digest of the spring-forward day at 03:30 EDT, the first moment after the gap', async () => {
    const { app, jobs } = await digestApp('30 2 * * *', 'America/New_York', '2026-03-08T06:00:00Z');
    app.clock.set('2026-03-08T07:29:00Z');
    expect(digests(tick(jobs))).toEqual([]);
    app.clock.set('2026-03-08T07:30:00Z');
    expect(digests(tick(jobs)).map((r) => r.period)).toEqual(['2026-03-08']);
  });
});

describe('catch-up and restarts', () => {
  it('after three days down runs one late digest, not three, and the card says it is late', async () => {
    const { app, jobs, posts } = await digestApp('0 9 * * *', 'Europe/Berlin', '2026-01-05T07:00:00Z');
    app.clock.set('2026-01-05T08:00:00Z');
    expect(digests(tick(jobs))).toMatchObject([{ period: '2026-01-05', late: false }]);
    app.clock.set('2026-01-08T11:00:00Z');
    expect(digests(tick(jobs))).toEqual([{ job: 'digest', key: 'bind_1', period: '2026-01-08', late: true, status: 'posted' }]);
    expect(digests(tick(jobs))).toEqual([]);
    const late = posts.filter((p) => p.card.kind === 'digest')[1];
    expect(late && cardToText(late.card)).toContain('This digest is late');
  });

  it('collapses missed heartbeats into one late run', async () => {
    const app = await createTestApp({ start: '2026-01-05T09:00:00Z' });
    seedGoal(app.deps, { agents: ['a1'] });
    const { jobs } = recordingJobs(app);
    app.clock.set('2026-01-05T14:20:00Z');
    expect(tick(jobs)).toEqual([{ job: 'heartbeat', key: 'demo', period: '2026-01-05T22:00', late: true, status: expect.any(String) }]);
    expect(tick(jobs)).toEqual([]);
  });

  it('never posts a digest twice when the process restarts within the digest period', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'loopx-jobs-')), 'loopx.db');
    const first = await createTestApp({ path, start: '2026-01-05T07:00:00Z' });
    seedGoal(first.deps, { agents: ['a1'] });
    const target = digestTarget('0 9 * * *', 'Europe/Berlin', '2026-01-05T07:00:00Z');
    const before = recordingJobs(first, [target]);
    first.clock.set('2026-01-05T08:00:00Z');
    expect(digests(tick(before.jobs))).toHaveLength(1);
    first.deps.store.close();

    const second = await createTestApp({ path, start: '2026-01-05T08:30:00Z' });
    const after = recordingJobs(second, [target]);
    expect(digests(tick(after.jobs))).toEqual([]);
    expect(after.posts).toEqual([]);
    second.deps.store.close();
  });

  it('a crash while enqueueing the digest leaves nothing recorded, so the restart posts it exactly once', async () => {
    const { app } = await digestApp('0 9 * * *', 'Europe/Berlin', '2026-01-05T07:00:00Z');
    const target = digestTarget('0 9 * * *', 'Europe/Berlin', '2026-01-05T07:00:00Z');
    const crashing = createJobDeps(app.deps, {
      publish: () => {
        throw new Error('process killed mid-enqueue');
      },
      digestTargets: () => [target],
    });
    app.clock.set('2026-01-05T08:00:00Z');
    expect(digests(tick(crashing))).toMatchObject([{ period: '2026-01-05', status: 'failed' }]);
    const posts: JobPost[] = [];
    const restarted = createJobDeps(app.deps, { publish: (_ctx, post) => (posts.push(post), 1), digestTargets: () => [target] });
    expect(digests(tick(restarted))).toMatchObject([{ period: '2026-01-05', status: 'posted' }]);
    expect(digests(tick(restarted))).toEqual([]);
    expect(posts.filter((p) => p.card.kind === 'digest')).toHaveLength(1);
  });
});

describe('done when: a silent agent is flagged and the next digest lists it with the gates waiting on people', () => {
  it('flags within two heartbeat intervals of silence and lists it in the morning digest', async () => {
    const app = await createTestApp({ start: '2026-01-05T01:00:00Z' });
    seedGoal(app.deps, { agents: ['a1', 'a2'] });
    const { jobs, posts } = recordingJobs(app, [digestTarget('0 9 * * *', 'Asia/Shanghai', '2026-01-05T01:00:00Z')]);
    unwrap(askGate(app.deps, asAgent('a2'), 'demo', { question: 'May I publish the post?', blocks: { agent: 'a2' } }));
    const reportAsA2 = () => unwrap(recordHeartbeat(app.deps, asAgent('a2'), 'demo', {}));
    reportAsA2();
    for (let hour = 0; hour < 3; hour += 1) {
      app.clock.advance(HOUR);
      reportAsA2();
      tick(jobs);
    }
    const staleCards = posts.filter((p) => p.card.kind === 'heartbeat' && cardToText(p.card).includes('Agent a1 looks stale'));
    expect(staleCards).toHaveLength(1);
    expect(app.clock.now().toISOString()).toBe('2026-01-05T04:00:00.000Z');

    app.clock.set('2026-01-06T01:00:00Z');
    tick(jobs);
    const digest = posts.filter((p) => p.card.kind === 'digest').at(-1);
    expect(digest?.card.key).toBe('digest:demo:2026-01-06');
    const text = digest ? cardToText(digest.card) : '';
    expect(text).toContain('Agent a1 is stale');
    expect(text).toContain('May I publish the post?');
    expect(text).toContain('waiting 24 hours on Ana');
    expect(text).toContain('Times are in Asia/Shanghai');
    expect(digest?.card.blocks.some((b) => b.type === 'actions' && b.buttons.some((btn) => btn.action.choice === 'approve'))).toBe(true);
  });
});
