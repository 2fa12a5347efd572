import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { parseChatCommand } from '../../../src/app/chat-commands.js';
import { askGate } from '../../../src/app/gates.js';
import { linkPerson, setPersonLocale, setReach } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { shouldRun } from '../../../src/app/should-run.js';
import type { Gate } from '../../../src/kernel/gate.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { cardActionEnvelope, messageEnvelope, signedLarkRequest } from '../../helpers/lark-signing.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { findProjection } from '../../../src/store/outbox.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 16: a Feishu group reading Chinese. Commands in Chinese, cards and replies in Chinese.

const CHAT = 'oc_zhgroup';
let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('Chinese commands parse like their English forms', () => {
  it.each([
    ['状态', { kind: 'status', goalId: null }],
    ['状态 demo', { kind: 'status', goalId: 'demo' }],
    ['待我处理', { kind: 'gates' }],
    ['批准 gate_1 可以', { kind: 'approve', gateId: 'gate_1', reason: '可以' }],
    ['拒绝 gate_1 预算不够', { kind: 'reject', gateId: 'gate_1', reason: '预算不够' }],
    ['推迟 gate_1 4小时', { kind: 'defer', gateId: 'gate_1', duration: '4小时' }],
    ['评审 demo', { kind: 'review', goalId: 'demo' }],
  ])('%s', (text, command) => {
    expect(parseChatCommand(text)).toEqual({ ok: true, command });
  });

  it('拒绝 without a reason is refused like reject without one', () => {
    expect(parseChatCommand('拒绝 gate_1')).toMatchObject({ ok: false });
  });
});

