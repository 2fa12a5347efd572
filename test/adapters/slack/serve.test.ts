import { afterEach, describe, expect, it } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { serveApp, type RunningServer } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { listEvents } from '../../../src/store/events.js';
import { SLACK_API, startFakeSlack, type FakeSlack } from '../../helpers/slack.js';
import { createTestApp, operator, seedGoal, unwrap } from '../../helpers/test-app.js';

describe('loopx serve with and without Slack', () => {
  let running: RunningServer | undefined;
  let slack: FakeSlack | undefined;
  afterEach(async () => {
    await running?.stop();
    slack?.close();
  });

  it('starts without chat credentials: the agent API answers and /slack/events is not mounted', async () => {
    const app = await createTestApp();
    running = await serveApp(app.deps, loadConfig({ LOOPX_DB: ':memory:', LOOPX_PORT: '0', LOOPX_DEMO: 'off' }, '/nonexistent'));
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${running.url}/slack/events`, { method: 'POST', body: 'x' })).status).not.toBe(401);
  });

  it('with Slack configured: mounts /slack/events behind the signature check and posts bound boards', async () => {
    const app = await createTestApp();
    slack = startFakeSlack(app.clock);
    const env = { LOOPX_DB: ':memory:', LOOPX_PORT: '0', LOOPX_DEMO: 'off', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_SIGNING_SECRET: 'test-signing-secret', SLACK_API_URL: SLACK_API };
    running = await serveApp(app.deps, loadConfig(env, '/nonexistent'));
    const before = listEvents(app.deps.store).length;
    const unsigned = await fetch(`${running.url}/slack/events`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'payload=%7B%7D' });
    expect(unsigned.status).toBe(401);
    expect(listEvents(app.deps.store)).toHaveLength(before);
    seedGoal(app.deps, { agents: [] });
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0CHANNEL1', purposes: ['board'] }));
    await expect.poll(() => slack!.byMethod('chat.postMessage').length, { interval: 5, timeout: 5_000 }).toBe(1);
  });

  it('answers before the chat SDK has loaded; what is committed meanwhile reaches Slack once it joins (issue 22 #2)', async () => {
    const app = await createTestApp();
    slack = startFakeSlack(app.clock);
    seedGoal(app.deps, { agents: [] });
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0CHANNEL1', purposes: ['board'] }));
    const env = { LOOPX_DB: ':memory:', LOOPX_PORT: '0', LOOPX_DEMO: 'off', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_SIGNING_SECRET: 'test-signing-secret', SLACK_API_URL: SLACK_API };
    running = await serveApp(app.deps, loadConfig(env, '/nonexistent'));
    const joined = running.chatJoined.then(() => 'joined');
    expect(await Promise.race([joined, Promise.resolve('still loading')])).toBe('still loading');
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    expect(await joined).toBe('joined');
    await expect.poll(() => slack!.byMethod('chat.postMessage').length, { interval: 5, timeout: 5_000 }).toBe(1);
  });
});
