import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLarkEventHandlers, LARK_STALE_AFTER_MS, type CommandAnswer, type LarkCommandPort } from '../../../adapters/lark/inbound.js';
import { createLarkDispatcher } from '../../../adapters/lark/sdk.js';
import { createLarkWebhookMount } from '../../../adapters/lark/webhook.js';
import { silentLogger } from '../../../src/app/deps.js';
import { acceptInboundEvent } from '../../../src/app/inbound.js';
import { decodeCardAction, encodeCardAction, type CardAction } from '../../../src/contract/card-action.js';
import { loadConfig } from '../../../src/config.js';
import { listen } from '../../../src/http/serve.js';
import { createLoopxServer } from '../../../src/server.js';
import { pendingGateCard } from '../../fixtures/cards.js';
import { cardActionEnvelope, encryptLarkPayload, LARK_SECRETS, messageEnvelope, signedLarkRequest } from '../../helpers/lark-signing.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

interface Recorded {
  clicks: { identity: string; action: CardAction | null; reason: string | null }[];
  texts: { identity: string; chatId: string; text: string }[];
  replies: { chatId: string; replyTo: string; text: string }[];
}

let app: TestApp;
let base: string;
let close: () => Promise<void>;
let recorded: Recorded;
const approve = { v: 1, gate: 'gate_1', rev: 1, choice: 'approve' } as const;

function port(answer: CommandAnswer = { tone: 'success', text: 'Approved.' }): LarkCommandPort {
  return {
    acceptEvent: (id) => acceptInboundEvent(app.deps, 'lark', id),
    now: () => app.clock.now(),
    click: (r) => (recorded.clicks.push({ identity: r.identity, action: decodeCardAction(r.value), reason: r.reason }), answer),
    text: (r) => (recorded.texts.push({ identity: r.identity, chatId: r.chatId, text: r.text }), { tone: 'info', text: `ran: ${r.text}` }),
    cardOfMessage: (ref) => (ref.messageId === 'om_card' ? pendingGateCard() : null),
  };
}

function handlers() {
  return createLarkEventHandlers({
    port: port(),
    reply: async (chatId, replyTo, text) => void recorded.replies.push({ chatId, replyTo, text }),
    logger: silentLogger,
    staleAfterMs: LARK_STALE_AFTER_MS,
  });
}

beforeEach(async () => {
  app = await createTestApp();
  recorded = { clicks: [], texts: [], replies: [] };
  const config = loadConfig({ LOOPX_DB: ':memory:' }, '/nonexistent');
  const mount = createLarkWebhookMount(LARK_SECRETS, createLarkDispatcher(handlers()), app.clock, silentLogger);
  const server = createLoopxServer(app.deps, config, { mounts: [mount] });
  base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});
afterEach(() => close());

const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);

