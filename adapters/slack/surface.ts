import type { Card } from '../../cards/model.js';
import type { ChatSurface, MessageRef, SendOutcome } from '../../src/app/surface.js';
import { classifySlackError, type SlackWebClient } from './bolt.js';
import { cardToBlockKit, type RenderOptions } from './render.js';

/** Platform errors that retrying cannot fix: the card is parked until a fresh render (or an operator) changes something. */
const PERMANENT_ERRORS: ReadonlySet<string> = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'message_not_found',
  'cant_update_message',
  'edit_window_closed',
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'missing_scope',
  'no_permission',
  'invalid_blocks',
  'msg_too_long',
  'restricted_action',
]);

async function call(run: () => Promise<{ ts?: string | undefined; channel?: string | undefined }>, fallback: MessageRef | null): Promise<SendOutcome> {
  try {
    const result = await run();
    const ref = result.ts ? { destination: result.channel ?? fallback?.destination ?? '', messageId: result.ts } : fallback;
    return ref ? { kind: 'sent', ref } : { kind: 'failed', reason: 'Slack answered without a message ts' };
  } catch (error) {
    const failure = classifySlackError(error);
    if (failure.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterMs: failure.retryAfterMs };
    if (failure.kind === 'platform') return PERMANENT_ERRORS.has(failure.error) ? { kind: 'rejected', reason: failure.error } : { kind: 'failed', reason: failure.error };
    return { kind: 'failed', reason: failure.message };
  }
}

/**
 * The Slack ChatSurface: chat.postMessage / chat.update with Block Kit rendered from the neutral card.
 * Every post carries message metadata naming the card, so a lost `ts` can be found again in the channel.
 */
export function createSlackSurface(client: SlackWebClient, options: RenderOptions = {}): ChatSurface {
  return {
    name: 'slack',
    post(destination: string, card: Card, postOptions) {
      const message = cardToBlockKit(card, options);
      return call(
        () =>
          client.chat.postMessage({
            channel: destination,
            text: message.text,
            blocks: message.blocks as never,
            unfurl_links: false,
            ...(postOptions.threadOf ? { thread_ts: postOptions.threadOf.messageId } : {}),
            metadata: { event_type: 'loopx_card', event_payload: { card_key: card.key, idempotency_key: postOptions.idempotencyKey } },
          }),
        null,
      );
    },
    update(ref: MessageRef, card: Card) {
      const message = cardToBlockKit(card, options);
      return call(() => client.chat.update({ channel: ref.destination, ts: ref.messageId, text: message.text, blocks: message.blocks as never }), ref);
    },
  };
}
