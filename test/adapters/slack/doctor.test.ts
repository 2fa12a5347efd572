import { afterEach, describe, expect, it } from 'vitest';
import { chatDoctorChecks } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { steppedClock } from '../../helpers/clock.js';
import { SLACK_API, startFakeSlack, type FakeSlack } from '../../helpers/slack.js';

describe('loopx doctor: Slack checks', () => {
  let slack: FakeSlack | undefined;
  afterEach(() => slack?.close());

  it('checks the token, scopes, inbound mode and channel membership, and says what to fix', async () => {
    slack = startFakeSlack(steppedClock());
    const config = loadConfig({ LOOPX_DB: ':memory:', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_API_URL: SLACK_API }, '/nonexistent');
    const checks = await chatDoctorChecks(config, ['C0CHANNEL1', 'C0OUTSIDE']);
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['slack token', true],
      ['slack scopes', true],
      ['slack crash-safe posts', true],
      ['slack direct messages', true],
      ['slack inbound', false],
      ['slack channel C0CHANNEL1', true],
      ['slack channel C0OUTSIDE', false],
      ['lark', true],
    ]);
    expect(checks.find((c) => c.name === 'slack inbound')?.fix).toContain('SLACK_SIGNING_SECRET');
    expect(checks.find((c) => c.name === 'slack channel C0OUTSIDE')?.fix).toContain('/invite');
  });

  it('says when a crash mid-post could show a card twice, and which scopes fix it', async () => {
    slack = startFakeSlack(steppedClock(), { scopes: 'chat:write,commands,channels:history' });
    const config = loadConfig({ LOOPX_DB: ':memory:', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_API_URL: SLACK_API, SLACK_SIGNING_SECRET: 'signing-secret' }, '/nonexistent');
    const check = (await chatDoctorChecks(config, [])).find((c) => c.name === 'slack crash-safe posts');
    expect(check).toMatchObject({ ok: false, detail: expect.stringContaining('missing groups:history') });
    expect(check?.fix).toContain('reinstall');
  });

  it('says when direct messages cannot be sent (no im:write) and how to fix it', async () => {
    slack = startFakeSlack(steppedClock(), { scopes: 'chat:write,commands,channels:history,groups:history' });
    const config = loadConfig({ LOOPX_DB: ':memory:', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_API_URL: SLACK_API, SLACK_SIGNING_SECRET: 'signing-secret' }, '/nonexistent');
    const check = (await chatDoctorChecks(config, [])).find((c) => c.name === 'slack direct messages');
    expect(check).toMatchObject({ ok: false, detail: expect.stringContaining('missing im:write') });
    expect(check?.fix).toContain('im:write');
  });

  it('says Slack is optional when no token is set', async () => {
    const checks = await chatDoctorChecks(loadConfig({ LOOPX_DB: ':memory:' }, '/nonexistent'), []);
    expect(checks).toEqual([
      { name: 'slack', ok: true, detail: expect.stringContaining('not configured') },
      { name: 'lark', ok: true, detail: expect.stringContaining('not configured') },
    ]);
  });
});
