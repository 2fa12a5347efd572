import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, LOOPX_BIN, runLoopx, runLoopxJson } from '../helpers/cli.js';

// Issue 15 #2/#3: `loopx person notify` chooses where a person is reached and their quiet hours.

let db: string;
beforeAll(() => {
  db = freshDbPath('loopx-notify-');
  execFileSync(process.execPath, [LOOPX_BIN, 'init'], { env: { ...process.env, LOOPX_DB: db } });
  runLoopxJson(db, ['person', 'add', 'li', '--name', 'Li']);
});

describe('loopx person notify (the built binary)', { timeout: 60_000 }, () => {
  it('refuses a direct message before an account is linked, and quiet hours without a timezone; nothing changes', () => {
    const dm = runLoopx(db, ['person', 'notify', 'li', '--via', 'slack-dm']);
    expect(dm.code).not.toBe(0);
    expect(dm.stderr).toContain('loopx person link li --slack');
    const quiet = runLoopx(db, ['person', 'notify', 'li', '--quiet', '22:00-08:00']);
    expect(quiet.code).not.toBe(0);
    expect(quiet.stderr).toContain('--timezone');
    const bad = runLoopx(db, ['person', 'notify', 'li', '--quiet', '25:00-08:00', '--timezone', 'Asia/Shanghai']);
    expect(bad.stderr).toContain('22:00-08:00');
    expect(runLoopxJson(db, ['person', 'list']).people[0]).toMatchObject({ notify_via: null, quiet_hours: null, timezone: null });
  });

  it('links, then sets a DM, quiet hours and the timezone; says it in words', () => {
    runLoopxJson(db, ['person', 'link', 'li', '--slack', 'T0TEAM:ULI']);
    const set = runLoopx(db, ['person', 'notify', 'li', '--via', 'slack-dm', '--quiet', '22:00-08:00', '--timezone', 'Asia/Shanghai']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Li is reached by Slack direct message, quiet 22:00-08:00 (Asia/Shanghai).');
    expect(runLoopxJson(db, ['person', 'notify', 'li', '--quiet', 'off']).person).toMatchObject({ notify_via: 'slack-dm', quiet_hours: null, timezone: 'Asia/Shanghai' });
    expect(runLoopx(db, ['person', 'list']).stdout).toContain('reached by Slack direct message.');
  });
});
