import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliContext } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { loadConfig } from '../../src/config.js';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';
import { LARK_TEST_BASE, startFakeLark, type FakeLark } from '../helpers/lark-api.js';
import { installFakeBase } from '../helpers/lark-base.js';
import { LARK_SECRETS } from '../helpers/lark-signing.js';
import { createTestApp, operator, seedGoal } from '../helpers/test-app.js';

let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

const bind = COMMANDS.find((c) => c.path.join(' ') === 'goal bind')!;

/** A CLI context on a test app with goal `demo` and the Lark app configured, binding a fresh fake Base `appToken`. */
async function baseCli(appToken: string, name: string, flags: Record<string, string>): Promise<CliContext> {
  const app = await createTestApp();
  seedGoal(app.deps, { agents: ['a1'] });
  installFakeBase(lark, () => app.clock.now().getTime()).addApp(appToken, name);
  const config = loadConfig({ LOOPX_DB: ':memory:', LARK_APP_ID: LARK_SECRETS.appId, LARK_APP_SECRET: 'secret-ok', LARK_DOMAIN: LARK_TEST_BASE }, tmpdir());
  return { config, actor: operator.actor, origin: operator, positionals: ['demo'], flags: { 'lark-base': appToken, ...flags }, openApp: async () => app.deps, print: () => undefined };
}

describe('loopx goal bind --lark-base', () => {
  it('sets the table up through the Lark app and answers what it created, in words and as JSON', async () => {
    const ctx = await baseCli('bascnCliTest0001', 'Ops board', {});
    const result = await bind.run(ctx);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.text).toContain('Bound demo to the Lark Base "Ops board"');
    expect(result.value.text).toContain('Added views: LoopX Kanban, Needs you.');
    expect(result.value.text).toContain('(created "LoopX todos"), in English.');
    expect(bind.output.parse(result.value.data)).toMatchObject({ schema_version: 1, base: { goal_id: 'demo', app_token: 'bascnCliTest0001', locale: 'en', created_table: true, change_events: true } });
    const list = COMMANDS.find((c) => c.path.join(' ') === 'goal bindings')!;
    const listed = await list.run({ ...ctx, positionals: [], flags: {} });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(list.output.parse(listed.value.data)).toMatchObject({ bindings: [], bases: [{ goal_id: 'demo', app_token: 'bascnCliTest0001', name: 'Ops board', locale: 'en' }] });
    expect(listed.value.text).toContain('lark base  bascnCliTest0001/tbl');
  });

  it('--locale zh-CN creates the table in Chinese and says so, in words and as JSON; a locale LoopX does not speak is refused', async () => {
    const ctx = await baseCli('bascnCliTest0002', '团队看板', { locale: 'zh-CN' });
    const result = await bind.run(ctx);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.text).toContain('(created "LoopX 待办"), in Simplified Chinese.');
    expect(result.value.text).toContain('Added views: LoopX 看板, 需要你处理.');
    expect(bind.output.parse(result.value.data)).toMatchObject({ base: { locale: 'zh-CN', created_table: true } });
    const french = await bind.run({ ...ctx, flags: { 'lark-base': 'bascnCliTest0002', locale: 'fr' } });
    expect(french.ok ? null : french.error).toMatchObject({ code: 'invalid_request', details: { field: 'locale' } });
  });

  it('says what to set when the Lark app is not configured, and refuses two destinations at once', () => {
    const db = freshDbPath();
    runLoopxJson(db, ['init']);
    const noLark = runLoopx(db, ['goal', 'bind', 'demo', '--lark-base', 'bascnCliTest0001'], { LARK_APP_ID: '', LARK_APP_SECRET: '' });
    expect(noLark.code).toBe(4);
    expect(noLark.stderr).toContain('set LARK_APP_ID and LARK_APP_SECRET');
    const both = runLoopx(db, ['goal', 'bind', 'demo', '--slack', 'C0123ABCDEF', '--lark-base', 'bascnCliTest0001']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give exactly one of');
    const purpose = runLoopx(db, ['goal', 'bind', 'demo', '--lark-base', 'bascnCliTest0001', '--purpose', 'board']);
    expect(purpose.code).toBe(2);
    expect(purpose.stderr).toContain('--purpose apply to chat bindings only');
  });
});
