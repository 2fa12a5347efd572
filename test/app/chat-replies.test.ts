import { describe, expect, it } from 'vitest';
import { runChatCommand } from '../../src/app/chat-run.js';
import { askGate } from '../../src/app/gates.js';
import { addMember } from '../../src/app/goals.js';
import { addPerson, linkPerson } from '../../src/app/people.js';
import { decideFromChat } from '../../src/app/chat-decisions.js';
import { addTodo } from '../../src/app/todos.js';
import { goalStatus } from '../../src/app/queries/goal-status.js';
import { reviewPacket } from '../../src/app/queries/review.js';
import { addEvidence } from '../../src/app/evidence.js';
import { englishWords } from '../helpers/english.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { gateApp } from './gate-fixture.js';

// Issue 16: what a chat command answers (status, 待我处理, review, help) is in the reader's language; the CLI/API keep English.

const LI = { surface: 'slack' as const, externalId: 'T1:ULI' };
const ANA = { surface: 'slack' as const, externalId: 'T1:UANA' };
const TYPED = ['demo', 'Demo goal', 'May I publish?', 'Publish the post', 'Draft the changelog', 'Ana', 'Bo', 'a1', 'note', 'Drafted it'];

async function chineseApp() {
  const app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'li', name: '李雷', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
  unwrap(linkPerson(app.deps, operator, 'li', 'slack', LI.externalId));
  unwrap(linkPerson(app.deps, operator, 'ana', 'slack', ANA.externalId));
  const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { global: true } })).gate;
  return { ...app, gate };
}

function chinese(text: string, typed: readonly string[] = []): void {
  expect(text).toMatch(/[\u4e00-\u9fff]/);
  expect(englishWords(text, [...TYPED, ...typed])).toEqual([]);
}

describe('chat answers in the reader\'s language', () => {
  it('状态 shows who acts next in Chinese, naming people by name; the API keeps its English next', async () => {
    const app = await chineseApp();
    const reply = runChatCommand(app.deps, LI, '状态 demo');
    expect(reply.ok).toBe(true);
    chinese(reply.text, [app.gate.id]);
    expect(reply.text).toContain('下一步：Ana、Bo和李雷：1 个审批等待决定。');
    expect(runChatCommand(app.deps, ANA, 'status demo').text).toContain('Next: Ana, Bo and 李雷: 1 gate waits for a decision.');
    expect(unwrap(goalStatus(app.deps.store, 'demo', app.clock.now())).next).toBe('ana, bo, li: 1 gate(s) wait for a decision.');
  });

  it('待我处理 lists the gates by question and goal title, in Chinese', async () => {
    const app = await chineseApp();
    const reply = runChatCommand(app.deps, LI, '待我处理');
    chinese(reply.text, [app.gate.id]);
    expect(reply.text).toContain(app.gate.id);
    expect(reply.text).toContain('Demo goal');
  });

  it('评审 answers the review packet in Chinese; the CLI packet stays English', async () => {
    const app = await chineseApp();
    unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', kind: 'benchmark', summary: '快了 12%' }));
    const reply = runChatCommand(app.deps, LI, '评审 demo');
    expect(reply.ok).toBe(true);
    chinese(reply.text, [app.gate.id]);
    expect(reply.text).toContain('May I publish?');
    expect(reply.text).toContain('[基准测试] 快了 12%');
    expect(runChatCommand(app.deps, ANA, 'review demo').text).toContain('Approving does NOT authorise');
    expect(unwrap(reviewPacket(app.deps.store, 'demo')).doesNotAuthorise[0]).toMatch(/^Anything outside what the question names/);
  });

  it('帮助 and an empty goal list answer in Chinese', async () => {
    const app = await chineseApp();
    chinese(runChatCommand(app.deps, LI, '帮助').text, ['status', 'gates', 'review', 'approve', 'reject', 'defer', 'goal', 'gate']);
  });

  it('Stop / Keep watching on a quiet monitor answers in the reader\'s language', async () => {
    const app = await chineseApp();
    const monitor = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Watch PR 123', monitor: { everySeconds: 1800, deadAfter: 2 } })).todo.id;
    const keep = decideFromChat(app.deps, LI, { todoId: monitor, choice: 'keep' });
    expect(keep.ok).toBe(true);
    chinese(keep.text, ['Watch PR 123']);
    expect(keep.text).toContain('2');
    chinese(decideFromChat(app.deps, LI, { todoId: monitor, choice: 'stop' }).text, ['Watch PR 123']);
    chinese(decideFromChat(app.deps, LI, { todoId: monitor, choice: 'stop' }).text, ['Watch PR 123']);
    expect(decideFromChat(app.deps, ANA, { todoId: monitor, choice: 'stop' }).text).toBe('"Watch PR 123" is no longer watched; nothing changed.');
  });
});
