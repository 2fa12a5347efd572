import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgent } from '../../src/app/agents.js';
import { addEvidence } from '../../src/app/evidence.js';
import { askGate } from '../../src/app/gates.js';
import { addGoal } from '../../src/app/goals.js';
import { claimTodo } from '../../src/app/leases.js';
import { addPerson } from '../../src/app/people.js';
import { findGate } from '../../src/app/queries/gates.js';
import { addTodo } from '../../src/app/todos.js';
import { issueLoginLink } from '../../src/app/web-sessions.js';
import { listEvents } from '../../src/store/events.js';
import { launchChromium } from '../helpers/browser.js';
import { asAgent, createTestApp, operator, unwrap, type TestApp } from '../helpers/test-app.js';
import { saveScreenshot } from '../helpers/screenshots.js';
import { startWebServer, type WebTestServer } from '../helpers/web.js';

// Issue 16 #5 in a real browser: a zh-CN person signs in with the Chinese 登录 button, reads the board in Chinese and
// approves with 批准. The screenshot (Debian's fonts-noto-cjk draws the Chinese) goes to docs/img for docs/web-board.md.

let app: TestApp;
let server: WebTestServer;
let browser: Browser;
let gateId: string;

beforeAll(async () => {
  app = await createTestApp({ start: '2026-03-09T06:02:00.000Z' });
  unwrap(addPerson(app.deps, operator, { id: 'wei', name: '王伟', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  unwrap(addGoal(app.deps, operator, { id: 'launch', title: '发布新版官网', objective: '上线新版官网，并附上更新日志。', owners: ['wei'], timezone: 'Asia/Shanghai' }));
  unwrap(addAgent(app.deps, operator, { id: 'writer', goalId: 'launch', signing: false }));
  const draft = unwrap(addTodo(app.deps, asAgent('writer'), 'launch', { text: '撰写发布公告', priority: 'P1' }, { claim: true })).todo;
  unwrap(addEvidence(app.deps, asAgent('writer'), { goalId: 'launch', todoId: draft.id, kind: 'doc', summary: '公告初稿（1200 字）', url: 'https://example.com/drafts/launch', deliveryOutcome: 'outcome_progress' }));
  const screenshots = unwrap(addTodo(app.deps, operator, 'launch', { text: '截取三张看板截图' })).todo;
  unwrap(claimTodo(app.deps, asAgent('writer'), screenshots.id));
  unwrap(addTodo(app.deps, operator, 'launch', { text: '编写更新日志', priority: 'P3' }));
  const publish = unwrap(addTodo(app.deps, operator, 'launch', { text: '在官网发布公告', priority: 'P1' })).todo;
  gateId = unwrap(askGate(app.deps, asAgent('writer'), 'launch', { question: '可以在公司官网发布这篇公告吗？', context: '初稿已通过链接检查；发布后公开且难以撤回。', blocks: { todoIds: [publish.id] } })).gate.id;
  server = await startWebServer(app.deps);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the web board in Chinese, in a real browser', () => {
  it('a zh-CN person signs in with 登录, reads the board in Chinese and approves with 批准', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const link = unwrap(issueLoginLink(app.deps, operator, 'wei', { loginLinkMinutes: 15, sessionHours: 12 }));
    await page.goto(`${server.url}/login?token=${link.token}`);
    expect(await page.locator('h1').textContent()).toBe('登录 LoopX');
    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: '登录' }).click()]);

    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.locator('h1').textContent()).toBe('看板');
    expect(await page.locator('header.top').textContent()).toContain('已登录：王伟');
    await expect.poll(() => page.locator('#needs-you').textContent()).toBe('待你处理 1');
    const needsYou = page.locator('section[aria-labelledby="needs-you"]');
    await expect.poll(() => needsYou.getByRole('button', { name: '批准' }).isVisible()).toBe(true);
    expect(await needsYou.getByRole('button', { name: '拒绝' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '摘要预览' }).isVisible()).toBe(true);
    await saveScreenshot('web-board-zh-CN.png', (path) => page.screenshot({ path, fullPage: true }));

    await Promise.all([page.waitForURL(`${server.url}/`), needsYou.getByRole('button', { name: '批准' }).click()]);
    await expect.poll(() => page.locator('#needs-you').textContent()).toBe('待你处理 0');
    expect(await needsYou.textContent()).toContain('目前没有需要你处理的事。');
    await page.goto(`${server.url}/gates/${gateId}`);
    expect(await page.locator('main').textContent()).toMatch(/已批准，决定人 王伟/);
    expect(await page.locator('main').textContent()).toContain('王伟 已批准 “可以在公司官网发布这篇公告吗？”（来自 web）');

    expect(findGate(app.deps.store, gateId)?.state).toBe('approved');
    const decided = listEvents(app.deps.store).find((e) => e.type === 'gate.decided');
    expect(decided?.actor).toBe('person:wei');
    expect(JSON.parse(decided?.payload ?? '{}')).toMatchObject({ outcome: 'approved', via: 'web' });
    await context.close();
  }, 60_000);
});
