import { describe, expect, it } from 'vitest';
import { createLarkEventHandlers, LARK_STALE_AFTER_MS } from '../../../adapters/lark/inbound.js';
import { silentLogger } from '../../../src/app/deps.js';
import { messageEnvelope } from '../../helpers/lark-signing.js';

describe('Lark message events', () => {
  it('answers the event before replying (Lark wants the answer within 3 s; the reply is a separate API call)', async () => {
    const now = new Date('2026-01-05T09:00:00Z');
    const replies: string[] = [];
    const handlers = createLarkEventHandlers({
      port: { acceptEvent: () => true, now: () => now, click: () => ({ tone: 'success', text: 'ok' }), text: () => ({ tone: 'info', text: 'status: fine' }), cardOfMessage: () => null },
      reply: async (_chat, _to, text) => void replies.push(text),
      logger: silentLogger,
      staleAfterMs: LARK_STALE_AFTER_MS,
    });
    // The SDK hands the handler the event with the header fields merged in.
    const envelope = messageEnvelope({ eventId: 'ev_1', openId: 'ou_ana', text: 'status', createTimeMs: now.getTime() });
    await handlers.onMessage({ ...envelope.header, ...envelope.event });
    expect(replies).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(replies).toEqual(['status: fine']);
  });
});
