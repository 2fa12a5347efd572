import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/app/demo.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { askGate } from '../../../src/app/gates.js';
import { addPerson, setPersonLocale } from '../../../src/app/people.js';
import { listGates } from '../../../src/app/queries/gates.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { asPerson } from '../../app/gate-fixture.js';
import { asAgent, createTestApp, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

// Issue 16: a Chinese reader of the web board (signed in as a zh-CN person, or anonymous with a Chinese browser)
// meets no English word except the names and ids people typed (goal titles, questions, todo texts, names, ids).

let app: TestApp;
let server: WebTestServer;
let gateId: string;
let cookie: string;
let weiCookie: string;

async function signIn(personId: string): Promise<string> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  return cookiePair((await postForm(server.url, '/login', { token: link.token })).headers.get('set-cookie'));
}

beforeAll(async () => {
  app = await createTestApp();
  unwrap(seedDemo(app.deps, operator));
  gateId = listGates(app.deps.store, 'demo')[0]?.id ?? '';
  // A decided gate with a decision scope leaves a standing grant: the gate page lists it.
  const scoped = unwrap(askGate(app.deps, asAgent('writer'), 'demo', { question: 'May I post on the blog?', blocks: { agent: 'writer' }, decisionScope: 'publish:goal:blog' })).gate;
  unwrap(decideGate(app.deps, asPerson('ana'), scoped.id, { choice: 'approve', revision: 1, via: 'slack' }));
  unwrap(setPersonLocale(app.deps, operator, 'ana', 'zh-CN'));
  unwrap(addPerson(app.deps, operator, { id: 'wei', name: '王伟', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  server = await startWebServer(app.deps);
  cookie = await signIn('ana');
  weiCookie = await signIn('wei');
});
afterAll(() => server.close());

/** Everything people typed into LoopX: titles, objectives, texts, questions, names, ids, scopes. */
function typedByPeople(): string[] {
  const columns: Record<string, string[]> = {
    goals: ['id', 'title', 'objective'],
    people: ['id', 'name'],
    agents: ['id', 'name'],
    todos: ['id', 'text', 'blocked_reason', 'no_followup'],
    evidence: ['summary', 'url'],
    gates: ['id', 'question', 'context', 'decision_scope'],
    gate_grants: ['id', 'scope'],
  };
  const values = Object.entries(columns).flatMap(([table, names]) =>
    names.flatMap((name) => (app.deps.store.sqlite.prepare(`select ${name} as v from ${table}`).all() as { v: string | null }[]).map((r) => r.v ?? '')),
  );
  return [...new Set(values.filter((v) => v.length > 1))].sort((a, b) => b.length - a.length);
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The words a reader sees (text, titles, labels), without commands (<code>, `…`, loopx …), raw events (<pre>), or what people typed. */
function readerText(page: string): string {
  const labels = [...page.matchAll(/\s(?:aria-label|alt|placeholder)="([^"]*)"/g)].map((m) => m[1] ?? '');
  const text = [page.replace(/<(script|style|code|pre)\b[^>]*>[^]*?<\/\1>/g, ' '), ...labels]
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/`[^`]*`/g, ' ')
    .replace(/\bloopx( [a-z][a-z-]*)+/g, ' ');
  return typedByPeople()
    .reduce((left, typed) => left.split(typed).join(' · '), text)
    .replace(/\bLoopX\b/g, ' ');
}

/** Two English words in a row: a sentence the catalog did not translate. */
function englishIn(page: string): string[] {
  return [...readerText(page).matchAll(/[A-Za-z]{2,} [A-Za-z]{2,}/g)].map((m) => m[0]);
}

async function zhPage(path: string, signedIn: boolean): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = signedIn ? { cookie, 'accept-language': 'en-US' } : { 'accept-language': 'zh-CN,zh;q=0.9' };
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

describe('the web board in Chinese', () => {
  const pages = () => ['/', '/goals/demo', `/gates/${gateId}`, '/digest', '/audit', '/login?token=lpxl_x', '/goals/nope'];

  it.each([
    ['a signed-in zh-CN person', true],
    ['an anonymous reader whose browser asks for Chinese', false],
  ])('%s reads every page in Chinese', async (_who, signedIn) => {
    for (const path of pages()) {
      const page = await zhPage(path, signedIn);
      expect(page.text, path).toContain('<html lang="zh-CN">');
      expect(englishIn(page.text), path).toEqual([]);
    }
  });

  it('names the chrome, headings, forms and charts in Chinese', async () => {
    const board = (await zhPage('/', true)).text;
    expect(board).toContain('<h1>看板</h1>');
    expect(board).toContain('>摘要预览</a>');
    expect(board).toContain('已登录：<strong>Ana</strong>');
    expect(board).toContain('>退出登录</button>');
    expect(board).toMatch(/<title id="lanes-demo">泳道：待办 \d+，/);
    const goal = (await zhPage('/goals/demo', true)).text;
    expect(goal).toContain('<h2>证据时间线</h2>');
    expect(goal).toContain('<summary>数据</summary>');
    expect(goal).toContain('理由 <span class="hint">（拒绝时必填）</span>');
    expect((await zhPage('/goals/demo', false)).text).toContain('只读：');
    expect((await zhPage(`/gates/${gateId}`, true)).text).toContain('<h2>长期授权</h2>');
    expect((await zhPage('/audit', true)).text).toContain('<h1>审计记录</h1>');
    expect((await zhPage('/login?token=lpxl_x', false)).text).toContain('>登录</button>');
    const missing = await zhPage('/goals/nope', true);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<h1>未找到目标</h1>');
  });

  it('tells the audit trail and a gate\'s history in Chinese sentences', async () => {
    const audit = (await zhPage('/audit', true)).text;
    expect(audit).toContain('<p class="sentence">writer 提问 “May I publish the launch post on the company blog?”</p>');
    expect(audit).toContain('<p class="sentence">Ana 已批准 “May I post on the blog?”（来自 slack）</p>');
    expect(audit).toContain('<p class="sentence">cli 添加了待办 “Review the draft for accuracy”</p>');
    expect(audit).toMatch(/<p class="sentence">Ana：[^<a-zA-Z]+<\/p>/);
    expect((await zhPage(`/gates/${gateId}`, false)).text).toContain('writer 提问 “May I publish the launch post on the company blog?”');
  });

  it('writes times in the reader\'s timezone and Chinese date format, never bare UTC ISO', async () => {
    const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { cookie: weiCookie } })).text();
    const goal = await get('/goals/demo');
    expect(goal).toContain('<dt>时区</dt><dd>Asia/Shanghai</dd>');
    expect(goal).toMatch(/租约至 1月5日 1\d:\d\d（v1）/);
    expect(goal).toMatch(/<span class="meta">1月5日 1\d:\d\d · 报告人 writer/);
    const audit = await get('/audit');
    expect(audit).toContain('时间为 Asia/Shanghai');
    expect(audit).toMatch(/<p class="meta">2026\/01\/05 1\d:\d\d（Asia\/Shanghai） · Launch the LoopX blog post<\/p>/);
    expect(audit).not.toContain(' UTC');
    expect(await get(`/gates/${gateId}`)).toMatch(/有效至 2026\/\d\d\/\d\d \d\d:\d\d（Asia\/Shanghai）/);
  });

  it('answers a refused form, a used login link and a missing page in Chinese', async () => {
    const zh = { headers: { 'accept-language': 'zh-CN' } };
    const decide = await postForm(server.url, '/decide', { action: '{}' }, zh);
    const text = await decide.text();
    expect(decide.status).toBe(401);
    expect(text).toContain('<h1>登录后才能决定</h1>');
    const login = await (await postForm(server.url, '/login', { token: 'lpxl_used' }, zh)).text();
    expect(login).toContain('<h1>登录失败</h1>');
    const missing = await (await fetch(`${server.url}/nowhere`, zh)).text();
    expect(missing).toContain('<h1>未找到</h1>');
    for (const page of [text, login, missing]) expect(englishIn(page)).toEqual([]);
  });

  it('asks a Chinese reader to sign in, in Chinese, when the board is reachable from other machines', async () => {
    const open = await startWebServer(app.deps, { LOOPX_HOST: '0.0.0.0' });
    try {
      const response = await fetch(`${open.url}/`, { headers: { 'accept-language': 'zh-CN' } });
      const text = await response.text();
      expect(response.status).toBe(401);
      expect(text).toContain('<h1>需要登录</h1>');
      expect(englishIn(text)).toEqual([]);
    } finally {
      await open.close();
    }
  });
});
