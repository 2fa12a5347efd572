import { describe, expect, it } from 'vitest';
import { decideFromChat } from '../../src/app/chat-decisions.js';
import { runChatCommand } from '../../src/app/chat-run.js';
import { amendGate, askGate } from '../../src/app/gates.js';
import { addMember } from '../../src/app/goals.js';
import { addPerson, linkPerson } from '../../src/app/people.js';
import { addTodo } from '../../src/app/todos.js';
import { refusalIn } from '../../src/app/chat/refusal.js';
import { findGate } from '../../src/app/queries/gates.js';
import { translator } from '../../cards/i18n/index.js';
import { ERROR_TABLE, type ErrorCode } from '../../src/kernel/errors.js';
import { englishWords } from '../helpers/english.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { gateApp } from './gate-fixture.js';

// Issue 16: a refusal is told in the reader's language, from the error's code and details, never the kernel's English message.

const LI = { surface: 'slack' as const, externalId: 'T1:ULI' };
const WU = { surface: 'slack' as const, externalId: 'T1:UWU' };
const ANA = { surface: 'slack' as const, externalId: 'T1:UANA' };

async function chineseApp() {
  const app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'li', name: '李雷', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  unwrap(addPerson(app.deps, operator, { id: 'wu', name: '吴芳', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
  unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
  unwrap(linkPerson(app.deps, operator, 'li', 'slack', LI.externalId));
  unwrap(linkPerson(app.deps, operator, 'wu', 'slack', WU.externalId));
  unwrap(linkPerson(app.deps, operator, 'ana', 'slack', ANA.externalId));
  const ask = (question: string, more: Record<string, unknown> = {}) => unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question, blocks: { global: true }, ...more })).gate;
  return { ...app, ask };
}

const TYPED = ['gate_', 'demo', 'Demo goal', 'May I publish?', 'May I spend?', 'Pick a day', 'monday', 'tuesday', 'Sign the contract', 'Ana', 'Bo'];

function expectChinese(reply: { ok: boolean; text: string }, typed: readonly string[] = []): void {
  expect(reply.ok).toBe(false);
  expect(reply.text).toMatch(/[\u4e00-\u9fff]/);
  expect(englishWords(reply.text, [...TYPED, ...typed])).toEqual([]);
}

describe('refusals in the reader\'s language', () => {
  it('a zh-CN person\'s refused clicks read Chinese: expired, own question, not a decider, gone, option, reason, stale, already decided', async () => {
    const app = await chineseApp();
    const expiring = app.ask('May I publish?', { expiresInSeconds: 60, onExpire: 'deny' });
    app.clock.advance(120_000);
    const expired = decideFromChat(app.deps, LI, { gateId: expiring.id, revision: 1, choice: 'approve' });
    expect(expired.code).toBe('gate_expired');
    expectChinese(expired);
    expect(expired.text).toContain('2026/01/05');

    const own = unwrap(askGate(app.deps, { actor: { kind: 'person', id: 'li' } }, 'demo', { question: 'May I spend?', blocks: { global: true } })).gate;
    expectChinese(decideFromChat(app.deps, LI, { gateId: own.id, revision: 1, choice: 'approve' }));

    const gate = app.ask('May I publish?');
    const outsider = decideFromChat(app.deps, WU, { gateId: gate.id, revision: 1, choice: 'approve' });
    expect(outsider.code).toBe('not_authorised_to_decide');
    expectChinese(outsider);
    expect(outsider.text).toContain('李雷');

    expectChinese(decideFromChat(app.deps, LI, { gateId: 'gate_nope', revision: 1, choice: 'approve' }));
    expectChinese(decideFromChat(app.deps, LI, { gateId: gate.id, revision: 1, choice: 'reject' }));
    expectChinese(decideFromChat(app.deps, LI, { gateId: gate.id, revision: 1, choice: 'defer', until: '2020-01-01T00:00:00.000Z' }));

    const options = app.ask('Pick a day', { options: ['monday', 'tuesday'] });
    const noOption = decideFromChat(app.deps, LI, { gateId: options.id, revision: 1, choice: 'approve' });
    expect(noOption.code).toBe('option_required');
    expectChinese(noOption);
    expect(noOption.text).toContain('monday');
    expectChinese(decideFromChat(app.deps, LI, { gateId: gate.id, revision: 1, choice: 'approve', optionIndex: 0 }));

    unwrap(amendGate(app.deps, asAgent('a1'), gate.id, { question: 'May I publish?' }));
    expectChinese(decideFromChat(app.deps, LI, { gateId: gate.id, revision: 1, choice: 'approve' }));

    expect(decideFromChat(app.deps, ANA, { gateId: gate.id, revision: 2, choice: 'approve' }).ok).toBe(true);
    const late = decideFromChat(app.deps, LI, { gateId: gate.id, revision: 2, choice: 'reject', reason: '太贵了' });
    expect(late.code).toBe('gate_not_pending');
    expectChinese(late);
    expect(late.text).toContain('Ana');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('approved');
  });

  it('a zh-CN person\'s refused text commands read Chinese: unknown verb, missing reason, bad duration, unknown gate', async () => {
    const app = await chineseApp();
    const gate = app.ask('May I publish?');
    for (const text of ['发射', `拒绝 ${gate.id}`, `批准`, `推迟 ${gate.id} 明天`, `推迟 ${gate.id}`, `批准 gate_nope`, '评审', '状态 secret']) {
      const reply = runChatCommand(app.deps, LI, text);
      expectChinese(reply, ['发射', '明天', 'secret', 'gate_nope']);
    }
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('a to-do answered by someone it does not wait on is refused in Chinese, naming who may', async () => {
    const app = await chineseApp();
    const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    const reply = decideFromChat(app.deps, WU, { todoId: todo.id, choice: 'done' });
    expect(reply.code).toBe('forbidden');
    expectChinese(reply);
    expect(reply.text).toContain('李雷');
  });

  it('English readers keep the same meaning', async () => {
    const app = await chineseApp();
    const gate = app.ask('May I publish?');
    expect(decideFromChat(app.deps, ANA, { gateId: gate.id, revision: 1, choice: 'approve' }).ok).toBe(true);
    unwrap(addPerson(app.deps, operator, { id: 'eve', name: 'Eve', timezone: 'UTC' }));
    unwrap(addMember(app.deps, operator, 'demo', 'eve', 'approver'));
    unwrap(linkPerson(app.deps, operator, 'eve', 'slack', 'T1:UEVE'));
    const late = decideFromChat(app.deps, { surface: 'slack', externalId: 'T1:UEVE' }, { gateId: gate.id, revision: 1, choice: 'approve' });
    expect(late.text).toBe('Already approved by Ana at 09:00 (UTC) via Slack; nothing changed.');
    expect(runChatCommand(app.deps, ANA, 'launch').text).toMatch(/^I do not know `launch`\./);
  });

  it('every error code is told from the catalog, never by pasting the kernel\'s English message', async () => {
    const app = await chineseApp();
    for (const code of Object.keys(ERROR_TABLE) as ErrorCode[]) {
      const text = refusalIn(translator('zh-CN'), { code, message: 'The kernel says something in English here.' }, { store: app.deps.store, timezone: 'Asia/Shanghai' });
      expect(text).toMatch(/[\u4e00-\u9fff]/);
      expect(englishWords(text, [code])).toEqual([]);
    }
  });
});
