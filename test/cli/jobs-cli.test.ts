import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';

let db: string;
const loopx = (...args: string[]) => runLoopx(db, args);
const json = (...args: string[]) => runLoopxJson(db, args);

beforeAll(() => {
  db = freshDbPath('loopx-jobs-cli-');
  expect(loopx('init').code).toBe(0);
  json('person', 'add', 'ana', '--name', 'Ana Li');
  json('goal', 'add', 'demo', '--title', 'Demo', '--objective', 'Ship the demo', '--owner', 'ana', '--timezone', 'Europe/Berlin');
});

describe('loopx heartbeat, digest and schedule (the built binary)', () => {
  it('refuses a bad heartbeat cron with what to fix, and accepts a good one', () => {
    const bad = loopx('goal', 'set', 'demo', '--heartbeat', '61 * * * *');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad minute field "61"');
    expect(json('goal', 'set', 'demo', '--heartbeat', '*/30 * * * *').goal).toMatchObject({ id: 'demo' });
  });

  it('runs a heartbeat now, then skips quietly when nothing changed', () => {
    json('todo', 'add', 'demo', 'Write the post');
    expect(json('heartbeat', '--run', 'demo')).toMatchObject({ schema_version: 1, goal_id: 'demo', status: 'posted', posts: 0 });
    const quiet = json('heartbeat', '--run', 'demo');
    expect(quiet).toMatchObject({ status: 'quiet', note: expect.stringContaining('quiet skip') });
    const usage = loopx('heartbeat');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Missing <goal>');
  });

  it('lists the next runs of heartbeats and bound digests in their local time', () => {
    json('goal', 'bind', 'demo', '--slack', 'C0123ABCDEF', '--purpose', 'digest', '--digest-at', '08:30', '--digest-timezone', 'America/New_York');
    const runs = json('schedule').runs;
    expect(runs.map((r: { job: string }) => r.job).sort()).toEqual(['digest', 'heartbeat']);
    expect(runs.find((r: { job: string }) => r.job === 'digest')).toMatchObject({ key: 'demo/slack/C0123ABCDEF', timezone: 'America/New_York', cron: '30 8 * * *', next_local: expect.stringMatching(/ 08:30$/) });
  });

  it('previews a digest by channel without posting or recording it, and names a missing one', () => {
    const preview = json('digest', '--preview', 'C0123ABCDEF');
    expect(preview).toMatchObject({ goal_id: 'demo', timezone: 'America/New_York', needs_you: 0 });
    expect(preview.text).toContain('Times are in America/New_York.');
    const missing = loopx('digest', '--preview', 'nope');
    expect(missing.code).toBe(3);
    const store = new Database(db, { readonly: true });
    expect(store.prepare("SELECT count(*) AS n FROM job_runs WHERE job = 'digest'").get()).toEqual({ n: 0 });
    expect(store.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
    store.close();
  });
});

describe('user actions in the digest (issue 12 #10)', () => {
  it('`loopx digest --preview` lists an open user action under Needs you', () => {
    json('todo', 'add', 'demo', 'Sign the contract', '--class', 'user_action');
    const preview = loopx('digest', '--preview', 'demo');
    expect(preview.code).toBe(0);
    expect(preview.stdout).not.toContain('Needs you: nothing');
    expect(preview.stdout).toContain('Sign the contract');
  });
});
