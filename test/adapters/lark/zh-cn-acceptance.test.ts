import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgent } from '../../../src/app/agents.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { runDigest } from '../../../src/app/digest.js';
import { addEvidence } from '../../../src/app/evidence.js';
import { askGate } from '../../../src/app/gates.js';
import { addGoal } from '../../../src/app/goals.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { createJobDeps } from '../../../src/app/job-deps.js';
import { listDigestTargets } from '../../../src/app/job-publisher.js';
import { claimTodo } from '../../../src/app/leases.js';
import { addPerson, linkPerson, setReach } from '../../../src/app/people.js';
import { addTodo, completeTodo } from '../../../src/app/todos.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { asAgent, createTestApp, operator, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 16, "what done looks like": a Lark binding with --locale zh-CN receives board, gate, digest and heartbeat
// cards with no English word except names and ids the user typed; a DM to a zh-CN person is Chinese.

const CHAT = 'oc_launchgroup';
/** What people and agents typed (names, ids), and the words LoopX may keep: product, platform and zone names, commands. */
const TYPED = ['launch', 'writer', 'reviewer', 'ou_li', 'tenant1', 'Asia', 'Shanghai', 'LoopX', 'loopx', 'Lark', 'audit', 'verify', 'head', 'should', 'run', 'status', 'grant', 'revoke', 'benchmark', 'https', 'ci', 'example', 'com'];

let lark: FakeLark;
let app: TestApp;
let harness: LarkHarness;

/** Every text a Lark client shows from a card JSON: `content` of text elements (and of the summary). */
function shownTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(shownTexts);
  if (!value || typeof value !== 'object') return [];
  const own = typeof (value as { content?: unknown }).content === 'string' ? [(value as { content: string }).content] : [];
  return [...own, ...Object.entries(value).filter(([k]) => k !== 'behaviors' && k !== 'value').flatMap(([, v]) => shownTexts(v))];
}

/** English words left in a text once typed strings, ids and markup are taken out. */
function englishWords(text: string): string[] {
  const prose = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#\d+;/g, ' ')
    .replace(/\b(?:gate|todo|ev|goal)_[0-9a-z]+\b/g, ' ')
    .replace(/\b[0-9a-f]{64}\b/g, ' ');
  return (prose.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !TYPED.includes(w));
}

beforeAll(async () => {
  lark = startFakeLark();
  app = await createTestApp();
  harness = await startLarkHarness(app.deps, app.clock);
  const { deps, clock } = app;
  unwrap(addPerson(deps, operator, { id: 'li', name: '李雷', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  unwrap(linkPerson(deps, operator, 'li', 'lark', 'tenant1:ou_li'));
  unwrap(setReach(deps, operator, 'li', { via: 'lark-dm' }));
  unwrap(addGoal(deps, operator, { id: 'launch', title: '发布会文章', objective: '带着基准测试结果发布发布会文章', owners: ['li'], timezone: 'Asia/Shanghai' }));
  for (const id of ['writer', 'reviewer']) unwrap(addAgent(deps, operator, { id, goalId: 'launch' }));
  unwrap(bindGoal(deps, operator, { goalId: 'launch', surface: 'lark', destination: CHAT, locale: 'zh-CN' }));
  const outline = unwrap(addTodo(deps, operator, 'launch', { text: '列出文章大纲' })).todo.id;
  const draft = unwrap(addTodo(deps, operator, 'launch', { text: '撰写文章初稿' })).todo.id;
  unwrap(addTodo(deps, operator, 'launch', { text: '整理更新日志' }));
  const lease = unwrap(claimTodo(deps, asAgent('reviewer'), outline));
  unwrap(completeTodo(deps, asAgent('reviewer'), outline, { leaseVersion: lease.leaseVersion, successors: [], noFollowup: '大纲已定稿' }));
  unwrap(claimTodo(deps, asAgent('writer'), draft));
  unwrap(addEvidence(deps, asAgent('writer'), { goalId: 'launch', kind: 'benchmark', summary: '首页加载快了 12%', url: 'https://ci.example.com/run/9' }));
  unwrap(askGate(deps, asAgent('writer'), 'launch', { question: '可以发布这篇文章吗？', context: '初稿已通过评审。', risk: 'high', blocks: { todoIds: [draft] }, expiresInSeconds: 86_400 }));
  await harness.drain();
  clock.advance(3 * 3_600_000);
  const jobs = createJobDeps(deps);
  const target = listDigestTargets(deps.store).find((t) => t.destination === CHAT)!;
  unwrap(runDigest(jobs, target, { period: '2026-03-01', dueAt: clock.now().toISOString(), late: false, trigger: 'schedule' }));
  unwrap(runHeartbeat(jobs, 'launch', manualSlot(clock.now())));
  await harness.drain();
}, 60_000);

afterAll(async () => {
  await harness?.close();
  lark?.server.close();
});

/** The cards sent (posted, patched or replied in a thread) to the chat, and to Li's direct messages. */
function cardsSent(to: (call: ReturnType<FakeLark['messageCalls']>[number]) => boolean): unknown[] {
  return lark.messageCalls().filter(to).flatMap((c) => {
    try {
      const content = JSON.parse(String(c.body?.content ?? 'null')) as { schema?: string } | null;
      return content?.schema === '2.0' ? [content] : [];
    } catch {
      return [];
    }
  });
}

describe('a Feishu group bound with --locale zh-CN, end to end', () => {
  it('receives board, gate, digest and heartbeat cards with no English word but what people typed', () => {
    const chat = cardsSent((c) => c.body?.receive_id === CHAT || c.query.get('receive_id_type') === null);
    const texts = chat.flatMap(shownTexts).join('\n');
    for (const word of ['待你处理', '可以发布这篇文章吗？', '每日摘要', '批准', '拒绝', '最新证据']) expect(texts).toContain(word);
    expect([...new Set(englishWords(texts))]).toEqual([]);
  });

  it('sends Li, who reads Chinese, the gate card in Chinese by direct message', () => {
    const direct = cardsSent((c) => c.query.get('receive_id_type') === 'open_id');
    expect(direct.length).toBeGreaterThan(0);
    const texts = direct.flatMap(shownTexts).join('\n');
    expect(texts).toContain('批准');
    expect([...new Set(englishWords(texts))]).toEqual([]);
  });
});
