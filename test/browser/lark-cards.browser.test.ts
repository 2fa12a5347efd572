import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgent } from '../../src/app/agents.js';
import { bindGoal } from '../../src/app/bindings.js';
import { askGate } from '../../src/app/gates.js';
import { addGoal } from '../../src/app/goals.js';
import { claimTodo } from '../../src/app/leases.js';
import { addPerson, linkPerson, setReach } from '../../src/app/people.js';
import { addTodo } from '../../src/app/todos.js';
import { findChromium } from '../setup/ensure-chromium.mjs';
import { startFakeLark, type FakeLark } from '../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../helpers/lark-harness.js';
import { larkCardPreview } from '../helpers/lark-preview.js';
import { saveScreenshot } from '../helpers/screenshots.js';
import { asAgent, createTestApp, operator, unwrap, type TestApp } from '../helpers/test-app.js';

// Issue 16 #6: docs/lark-setup.md shows the cards a Chinese Feishu group receives. A Feishu client cannot run here,
// so the pictures are drawn from the exact JSON LoopX posted to the (faked) Lark API, as a client set to Chinese —
// and, for a bilingual chat, as one set to English — would show it.
const CHROMIUM = findChromium();
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CHAT = 'oc_launchgroup';

let lark: FakeLark;
let app: TestApp;
let harness: LarkHarness;
let context: BrowserContext;
let profile: string;

/** A Feishu group working on a launch post: two todos, one being written, and a high-risk question for 李雷. */
async function seedLaunch(): Promise<void> {
  const { deps } = app;
  unwrap(addPerson(deps, operator, { id: 'li', name: '李雷', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  unwrap(linkPerson(deps, operator, 'li', 'lark', 'tenant1:ou_li'));
  unwrap(setReach(deps, operator, 'li', { via: 'channel' }));
  unwrap(addGoal(deps, operator, { id: 'launch', title: '发布会文章', objective: '带着基准测试结果发布发布会文章', owners: ['li'], timezone: 'Asia/Shanghai' }));
  unwrap(addAgent(deps, operator, { id: 'writer', goalId: 'launch' }));
  unwrap(addTodo(deps, operator, 'launch', { text: '整理更新日志' }));
  const draft = unwrap(addTodo(deps, operator, 'launch', { text: '撰写文章初稿' })).todo.id;
  unwrap(claimTodo(deps, asAgent('writer'), draft));
  unwrap(bindGoal(deps, operator, { goalId: 'launch', surface: 'lark', destination: CHAT, locale: 'zh-CN', bilingual: true }));
  unwrap(askGate(deps, asAgent('writer'), 'launch', { question: '可以发布这篇文章吗？', context: '初稿已通过评审，基准测试结果已附上。', risk: 'high', blocks: { agent: 'writer' } }));
  await harness.drain();
}

/** The last card LoopX sent to the chat (posted or patched) whose JSON contains `marker`. */
function sentCard(marker: string): Record<string, unknown> {
  const contents = lark.messageCalls().map((c) => String(c.body?.content ?? '')).filter((c) => c.includes(marker));
  expect(contents.length, `no card with ${marker}`).toBeGreaterThan(0);
  return JSON.parse(contents.at(-1)!) as Record<string, unknown>;
}

beforeAll(async () => {
  lark = startFakeLark();
  app = await createTestApp();
  harness = await startLarkHarness(app.deps, app.clock);
  await seedLaunch();
  profile = mkdtempSync(join(tmpdir(), 'loopx-lark-preview-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS, viewport: { width: 480, height: 640 } });
}, 60_000);

afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  await harness?.close();
  lark?.server.close();
});

async function show(card: Record<string, unknown>, language: string, name: string): Promise<string> {
  const page = await context.newPage();
  await page.setContent(larkCardPreview(card, language, { ou_li: '李雷' }));
  const text = await page.innerText('body');
  await saveScreenshot(name, (path) => page.locator('.card').screenshot({ path }));
  await page.close();
  return text;
}

describe('the cards a Chinese Feishu group receives (drawn from the JSON LoopX sent)', () => {
  it('the gate card says everything in Chinese, and in English to a member whose client is set to English', async () => {
    const gate = sentCard('提问者：');
    const chinese = await show(gate, 'zh_cn', 'lark-gate-card-zh-CN.png');
    for (const word of ['批准', '拒绝', '推迟 24 小时', '提问者', '风险', '高', '待决定']) expect(chinese).toContain(word);
    expect(chinese).not.toMatch(/Approve|Reject|Asked by|Risk/);
    const english = await show(gate, 'en_us', 'lark-gate-card-bilingual-en.png');
    for (const word of ['Approve', 'Reject', 'Asked by']) expect(english).toContain(word);
    expect(english).toContain('可以发布这篇文章吗？');
  });

  it('the board card shows lanes, the waiting question and quota in Chinese', async () => {
    const chinese = await show(sentCard('撰写文章初稿'), 'zh_cn', 'lark-board-card-zh-CN.png');
    for (const word of ['待你处理（1）', '待办', '已认领', '撰写文章初稿']) expect(chinese).toContain(word);
    expect(chinese).not.toMatch(/Needs you|Quota used|Latest evidence/);
  });
});
