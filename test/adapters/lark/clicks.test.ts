import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { decideFromChat } from '../../../src/app/chat-decisions.js';
import { addMember } from '../../../src/app/goals.js';
import { amendGate, askGate } from '../../../src/app/gates.js';
import { addPerson, linkPerson, setReach } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import type { Gate } from '../../../src/kernel/gate.js';
import { listEvents } from '../../../src/store/events.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { cardActionEnvelope, messageEnvelope, signedLarkRequest } from '../../helpers/lark-signing.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const CHAT = 'oc_board';
let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('Lark clicks on gate cards (signed, encrypted callbacks into the real server)', () => {
  let app: TestApp;
  let harness: LarkHarness;
  let gate: Gate;
  let events = 0;

  beforeEach(async () => {
    lark.reset();
    app = await createTestApp();
    harness = await startLarkHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(addPerson(app.deps, operator, { id: 'bo', name: 'Bo' }));
    unwrap(addMember(app.deps, operator, 'demo', 'bo', 'approver'));
    unwrap(addPerson(app.deps, operator, { id: 'vi', name: 'Vi' }));
    unwrap(linkPerson(app.deps, operator, 'ana', 'lark', 'tenant1:ou_ana'));
    unwrap(linkPerson(app.deps, operator, 'bo', 'lark', 'tenant1:ou_bo'));
    unwrap(linkPerson(app.deps, operator, 'vi', 'lark', 'tenant1:ou_vi'));
    unwrap(linkPerson(app.deps, operator, 'bo', 'slack', 'T0TEAM:UBO'));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: CHAT }));
    // These tests click the copy in the bound chat; direct-message copies are covered in direct-messages.test.ts.
    for (const id of ['ana', 'bo', 'vi']) unwrap(setReach(app.deps, operator, id, { via: 'channel' }));
    gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true } })).gate;
    await harness.drain();
  });
  afterEach(() => harness.close());

  const gateMessage = () => ({ id: lark.messageTitled('May I publish the post?') });
  const value = (choice: 'approve' | 'reject' | 'defer', rev = gate.revision, id = gate.id) => ({ loopx: encodeCardAction({ v: 1, gate: id, rev, choice }) });
  let seq = 0;
  const click = async (openId: string, v: unknown, options: { formValue?: Record<string, string>; messageId?: string } = {}) => {
    const envelope = cardActionEnvelope({ eventId: `ev_${++seq}`, openId, value: v, createTimeMs: app.clock.now().getTime(), messageId: options.messageId ?? gateMessage().id, ...(options.formValue ? { formValue: options.formValue } : {}) });
    envelope.event.context.open_chat_id = CHAT;
    const request = signedLarkRequest(envelope, { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const response = await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('posts the board and the gate card into the bound chat', () => {
    expect(lark.messageCalls().filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(gateMessage().id).not.toBe('');
  });

  it('an authorised approve decides at once: success toast, decided card in the answer, the posted card patched', async () => {
    const answer = await click('ou_ana', value('approve'));
    expect(answer.status).toBe(200);
    expect(answer.body.toast).toEqual({ type: 'success', content: expect.stringContaining('Approved') });
    const shownNow = JSON.stringify(answer.body.card.data);
    expect(shownNow).toContain('via Lark');
    expect(shownNow).not.toContain('"tag":"button"');
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { by: 'ana', via: 'lark' } });
    await harness.drain();
    expect(lark.shown(gateMessage().id)).toContain('via Lark');
    expect(lark.messageCalls().filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('an option button records the option it carries and the toast names it', async () => {
    const picked = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Which title?', blocks: { agent: 'a1' }, options: ['Alpha', 'Beta'] })).gate;
    await harness.drain();
    const answer = await click('ou_ana', { loopx: encodeCardAction({ v: 1, gate: picked.id, rev: 1, choice: 'approve', opt: 0 }) });
    expect(answer.body.toast).toEqual({ type: 'success', content: 'Approved "Alpha". The agent sees it on its next should-run.' });
    expect(findGate(app.deps.store, picked.id)?.decision).toMatchObject({ by: 'ana', via: 'lark', option: 'Alpha' });
  });

  it('refuses an unlinked account with how to link it, and audits the attempt', async () => {
    const answer = await click('ou_stranger', value('approve'));
    expect(answer.body.toast).toEqual({ type: 'error', content: expect.stringContaining('loopx person link <person> --lark tenant1:ou_stranger') });
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decision_refused')).toHaveLength(1);
  });

  it('refuses a linked person who is not an approver', async () => {
    const answer = await click('ou_vi', value('approve'));
    expect(answer.body.toast).toMatchObject({ type: 'error', content: expect.stringContaining('not one of the people who may decide') });
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('refuses self-approval', async () => {
    const own = unwrap(askGate(app.deps, { actor: { kind: 'person', id: 'ana' } }, 'demo', { question: 'May I spend $50?', blocks: { global: true } })).gate;
    const answer = await click('ou_ana', value('approve', own.revision, own.id));
    expect(answer.body.toast.content).toContain('You asked this question');
    expect(findGate(app.deps.store, own.id)?.state).toBe('pending');
  });

  it('refuses a click on an old revision with "this request changed"', async () => {
    unwrap(amendGate(app.deps, asAgent('a1'), gate.id, { question: 'May I publish the post tonight?' }));
    const answer = await click('ou_ana', value('approve', gate.revision));
    expect(answer.body.toast).toEqual({ type: 'info', content: expect.stringContaining('This request changed') });
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('a decision made in Slack answers a later Lark click with who decided, and the Lark copy follows', async () => {
    const slack = decideFromChat(app.deps, { surface: 'slack', externalId: 'T0TEAM:UBO' }, { gateId: gate.id, revision: gate.revision, choice: 'approve' });
    expect(slack.ok).toBe(true);
    await harness.drain();
    expect(lark.shown(gateMessage().id)).toContain('via Slack');
    const answer = await click('ou_ana', value('approve'));
    expect(answer.body.toast).toEqual({ type: 'info', content: expect.stringMatching(/^Already approved by Bo .*via Slack/) });
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decided')).toHaveLength(1);
  });

  it('a double click decides once and says so the second time', async () => {
    await click('ou_ana', value('approve'));
    const again = await click('ou_ana', value('approve'));
    expect(again.body.toast.content).toMatch(/already/i);
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decided')).toHaveLength(1);
  });

  it('Reject asks for a reason in the form every card carries, without replacing the shared card; the submitted reason decides the gate', async () => {
    expect(lark.shown(gateMessage().id)).toContain('"tag":"form"');
    const first = await click('ou_ana', value('reject'));
    expect(first.body.toast.type).toBe('info');
    // A card in the answer would replace the shared card for the whole chat: a toast only.
    expect(first.body.card).toBeUndefined();
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    await click('ou_ana', value('reject'), { formValue: { reason: 'The numbers are wrong' } });
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'rejected', decision: { reason: 'The numbers are wrong', via: 'lark' } });
  });

  it('a click that reaches us 11 minutes late (create_time in microseconds) is not acted on', async () => {
    const envelope = cardActionEnvelope({ eventId: `ev_${++seq}`, openId: 'ou_ana', value: value('approve'), createTimeMs: app.clock.now().getTime() - 11 * 60_000, messageId: gateMessage().id });
    envelope.event.context.open_chat_id = CHAT;
    const request = signedLarkRequest(envelope, { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const answer = (await (await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers })).json()) as any;
    expect(answer.toast).toMatchObject({ type: 'warning', content: expect.stringContaining('too late') });
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('a text reply cannot @all: agent-written <at> markup is sent as plain characters', async () => {
    const loud = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Tell <at user_id="all"></at> we ship?', blocks: { global: true } })).gate;
    const request = signedLarkRequest(messageEnvelope({ eventId: `ev_${++seq}`, openId: 'ou_ana', text: 'gates', chatId: CHAT, createTimeMs: app.clock.now().getTime() }), { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
    await vi.waitFor(() => expect(lark.messageCalls().filter((c) => c.path.endsWith('/reply'))).toHaveLength(1));
    const text = JSON.parse(lark.messageCalls().filter((c) => c.path.endsWith('/reply'))[0]!.body.content).text as string;
    expect(text).toContain(loud.id);
    expect(text).not.toMatch(/<at\b/i);
    expect(text).toContain('<\u200bat user_id="all">');
  });

  it('text fallback: @LoopX approve in the bound chat decides with the same authorisation; elsewhere it is refused', async () => {
    const say = async (openId: string, text: string, chatId = CHAT) => {
      const request = signedLarkRequest(messageEnvelope({ eventId: `ev_${++seq}`, openId, text, chatId, createTimeMs: app.clock.now().getTime() }), { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
      const before = lark.messageCalls().filter((c) => c.path.endsWith('/reply')).length;
      await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
      // The reply is sent after the event is answered (Lark's 3 s rule).
      await vi.waitFor(() => expect(lark.messageCalls().filter((c) => c.path.endsWith('/reply')).length).toBe(before + 1));
      return lark.messageCalls().filter((c) => c.path.endsWith('/reply')).at(-1)?.body;
    };
    expect(JSON.parse((await say('ou_ana', `approve ${gate.id}`, 'oc_elsewhere')).content).text).toContain('not bound');
    expect(JSON.parse((await say('ou_stranger', `approve ${gate.id}`)).content).text).toContain('not linked');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    expect(JSON.parse((await say('ou_ana', `approve ${gate.id} ship it`)).content).text).toContain('Approved');
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { reason: 'ship it' } });
  });
});