async function post(request: { body: string; headers: Record<string, string> }) {
  const response = await fetch(`${base}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
  return { status: response.status, body: (await response.json()) as any };
}

function click(eventId: string, value: unknown = { loopx: encodeCardAction(approve) }, extra: { formValue?: Record<string, string>; createTimeMs?: number } = {}) {
  return cardActionEnvelope({ eventId, openId: 'ou_ana', value, createTimeMs: extra.createTimeMs ?? app.clock.now().getTime(), ...(extra.formValue ? { formValue: extra.formValue } : {}) });
}

describe('/lark/events (webhook mode)', () => {
  it('verifies, decrypts and answers a click with a toast and the current card', async () => {
    const answer = await post(signedLarkRequest(click('ev_1'), { timestampSeconds: nowSeconds() }));
    expect(answer.status).toBe(200);
    expect(answer.body.toast).toEqual({ type: 'success', content: 'Approved.' });
    expect(answer.body.card.type).toBe('raw');
    expect(answer.body.card.data.schema).toBe('2.0');
    expect(recorded.clicks).toEqual([{ identity: 'tenant1:ou_ana', action: approve, reason: null }]);
  });

  it('refuses a bad signature with 401 and runs nothing', async () => {
    const answer = await post(signedLarkRequest(click('ev_2'), { timestampSeconds: nowSeconds(), signWith: 'not-the-key' }));
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthenticated');
    expect(recorded.clicks).toEqual([]);
  });

  it('refuses a request signed 6 minutes ago (outside the ±5 minute window)', async () => {
    const answer = await post(signedLarkRequest(click('ev_3'), { timestampSeconds: nowSeconds() - 360 }));
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toContain('5 minutes');
    expect(recorded.clicks).toEqual([]);
  });

  it('refuses missing signature headers, a wrong verification token and another app', async () => {
    const unsigned = signedLarkRequest(click('ev_4'), { timestampSeconds: nowSeconds() });
    delete unsigned.headers['x-lark-signature'];
    expect((await post(unsigned)).status).toBe(401);
    const wrongToken = cardActionEnvelope({ eventId: 'ev_5', openId: 'ou_ana', value: {}, createTimeMs: 0, token: 'guessed' });
    expect((await post(signedLarkRequest(wrongToken, { timestampSeconds: nowSeconds() }))).status).toBe(401);
    const otherApp = cardActionEnvelope({ eventId: 'ev_6', openId: 'ou_ana', value: {}, createTimeMs: 0, appId: 'cli_other' });
    expect((await post(signedLarkRequest(otherApp, { timestampSeconds: nowSeconds() }))).status).toBe(401);
    expect(recorded.clicks).toEqual([]);
  });

  it('refuses a plaintext (unencrypted) body even when signed', async () => {
    const body = JSON.stringify(click('ev_7'));
    const signed = signedLarkRequest({}, { timestampSeconds: nowSeconds() });
    const { larkSignature } = await import('../../../adapters/lark/webhook-verify.js');
    const headers = { ...signed.headers, 'x-lark-signature': larkSignature(signed.headers['x-lark-request-timestamp'] ?? '', signed.headers['x-lark-request-nonce'] ?? '', LARK_SECRETS.encryptKey, Buffer.from(body)) };
    const answer = await post({ body, headers });
    expect(answer.status).toBe(422);
    expect(recorded.clicks).toEqual([]);
  });

  it('answers the URL check only when it decrypts with our key and carries our token', async () => {
    const challenge = { body: JSON.stringify({ encrypt: encryptLarkPayload({ type: 'url_verification', challenge: 'ch-123', token: LARK_SECRETS.verificationToken }) }), headers: { 'content-type': 'application/json' } };
    expect(await post(challenge)).toEqual({ status: 200, body: { challenge: 'ch-123' } });
    const forged = { body: JSON.stringify({ encrypt: encryptLarkPayload({ type: 'url_verification', challenge: 'x', token: 'guess' }) }), headers: { 'content-type': 'application/json' } };
    expect((await post(forged)).status).toBe(401);
  });

  it('ignores the same event re-pushed an hour later (persistent dedupe on event_id)', async () => {
    expect((await post(signedLarkRequest(click('ev_8'), { timestampSeconds: nowSeconds() }))).status).toBe(200);
    app.clock.advance(60 * 60 * 1000);
    const again = await post(signedLarkRequest(click('ev_8'), { timestampSeconds: nowSeconds() }));
    expect(again).toEqual({ status: 200, body: {} });
    expect(recorded.clicks).toHaveLength(1);
  });

  it('asks for a reason on Reject without one (a toast; the shared card stays as it is), then rejects with it', async () => {
    const reject = { loopx: encodeCardAction({ ...approve, choice: 'reject' }) };
    const first = await post(signedLarkRequest(click('ev_9', reject), { timestampSeconds: nowSeconds() }));
    expect(first.body.toast.type).toBe('info');
    expect(first.body.card).toBeUndefined();
    expect(recorded.clicks).toEqual([]);
    await post(signedLarkRequest(click('ev_10', reject, { formValue: { reason: ' Too risky today ' } }), { timestampSeconds: nowSeconds() }));
    expect(recorded.clicks).toEqual([{ identity: 'tenant1:ou_ana', action: { ...approve, choice: 'reject' }, reason: 'Too risky today' }]);
  });

  it('answers a click on a foreign or malformed button with an error toast', async () => {
    const answer = await post(signedLarkRequest(click('ev_11', { loopx: '{"v":2}' }), { timestampSeconds: nowSeconds() }));
    expect(answer.body.toast.type).toBe('error');
    expect(recorded.clicks).toEqual([]);
  });

  it('runs a mentioned text command, and refuses to run one that is hours old', async () => {
    const fresh = messageEnvelope({ eventId: 'ev_12', openId: 'ou_ana', text: 'approve gate_1 ship it', createTimeMs: app.clock.now().getTime() });
    await post(signedLarkRequest(fresh, { timestampSeconds: nowSeconds() }));
    expect(recorded.texts).toEqual([{ identity: 'tenant1:ou_ana', chatId: 'oc_chat1', text: 'approve gate_1 ship it' }]);
    // The reply goes out after the event is answered (Lark's 3 s), so wait for it.
    await vi.waitFor(() => expect(recorded.replies[0]?.text).toBe('ran: approve gate_1 ship it'));
    const queued = messageEnvelope({ eventId: 'ev_13', openId: 'ou_ana', text: 'approve gate_2', createTimeMs: app.clock.now().getTime() - 2 * 60 * 60 * 1000 });
    await post(signedLarkRequest(queued, { timestampSeconds: nowSeconds() }));
    expect(recorded.texts).toHaveLength(1);
    await vi.waitFor(() => expect(recorded.replies[1]?.text).toContain('too late'));
  });

  it('answers 405 to anything but POST', async () => {
    expect((await fetch(`${base}/lark/events`)).status).toBe(405);
  });
});

describe('the long connection path (SDK dispatcher, as WSClient calls it)', () => {
  it('dispatches a plaintext card.action.trigger envelope to the same handler and answers its body', async () => {
    const answer = (await createLarkDispatcher(handlers()).dispatch(click('ev_ws_1'))) as any;
    expect(answer.toast).toEqual({ type: 'success', content: 'Approved.' });
    expect(answer.card.data.schema).toBe('2.0');
    expect(recorded.clicks).toHaveLength(1);
    expect(await createLarkDispatcher(handlers()).dispatch(click('ev_ws_1'))).toEqual({});
    expect(recorded.clicks).toHaveLength(1);
  });
});
