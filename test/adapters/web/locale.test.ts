import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askGate } from '../../../src/app/gates.js';
import { setPersonLocale } from '../../../src/app/people.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { localeFromAcceptLanguage } from '../../../src/kernel/locale.js';
import { gateApp } from '../../app/gate-fixture.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

// Issue 16 #2: the web board's cards follow the signed-in person's language, else the browser's Accept-Language.

let app: TestApp;
let server: WebTestServer;

beforeEach(async () => {
  app = await gateApp();
  unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I email the list?', blocks: { agent: 'a1' }, approvers: ['ana'] }));
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

async function page(path: string, headers: Record<string, string>): Promise<string> {
  return (await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })).text();
}

async function sessionOf(personId: string): Promise<string> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  return cookiePair((await postForm(server.url, '/login', { token: link.token })).headers.get('set-cookie'));
}

describe('the web board in the reader\'s language', () => {
  it('reads Accept-Language: q-values, any Chinese tag, English by default', () => {
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,zh;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('fr;q=1, zh-Hans;q=0.5')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('de, en;q=0')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });

  it('an anonymous reader whose browser asks for Chinese gets Chinese cards and <html lang="zh-CN">', async () => {
    const zh = await page('/', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('待你处理');
    expect(zh).toContain('批准');
    const en = await page('/', { 'accept-language': 'en-GB' });
    expect(en).toContain('Needs you');
    expect(en).not.toContain('待你处理');
  });

  it('a signed-in person\'s own locale wins over the browser\'s', async () => {
    unwrap(setPersonLocale(app.deps, operator, 'ana', 'zh-CN'));
    const cookie = await sessionOf('ana');
    const board = await page('/', { cookie, 'accept-language': 'en-US' });
    expect(board).toContain('<html lang="zh-CN">');
    expect(board).toContain('批准');
    expect(board).not.toMatch(/>Approve</);
  });
});
