import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { larkDoctorChecks } from '../../../adapters/lark/doctor.js';
import { createLarkApi } from '../../../adapters/lark/sdk.js';
import { LARK_TEST_BASE, startFakeLark, type FakeLark } from '../../helpers/lark-api.js';

let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());
beforeEach(() => lark.reset());

const appInfo = (events: string[], callbacks: string[]) => ({ body: { code: 0, msg: 'ok', data: { app: { app_id: 'cli_test', event: { subscribed_events: events }, callback: { subscribed_callbacks: callbacks } } } } });

function checks(secret = 'secret-ok', chats: string[] = ['oc_in', 'oc_out']) {
  const api = createLarkApi({ appId: 'cli_test', appSecret: secret, domain: LARK_TEST_BASE });
  return larkDoctorChecks({ api, domain: LARK_TEST_BASE, mode: 'ws', chats });
}

describe('loopx doctor: Lark checks', () => {
  it('passes with good credentials, both subscriptions and the bot in the bound chat', async () => {
    lark.script('GET /open-apis/application/v6/applications/cli_test', appInfo(['im.message.receive_v1'], ['card.action.trigger']));
    lark.script('GET /open-apis/im/v1/chats/oc_in/members/is_in_chat', { body: { code: 0, data: { is_in_chat: true } } });
    const result = await checks('secret-ok', ['oc_in']);
    expect(result.map((c) => [c.name, c.ok])).toEqual([
      ['lark credentials', true],
      ['lark subscriptions', true],
      ['lark chat oc_in', true],
    ]);
  });

  it('says which credentials to fix when Lark refuses the tenant token, and stops there', async () => {
    const result = await checks('wrong-secret');
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ name: 'lark credentials', ok: false, detail: expect.stringContaining('10014') });
    expect(result[0]?.fix).toContain('LARK_APP_SECRET');
  });

  it('names a missing card.action.trigger subscription and a chat the bot is not in', async () => {
    lark.script('GET /open-apis/application/v6/applications/cli_test', appInfo(['im.message.receive_v1'], []));
    lark.script('GET /open-apis/im/v1/chats/oc_in/members/is_in_chat', { body: { code: 0, data: { is_in_chat: true } } });
    lark.script('GET /open-apis/im/v1/chats/oc_out/members/is_in_chat', { body: { code: 0, data: { is_in_chat: false } } });
    const result = await checks();
    const subscriptions = result.find((c) => c.name === 'lark subscriptions');
    expect(subscriptions).toMatchObject({ ok: false, detail: expect.stringContaining('card.action.trigger') });
    expect(subscriptions?.fix).toContain('long connection');
    expect(result.find((c) => c.name === 'lark chat oc_out')).toMatchObject({ ok: false, fix: expect.stringContaining('Add bot') });
    expect(result.find((c) => c.name === 'lark chat oc_in')?.ok).toBe(true);
  });

  it('fails the subscription check with a way forward when the app may not read its own info', async () => {
    lark.script('GET /open-apis/application/v6/applications/cli_test', { status: 400, body: { code: 99991672, msg: 'Access denied. One of the following scopes is required' } });
    const result = await checks('secret-ok', []);
    expect(result.find((c) => c.name === 'lark subscriptions')).toMatchObject({ ok: false, fix: expect.stringContaining('card.action.trigger') });
  });
});

describe('loopx doctor (the built binary) without and with broken Lark settings', () => {
  const bin = join(process.cwd(), 'dist/cli/loopx.js');
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [bin, 'doctor', '--json'], { env: { ...process.env, LOOPX_DB: join(mkdtempSync(join(tmpdir(), 'loopx-lark-')), 'db'), LOOPX_LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', cwd: tmpdir() });

  it('reports Lark as not configured and still passes the Lark line', () => {
    const result = run({});
    const lines = JSON.parse(result.stdout).checks;
    expect(lines.find((c: { name: string }) => c.name === 'lark')).toMatchObject({ ok: true, detail: expect.stringContaining('not configured') });
  });

  it('refuses to start in webhook mode without an encrypt key (exit 4, names the key)', () => {
    const result = run({ LARK_APP_ID: 'cli_x', LARK_APP_SECRET: 's', LARK_MODE: 'webhook', LARK_VERIFICATION_TOKEN: 'v' });
    expect(result.status).toBe(4);
    expect(result.stderr + result.stdout).toContain('LARK_ENCRYPT_KEY');
  });
});
