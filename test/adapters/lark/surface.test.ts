import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLarkApi } from '../../../adapters/lark/sdk.js';
import { createLarkSurface, larkUuidOf } from '../../../adapters/lark/surface.js';
import { silentLogger } from '../../../src/app/deps.js';
import { LARK_TEST_BASE, startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { hugeBoardCard, pendingGateCard } from '../../fixtures/cards.js';

// msw first, then the Client: the SDK's axios instance must be created after the interceptor is in place.
let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());
beforeEach(() => lark.reset());

function surface() {
  return createLarkSurface(createLarkApi({ appId: 'cli_test', appSecret: 'secret-ok', domain: LARK_TEST_BASE }), silentLogger);
}

describe('Lark ChatSurface', () => {
  it('fetches a tenant token, then creates an interactive card with a uuid in the chat', async () => {
    const outcome = await surface().post('oc_chat1', pendingGateCard(), { idempotencyKey: 'outbox:42' });
    expect(outcome).toEqual({ kind: 'sent', ref: { destination: 'oc_chat1', messageId: 'om_0001' } });
    expect(lark.calls[0]?.path).toBe('/open-apis/auth/v3/tenant_access_token/internal');
    const [create] = lark.messageCalls();
    expect(create?.authorization).toBe('Bearer t-test-token');
    expect(create?.query.get('receive_id_type')).toBe('chat_id');
    expect(create?.body).toMatchObject({ receive_id: 'oc_chat1', msg_type: 'interactive', uuid: larkUuidOf('outbox:42') });
    expect(JSON.parse(create?.body.content).schema).toBe('2.0');
    expect(larkUuidOf('outbox:42').length).toBeLessThanOrEqual(50);
  });

  it('a retried post with the same idempotency key sends the same uuid and gets the same message back', async () => {
    const s = surface();
    const first = await s.post('oc_chat1', pendingGateCard(), { idempotencyKey: 'outbox:7' });
    const again = await s.post('oc_chat1', pendingGateCard(), { idempotencyKey: 'outbox:7' });
    const uuids = lark.messageCalls().map((c) => c.body.uuid);
    expect(uuids[0]).toBe(uuids[1]);
    expect(again).toEqual(first);
  });

  it('replies in the thread when asked', async () => {
    await surface().post('oc_chat1', pendingGateCard(), { idempotencyKey: 'k', threadOf: { destination: 'oc_chat1', messageId: 'om_root' } });
    const [reply] = lark.messageCalls();
    expect(reply?.path).toBe('/open-apis/im/v1/messages/om_root/reply');
    expect(reply?.body).toMatchObject({ msg_type: 'interactive', reply_in_thread: true });
  });

  it('updates in place with im.v1.message.patch', async () => {
    const s = surface();
    const posted = await s.post('oc_chat1', pendingGateCard(), { idempotencyKey: 'to-patch' });
    if (posted.kind !== 'sent') throw new Error(posted.kind);
    const outcome = await s.update(posted.ref, { ...pendingGateCard(), fallbackText: 'Approved by Ana' });
    expect(outcome).toEqual({ kind: 'sent', ref: posted.ref });
    const patch = lark.messageCalls()[1];
    expect(patch?.method).toBe('PATCH');
    expect(patch?.path).toBe(`/open-apis/im/v1/messages/${posted.ref.messageId}`);
    expect(lark.shown(posted.ref.messageId)).toContain('Approved by Ana');
    expect(JSON.parse(patch?.body.content).config.update_multi).toBe(true);
  });

  it('answers rate_limited with x-ogw-ratelimit-reset on 99991400 in the middle of a burst', async () => {
    lark.script('PATCH /open-apis/im/v1/messages/', { status: 429, body: { code: 99991400, msg: 'request trigger frequency limit' }, headers: { 'x-ogw-ratelimit-reset': '3' } });
    const s = surface();
    const posted = await s.post('oc_chat1', pendingGateCard(), { idempotencyKey: 'burst' });
    if (posted.kind !== 'sent') throw new Error(posted.kind);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await s.update(posted.ref, pendingGateCard()));
    expect(outcomes.map((o) => o.kind)).toEqual(['rate_limited', 'sent', 'sent']);
    expect(outcomes[0]).toEqual({ kind: 'rate_limited', retryAfterMs: 3000 });
  });

  it('waits a second when rate limited without a reset header', async () => {
    lark.script('POST /open-apis/im/v1/messages', { status: 400, body: { code: 99991400, msg: 'frequency limit' } });
    expect(await surface().post('oc_chat1', pendingGateCard(), { idempotencyKey: 'k' })).toEqual({ kind: 'rate_limited', retryAfterMs: 1000 });
  });

  it('answers rejected for errors Lark will never accept (bot not in chat) and failed for 5xx', async () => {
    lark.script('POST /open-apis/im/v1/messages', { status: 400, body: { code: 230002, msg: 'Bot/User can NOT be out of the chat.' } }, { status: 503, body: { code: 1, msg: 'busy' } });
    const s = surface();
    expect(await s.post('oc_gone', pendingGateCard(), { idempotencyKey: 'a' })).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('230002') });
    expect(await s.post('oc_gone', pendingGateCard(), { idempotencyKey: 'b' })).toMatchObject({ kind: 'failed' });
  });

  it('sends a 30 KB+ board cut down to fit, never an over-limit body', async () => {
    const outcome = await surface().post('oc_chat1', hugeBoardCard(300, 400), { idempotencyKey: 'big' });
    expect(outcome.kind).toBe('sent');
    const [create] = lark.messageCalls();
    expect(Buffer.byteLength(JSON.stringify(create?.body))).toBeLessThanOrEqual(30 * 1024);
  });
});
