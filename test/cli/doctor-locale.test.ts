import { afterEach, describe, expect, it } from 'vitest';
import { chatDoctorChecks } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { translator } from '../../cards/i18n/index.js';
import { steppedClock } from '../helpers/clock.js';
import { freshDbPath, runLoopx } from '../helpers/cli.js';
import { SLACK_API, startFakeSlack, type FakeSlack } from '../helpers/slack.js';

// Issue 16 #1: doctor's advice and the demo speak the operator's language (LOOPX_LOCALE, else the terminal's LANG);
// doctor's --json stays English (wire).

/** Names of the platforms' own settings pages and features, which their consoles show in English. */
const PLATFORM_TERMS = ['Socket Mode', 'Bot User OAuth Token', 'OAuth & Permissions', 'App ID', 'App Secret'];

/** An English sentence left in a Chinese text: two English words in a row, outside `commands`, paths, setting names and platform terms. */
function englishIn(text: string): string[] {
  const prose = PLATFORM_TERMS.reduce((t, term) => t.replaceAll(term, ' '), text)
    .replace(/`[^`]*`/g, ' ')
    .replace(/(?:\/[\w.@-]+)+/g, ' ')
    .replace(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g, ' ')
    .replace(/\b[\w.-]+:[\w.:-]+\b/g, ' ');
  return [...prose.matchAll(/\b[A-Za-z]{2,} [A-Za-z]{2,}\b/g)].map((m) => m[0]);
}

describe('loopx doctor in the operator language', () => {
  let slack: FakeSlack | undefined;
  afterEach(() => slack?.close());

  it('says every check and fix in Chinese with LOOPX_LOCALE=zh-CN, and keeps --json English', () => {
    const db = freshDbPath();
    expect(runLoopx(db, ['init']).code).toBe(0);
    const zh = runLoopx(db, ['doctor'], { LOOPX_LOCALE: 'zh-CN' });
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stdout).toContain('数据库');
    expect(zh.stdout).toContain('正常');
    expect(englishIn(zh.stdout)).toEqual([]);
    const json = JSON.parse(runLoopx(db, ['doctor', '--json'], { LOOPX_LOCALE: 'zh-CN' }).stdout);
    expect(json.checks.find((c: { name: string }) => c.name === 'migrations')).toMatchObject({ ok: true, detail: 'up to date' });
  });

  it('follows the terminal language (LANG=zh_CN.UTF-8) and says the fix in Chinese when a check fails', () => {
    const missing = freshDbPath();
    const zh = runLoopx(missing, ['doctor'], { LANG: 'zh_CN.UTF-8', LC_ALL: '', LOOPX_LOCALE: '' });
    expect(zh.code).toBe(4);
    expect(zh.stdout).toContain('失败');
    expect(zh.stdout).toContain('loopx init');
    expect(englishIn(zh.stdout)).toEqual([]);
    const en = runLoopx(missing, ['doctor'], { LANG: 'C.UTF-8', LC_ALL: '', LOOPX_LOCALE: '' });
    expect(en.stdout).toContain('no database at');
  });

  it('says the Slack and Lark checks in Chinese', async () => {
    slack = startFakeSlack(steppedClock(), { scopes: 'chat:write,commands' });
    const config = loadConfig({ LOOPX_DB: ':memory:', SLACK_BOT_TOKEN: 'xoxb-test', SLACK_API_URL: SLACK_API }, '/nonexistent');
    const checks = await chatDoctorChecks(config, ['C0CHANNEL1', 'C0OUTSIDE'], [], [], translator('zh-CN'));
    const text = checks.map((c) => `${c.name}: ${c.detail} ${c.fix ?? ''}`).join('\n');
    expect(text).toContain('Slack');
    expect(checks.find((c) => c.ok === false)?.fix).toMatch(/[\u4e00-\u9fff]/);
    expect(englishIn(text)).toEqual([]);
  });

  it('seeds the demo in the operator language: `loopx demo` with LOOPX_LOCALE=zh-CN makes a Chinese goal', () => {
    const db = freshDbPath();
    const seeded = runLoopx(db, ['demo', '--json'], { LOOPX_LOCALE: 'zh-CN' });
    expect(seeded.code, seeded.stderr).toBe(0);
    const goals = JSON.parse(runLoopx(db, ['goal', 'list', '--json']).stdout).goals as { id: string; title: string }[];
    expect(goals).toEqual([expect.objectContaining({ id: 'demo', title: '发布 LoopX 博客文章' })]);
  });
});
