import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/app/agents/standard-webhooks.js';
import { freshDbPath, LOOPX_BIN, runLoopx, runLoopxJson } from '../helpers/cli.js';
import { startWakeReceiver, type WakeReceiver } from '../helpers/wake-receiver.js';

// `loopx agent wake set|test|show|clear` from the built binary (issue 17 #3). `test` runs asynchronously: the
// receiver lives in this process and must be free to answer.

const run = promisify(execFile);
let db: string;
let receiver: WakeReceiver;

beforeEach(async () => {
  db = freshDbPath('loopx-wake-');
  runLoopxJson(db, ['init']);
  runLoopxJson(db, ['goal', 'add', 'blog', '--title', 'Blog', '--objective', 'Publish']);
  runLoopxJson(db, ['agent', 'add', 'writer', '--goal', 'blog']);
  receiver = await startWakeReceiver();
});
afterEach(() => receiver.close());

describe('loopx agent wake', { timeout: 60_000 }, () => {
  it('sets a URL (secret once), sends a signed test wake, shows and clears it', async () => {
    const set = runLoopxJson(db, ['agent', 'wake', 'set', 'writer', '--url', receiver.url]);
    expect(set.wake).toMatchObject({ agent_id: 'writer', url: receiver.url, secret: expect.stringMatching(/^whsec_/) });
    const tested = await run(process.execPath, [LOOPX_BIN, 'agent', 'wake', 'test', 'writer'], { env: { ...process.env, LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent' } });
    expect(tested.stdout).toMatch(/^Delivered a test wake to http:\/\/127\.0\.0\.1:\d+\/wake: HTTP 204 in \d+ ms\./);
    const wake = await receiver.nth(1);
    expect(verifyWebhook(set.wake.secret, wake.headers, wake.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(wake.body)).toMatchObject({ type: 'wake.test', data: { agent_id: 'writer' } });
    const shown = runLoopxJson(db, ['agent', 'wake', 'show', 'writer']);
    expect(shown.wake.secret).toBeUndefined();
    expect(runLoopxJson(db, ['agent', 'wake', 'clear', 'writer'])).toMatchObject({ removed: true });
    const gone = runLoopx(db, ['agent', 'wake', 'show', 'writer']);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('loopx agent wake set writer --url');
  });

  it('a receiver that refuses is a typed failure saying what to check, exit 4', async () => {
    runLoopxJson(db, ['agent', 'wake', 'set', 'writer', '--url', receiver.url]);
    receiver.down();
    const failed = await run(process.execPath, [LOOPX_BIN, 'agent', 'wake', 'test', 'writer'], { env: { ...process.env, LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent' } }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 4, stderr: expect.stringContaining('HTTP 503') });
    const bad = runLoopx(db, ['agent', 'wake', 'set', 'writer', '--url', 'not a url']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('http(s) URL');
  });
});
