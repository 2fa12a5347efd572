import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, LOOPX_BIN, runLoopx, runLoopxJson } from '../helpers/cli.js';

// Issue 16 #2: who reads what. A person reads their own language; a bound chat reads the binding's.

let db: string;
beforeAll(() => {
  db = freshDbPath('loopx-locale-');
  execFileSync(process.execPath, [LOOPX_BIN, 'init'], { env: { ...process.env, LOOPX_DB: db } });
  runLoopxJson(db, ['person', 'add', 'ana', '--name', 'Ana']);
  runLoopxJson(db, ['goal', 'add', 'demo', '--title', 'Demo', '--objective', 'Ship', '--owner', 'ana']);
});

function bind(args: readonly string[], env: Record<string, string>): any {
  const run = runLoopx(db, ['goal', 'bind', 'demo', ...args, '--json'], env);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).binding;
}

describe('loopx person add|update --locale and goal bind --locale (the built binary)', { timeout: 60_000 }, () => {
  it('stores a person\'s locale, changes it, and refuses an unknown one without writing', () => {
    expect(runLoopxJson(db, ['person', 'add', 'li', '--name', '李雷', '--locale', 'zh-CN']).person).toMatchObject({ locale: 'zh-CN' });
    const update = runLoopx(db, ['person', 'update', 'li', '--locale', 'en']);
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain('李雷 reads English (en).');
    const bad = runLoopx(db, ['person', 'update', 'li', '--locale', 'zh']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--locale is one of en, zh-CN');
    expect(runLoopx(db, ['person', 'add', 'bo', '--name', 'Bo', '--locale', 'fr']).code).not.toBe(0);
    const people = runLoopxJson(db, ['person', 'list']).people;
    expect(people.find((p: { id: string }) => p.id === 'li')).toMatchObject({ locale: 'en' });
    expect(people.some((p: { id: string }) => p.id === 'bo')).toBe(false);
  });

  it('defaults a binding to zh-CN on Feishu, en on Lark international and Slack; --locale overrides', () => {
    expect(bind(['--lark', 'oc_feishu1'], { LARK_DOMAIN: 'feishu' })).toMatchObject({ locale: 'zh-CN' });
    expect(bind(['--lark', 'oc_larksuite1'], { LARK_DOMAIN: 'lark' })).toMatchObject({ locale: 'en' });
    expect(bind(['--slack', 'C0123ABCDEF'], { LARK_DOMAIN: 'feishu' })).toMatchObject({ locale: 'en' });
    expect(bind(['--slack', 'C0123ABCDEF', '--locale', 'zh-CN'], {})).toMatchObject({ locale: 'zh-CN' });
    const bad = runLoopx(db, ['goal', 'bind', 'demo', '--lark', 'oc_x2', '--locale', 'zh-TW']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--locale is one of en, zh-CN');
    const words = runLoopx(db, ['goal', 'bind', 'demo', '--lark', 'oc_feishu1'], { LARK_DOMAIN: 'feishu' });
    expect(words.stdout).toContain('cards in Simplified Chinese');
  });

  it('binds a Lark chat in both languages with --bilingual, and refuses it for Slack without writing', () => {
    expect(bind(['--lark', 'oc_both1', '--locale', 'zh-CN', '--bilingual'], {})).toMatchObject({ locale: 'zh-CN', bilingual: true });
    const words = runLoopx(db, ['goal', 'bind', 'demo', '--lark', 'oc_both1', '--locale', 'zh-CN', '--bilingual']);
    expect(words.stdout).toContain('cards in Simplified Chinese, in English for readers whose Lark is set to it');
    expect(bind(['--lark', 'oc_both1', '--locale', 'zh-CN'], {})).not.toHaveProperty('bilingual');
    const slack = runLoopx(db, ['goal', 'bind', 'demo', '--slack', 'C0BOTH0001', '--bilingual']);
    expect(slack.code).not.toBe(0);
    expect(slack.stderr).toContain('--bilingual is for Lark chats');
    const bindings = runLoopxJson(db, ['goal', 'bindings', 'demo']).bindings;
    expect(bindings.some((b: { destination: string }) => b.destination === 'C0BOTH0001')).toBe(false);
  });
});
