import { createHash } from 'node:crypto';
import type { Card } from '../../cards/model.js';
import type { Logger } from '../../src/app/deps.js';
import type { ChatSurface, MessageRef, PostOptions, SendOutcome } from '../../src/app/surface.js';
import { dmUserOf } from '../../src/kernel/reach.js';
import { cardToLark } from './render.js';
import type { LarkApi, LarkReply } from './sdk.js';

/** Lark's rate-limit answers: the gateway's 99991400 and the message-send frequency limit 230020. */
const RATE_LIMIT_CODES = new Set([99991400, 230020]);
/** Token problems the SDK fixes on the next call by fetching a fresh tenant_access_token: retry, don't give up. */
const TRANSIENT_CODES = new Set([99991663, 99991664, 99991661]);
/** A JSON 2.0 card takes updates (and clicks) for 14 days; a patch after that answers 230031. */
export const LARK_UPDATABLE_MS = 14 * 24 * 60 * 60 * 1000;
const TOO_OLD_TO_PATCH = 230031;
/** When Lark says "slow down" without a reset header, wait this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 1000;

/**
 * Lark's `uuid` (≤ 50 characters) makes message creation idempotent: a retried send within Lark's dedupe window
 * returns the first message instead of posting a second card. Derived from the outbox key so a restart reuses it.
 */
export function larkUuidOf(idempotencyKey: string): string {
  return `lx-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
}

/** Maps one Lark reply to what the projection engine needs: sent, wait, give up, or retry. */
export function outcomeOf(reply: LarkReply<unknown>, ref: MessageRef | null): SendOutcome {
  if (reply.ok) return ref ? { kind: 'sent', ref } : { kind: 'failed', reason: 'Lark answered without a message_id' };
  const label = `Lark ${reply.code ?? reply.httpStatus ?? 'network'}: ${reply.message}`;
  if (reply.httpStatus === 429 || (reply.code !== null && RATE_LIMIT_CODES.has(reply.code))) {
    return { kind: 'rate_limited', retryAfterMs: reply.resetSeconds === null ? DEFAULT_RATE_LIMIT_WAIT_MS : Math.max(1, reply.resetSeconds) * 1000 };
  }
  if (reply.httpStatus === null || reply.httpStatus >= 500 || (reply.code !== null && TRANSIENT_CODES.has(reply.code))) return { kind: 'failed', reason: label };
  return { kind: 'rejected', reason: label };
}

/** The Lark ChatSurface: renders neutral cards to JSON 2.0 and sends, replies or patches them through the SDK. */
export function createLarkSurface(api: LarkApi, logger: Logger, settings: { urgentApp?: boolean } = {}): ChatSurface {
  function logged(action: string, destination: string, outcome: SendOutcome): SendOutcome {
    if (outcome.kind !== 'sent') logger.warn({ surface: 'lark', action, destination, outcome: outcome.kind, ...('reason' in outcome ? { reason: outcome.reason } : {}) }, 'lark send did not go through');
    return outcome;
  }
  // urgent_app on a direct message, when enabled (LARK_URGENT_APP=on); the card is delivered either way.
  async function buzz(ref: MessageRef): Promise<void> {
    const user = dmUserOf(ref.destination);
    if (user === null) return;
    const reply = await api.urgentApp(ref.messageId, user);
    if (!reply.ok) logger.warn({ surface: 'lark', destination: ref.destination, reason: reply.message }, 'lark urgent_app refused (does the app have im:message.urgent?)');
  }
  return {
    name: 'lark',
    async post(destination: string, card: Card, options: PostOptions): Promise<SendOutcome> {
      const { content, degradeLevel } = cardToLark(card);
      if (degradeLevel > 0) logger.info({ surface: 'lark', card: card.key, degradeLevel }, 'card cut to fit Lark limits');
      const uuid = larkUuidOf(options.idempotencyKey);
      const reply = options.threadOf ? await api.replyInThread(options.threadOf.messageId, content, uuid) : await api.createMessage(destination, content, uuid);
      const ref = reply.ok && reply.data.messageId ? { destination, messageId: reply.data.messageId } : null;
      if (ref && card.urgent && settings.urgentApp) await buzz(ref);
      return logged('post', destination, outcomeOf(reply, ref));
    },
    async update(ref: MessageRef, card: Card): Promise<SendOutcome> {
      const reply = await api.patchMessage(ref.messageId, cardToLark(card).content);
      // Past its 14 days a card cannot be patched: post it afresh instead of giving up on it.
      if (!reply.ok && reply.code === TOO_OLD_TO_PATCH) return { kind: 'gone', reason: `Lark ${TOO_OLD_TO_PATCH}: ${reply.message}` };
      return logged('update', ref.destination, outcomeOf(reply, ref));
    },
    updatableForMs: LARK_UPDATABLE_MS,
  };
}