describe('a Lark chat bound with --locale zh-CN', () => {
  let app: TestApp;
  let harness: LarkHarness;
  let gate: Gate;
  let seq = 0;

  beforeEach(async () => {
    lark.reset();
    app = await createTestApp();
    harness = await startLarkHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(linkPerson(app.deps, operator, 'ana', 'lark', 'tenant1:ou_ana'));
    unwrap(setReach(app.deps, operator, 'ana', { via: 'channel' }));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: CHAT, locale: 'zh-CN' }));
    gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: '可以发布这篇文章吗？', blocks: { global: true } })).gate;
    await harness.drain();
  });
  afterEach(() => harness.close());

  /** A press of a gate button on the card `messageId` in the chat; answers Lark's callback answer (toast, redrawn card). */
  const click = async (openId: string, choice: 'approve' | 'reject', messageId: string): Promise<{ toast: { content: string }; card?: { data: unknown } }> => {
    const envelope = cardActionEnvelope({ eventId: `ev_${++seq}`, openId, value: { loopx: encodeCardAction({ v: 1, gate: gate.id, rev: gate.revision, choice }) }, createTimeMs: app.clock.now().getTime(), messageId });
    envelope.event.context.open_chat_id = CHAT;
    const request = signedLarkRequest(envelope, { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    return (await (await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers })).json()) as { toast: { content: string }; card?: { data: unknown } };
  };

  const say = async (openId: string, text: string): Promise<string> => {
    const request = signedLarkRequest(messageEnvelope({ eventId: `ev_${++seq}`, openId, text, chatId: CHAT, createTimeMs: app.clock.now().getTime() }), { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const replies = () => lark.messageCalls().filter((c) => c.path.endsWith('/reply'));
    const before = replies().length;
    await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
    await vi.waitFor(() => expect(replies().length).toBe(before + 1));
    return JSON.parse(replies().at(-1)!.body.content).text as string;
  };

  it('`拒绝 <gate> 预算不够` rejects with that reason, audited as the person, and the agent receives the reason', async () => {
    unwrap(setPersonLocale(app.deps, operator, 'ana', 'zh-CN'));
    const reply = await say('ou_ana', `拒绝 ${gate.id} 预算不够`);
    expect(reply).toContain('已拒绝');
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'rejected', decision: { reason: '预算不够', by: 'ana', via: 'lark' } });
    const answered = unwrap(shouldRun(app.deps, asAgent('a1'), 'demo', 'turn-zh')).answered_gates;
    expect(answered).toEqual([expect.objectContaining({ id: gate.id, outcome: 'rejected', reason: '预算不够' })]);
  });

  it('`批准` approves with the same authority as approve: an unlinked account is refused and nothing changes', async () => {
    expect(await say('ou_stranger', `批准 ${gate.id}`)).toContain('loopx person link');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    // Ana chose no language: the answer is in the zh-CN chat's, like every other answer in this chat.
    expect(await say('ou_ana', `批准 ${gate.id} 可以`)).toContain('已批准');
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { reason: '可以' } });
  });

  it('a command that came too late is answered with its time in the reader\'s timezone, not bare UTC', async () => {
    const sentAt = app.clock.now().getTime() - 2 * 60 * 60 * 1000;
    const request = signedLarkRequest(messageEnvelope({ eventId: `ev_${++seq}`, openId: 'ou_ana', text: '待我处理', chatId: CHAT, createTimeMs: sentAt }), { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const replies = () => lark.messageCalls().filter((c) => c.path.endsWith('/reply'));
    await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
    await vi.waitFor(() => expect(replies()).toHaveLength(1));
    const text = JSON.parse(replies()[0]!.body.content).text as string;
    expect(text).toContain(`${new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(sentAt)}（Asia/Shanghai）`);
    expect(text).not.toContain('UTC');
  });

  it('`评审 demo` answers with the review packet as a Chinese card with the gate\'s buttons', async () => {
    unwrap(setPersonLocale(app.deps, operator, 'ana', 'zh-CN'));
    const request = signedLarkRequest(messageEnvelope({ eventId: `ev_${++seq}`, openId: 'ou_ana', text: '评审 demo', chatId: CHAT, createTimeMs: app.clock.now().getTime() }), { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const replies = () => lark.messageCalls().filter((c) => c.path.endsWith('/reply'));
    await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
    await vi.waitFor(() => expect(replies().length).toBe(1));
    const reply = replies()[0]!.body;
    expect(reply.msg_type).toBe('interactive');
    const card = String(reply.content);
    for (const word of ['可以发布这篇文章吗？', '建议：', '批准', '拒绝', '推迟 24 小时']) expect(card).toContain(word);
    expect(card).toContain(`"gate\\":\\"${gate.id}\\"`);
    expect(card).not.toMatch(/Approve|Suggested|Evidence/);
  });

  it('answers typed commands in the reader\'s language: the person\'s, else the chat\'s', async () => {
    // Ana chose no language: the zh-CN chat's. A stranger (unlinked) is answered in the chat's language too.
    expect(await say('ou_ana', '待我处理')).toContain('等你处理：');
    expect(await say('ou_ana', '状态')).toMatch(/（demo，进行中）：等待审批 1。下一步：/);
    expect(await say('ou_stranger', '状态')).toContain('尚未关联到 LoopX 成员');
    expect(await say('ou_ana', `推迟 ${gate.id} 明天`)).toContain('不是有效时长');
    unwrap(setPersonLocale(app.deps, operator, 'ana', 'en'));
    expect(await say('ou_ana', 'gates')).toContain('Waiting on you:');
  });

  it('Lark\'s own toasts are in the chat\'s language: pressing 拒绝 with no reason asks for one in Chinese', async () => {
    const answer = await click('ou_ana', 'reject', 'om_any');
    expect(answer.toast.content).toContain('请先在“拒绝”旁的输入框里写下拒绝理由');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('a callback LoopX cannot read at all is answered in the chat\'s language', async () => {
    const envelope: Record<string, any> = cardActionEnvelope({ eventId: `ev_${++seq}`, openId: 'ou_ana', value: 'x', createTimeMs: app.clock.now().getTime() });
    envelope.event.context.open_chat_id = CHAT;
    delete envelope.event.operator;
    const request = signedLarkRequest(envelope, { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const answer = (await (await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers })).json()) as { toast?: { content: string } };
    expect(answer.toast?.content).toContain('LoopX 无法读取这次点击');
  });

  it('a click answers with the clicked card redrawn in the chat\'s language, not in English', async () => {
    const shown = findProjection(app.deps.store, 'lark', CHAT, `gate:${gate.id}`);
    expect(shown?.message_id).toBeTruthy();
    const answer = await click('ou_ana', 'approve', shown!.message_id!);
    expect(findGate(app.deps.store, gate.id)?.state).toBe('approved');
    const card = JSON.stringify(answer.card?.data);
    expect(card).toContain('已批准');
    expect(card).not.toMatch(/Approved|Asked by|Goal/);
  });

  it('an unlinked account\'s click in the chat is told how to get linked in the chat\'s language', async () => {
    const answer = await click('ou_stranger', 'approve', 'om_any');
    expect(answer.toast.content).toContain('尚未关联到 LoopX 成员');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  const postedTo = (receiveId: string) => lark.messageCalls().filter((c) => c.body?.receive_id === receiveId).map((c) => JSON.parse(c.body.content) as Record<string, unknown>);
  const textOf = (card: unknown) => JSON.stringify(card);

  it('receives the gate card and the board card in Chinese; an English binding of the same goal keeps English', async () => {
    const cards = postedTo(CHAT).map(textOf);
    const gateCard = cards.find((c) => c.includes('可以发布这篇文章吗？') && c.includes('提问者'));
    expect(gateCard).toBeDefined();
    for (const word of ['批准', '拒绝', '推迟 24 小时', '待决定', '为什么拒绝？代理会读到这段理由。', '看不到按钮？']) expect(gateCard).toContain(word);
    expect(gateCard).not.toMatch(/Approve|Reject|Defer|Asked by|Expires|No buttons/);
    const board = cards.find((c) => c.includes('待你处理（1）'));
    expect(board).toBeDefined();
    for (const word of ['待办', '已认领', '等待审批', '最新证据', '配额使用', '进行中']) expect(board).toContain(word);
    expect(board).not.toMatch(/Needs you|Latest evidence|Quota used|User Gate/);

    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: 'oc_english', locale: 'en' }));
    await harness.drain();
    const english = postedTo('oc_english').map(textOf);
    expect(english.find((c) => c.includes('可以发布这篇文章吗？'))).toContain('Approve');
    expect(english.find((c) => c.includes('Needs you (1)'))).toBeDefined();
  });

  it('the reconciler repairs a direct-message copy too, in its person\'s language', async () => {
    unwrap(setPersonLocale(app.deps, operator, 'ana', 'zh-CN'));
    unwrap(setReach(app.deps, operator, 'ana', { via: 'lark-dm' }));
    const asked = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: '要扩容数据库吗？', blocks: { global: true } })).gate;
    await harness.drain();
    const dm = app.deps.store.all(app.deps.store.kysely.selectFrom('projections').selectAll().where('card_key', '=', `gate:${asked.id}`).where('destination', 'like', 'dm:%'));
    expect(dm).toHaveLength(1);
    // The copy drifts (a lost update): only the reconciler can notice.
    app.deps.store.run(app.deps.store.kysely.updateTable('projections').set({ rendered_hash: 'stale' }).where('destination', 'like', 'dm:%'));
    expect(harness.engine.projector.reconcile()).toBeGreaterThanOrEqual(1);
    const before = lark.messageCalls().length;
    await harness.drain();
    const repaired = lark.messageCalls().slice(before).map((c) => String(c.body?.content ?? '')).filter((c) => c.includes('要扩容数据库吗？'));
    expect(repaired.length).toBeGreaterThan(0);
    expect(repaired.at(-1)).toContain('批准');
    expect(harness.engine.projector.reconcile()).toBe(0);
  });

  it('a direct message to a zh-CN person is Chinese, whatever the chat reads', async () => {
    unwrap(setPersonLocale(app.deps, operator, 'ana', 'zh-CN'));
    unwrap(setReach(app.deps, operator, 'ana', { via: 'lark-dm' }));
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: '要回滚昨天的发布吗？', blocks: { global: true } }));
    await harness.drain();
    const direct = lark.messageCalls().filter((c) => c.query.get('receive_id_type') !== 'chat_id' && c.body?.content?.includes('要回滚昨天的发布吗？'));
    expect(direct.length).toBeGreaterThan(0);
    expect(direct[0]!.body.content).toContain('批准');
    expect(direct[0]!.body.content).not.toContain('Approve');
  });
});
