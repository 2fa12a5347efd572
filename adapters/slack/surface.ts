import type { Card } from '../../cards/model.js';
import { dmUserOf } from '../../src/kernel/reach.js';
import type { ChatSurface, FindPostOutcome, MessageRef, PostOptions, SendOutcome } from '../../src/app/surface.js';
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
  'msg_blocks_too_long',
  'metadata_too_large',
  'restricted_action',
]);
/** Metadata errors come as a family (`invalid_metadata_format`, `invalid_metadata_schema`): none is fixed by a retry. */
const PERMANENT_PREFIXES = ['invalid_metadata_'];

function isPermanent(error: string): boolean {
  return PERMANENT_ERRORS.has(error) || PERMANENT_PREFIXES.some((prefix) => error.startsWith(prefix));
}

/** What a failed Web API call means to the sender: wait, give up on the card, or retry with backoff. */
function failureOutcome(error: unknown): Exclude<SendOutcome, { kind: 'sent' | 'gone' }> {
  const failure = classifySlackError(error);
  if (failure.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterMs: failure.retryAfterMs };
  if (failure.kind === 'platform') return isPermanent(failure.error) ? { kind: 'rejected', reason: failure.error } : { kind: 'failed', reason: failure.error };
  return { kind: 'failed', reason: failure.message };
}

async function call(run: () => Promise<{ ts?: string | undefined; channel?: string | undefined }>, fallback: MessageRef | null): Promise<SendOutcome> {
  try {
    const result = await run();
    const ref = result.ts ? { destination: result.channel ?? fallback?.destination ?? '', messageId: result.ts } : fallback;
    return ref ? { kind: 'sent', ref } : { kind: 'failed', reason: 'Slack answered without a message ts' };
  } catch (error) {
    const outcome = failureOutcome(error);
    // An update of a message deleted by hand: the card is posted afresh, not parked.
    return fallback && outcome.kind === 'rejected' && outcome.reason === 'message_not_found' ? { kind: 'gone', reason: outcome.reason } : outcome;
  }
}

/** The metadata event type every card post carries. */
const CARD_EVENT = 'loopx_card';
/** Slack's `ts` comes from Slack's clock: look this much further back than our own record of the post. */
const CLOCK_SKEW_SECONDS = 300;
/** Pages of 200 messages read before concluding a post never arrived (a very busy channel may hide it). */
const LOOKUP_PAGES = 5;

/** True when a message carries LoopX card metadata with this idempotency key (the SDK types the payload as `{}`). */
function isPostOf(message: { readonly metadata?: { readonly event_type?: string; readonly event_payload?: object } }, idempotencyKey: string): boolean {
  const payload = message.metadata?.event_payload as { readonly idempotency_key?: unknown } | undefined;
  return message.metadata?.event_type === CARD_EVENT && payload?.idempotency_key === idempotencyKey;
}

/**
 * Finds a card post by the idempotency key in its metadata: in the channel's history, or in the thread it
 * replied to (conversations.history / conversations.replies; scopes channels:history, groups:history).
 * A refusal (channel gone, scope missing) answers absent: the post itself then fails or goes ahead as before.
 */
async function findPost(client: SlackWebClient, destination: string, options: PostOptions & { readonly since: Date }): Promise<FindPostOutcome> {
  const base = { channel: destination, oldest: String(Math.floor(options.since.getTime() / 1000) - CLOCK_SKEW_SECONDS), limit: 200, include_all_metadata: true };
  try {
    let cursor: string | undefined;
    for (let page = 0; page < LOOKUP_PAGES; page += 1) {
      const args = { ...base, ...(cursor ? { cursor } : {}) };
      const result = options.threadOf ? await client.conversations.replies({ ...args, ts: options.threadOf.messageId }) : await client.conversations.history(args);
      const match = result.messages?.find((m) => isPostOf(m, options.idempotencyKey));
      if (match?.ts) return { kind: 'found', ref: { destination, messageId: match.ts } };
      cursor = result.response_metadata?.next_cursor;
      if (!result.has_more || !cursor) break;
    }
    return { kind: 'absent' };
  } catch (error) {
    const outcome = failureOutcome(error);
    return outcome.kind === 'rejected' ? { kind: 'absent' } : outcome;
  }
}

/**
 * Resolves an outbox destination to a Slack channel: a `dm:U…` destination is the app's direct-message channel
 * with that user (conversations.open, scope im:write; the same channel every time, remembered), anything else is
 * a channel id already.
 */
function directChannels(client: SlackWebClient): (destination: string) => Promise<string> {
  const known = new Map<string, string>();
  return async (destination) => {
    const user = dmUserOf(destination);
    if (user === null) return destination;
    const cached = known.get(user);
    if (cached) return cached;
    const opened = await client.conversations.open({ users: user });
    const channel = opened.channel?.id;
    if (!channel) throw new Error(`conversations.open gave no channel for ${user}`);
    known.set(user, channel);
    return channel;
  };
}

/**
 * The Slack ChatSurface: chat.postMessage / chat.update with Block Kit rendered from the neutral card.
 * Every post carries message metadata naming the card, so a lost `ts` is found again in the channel (`findPost`).
 */
export function createSlackSurface(client: SlackWebClient, options: RenderOptions = {}): ChatSurface {
  const channelOf = directChannels(client);
  return {
    name: 'slack',
    post(destination: string, card: Card, postOptions) {
      const message = cardToBlockKit(card, options);
      return call(
        async () =>
          client.chat.postMessage({
            channel: await channelOf(destination),
            text: message.text,
            blocks: message.blocks as never,
            unfurl_links: false,
            ...(postOptions.threadOf ? { thread_ts: postOptions.threadOf.messageId } : {}),
            metadata: { event_type: CARD_EVENT, event_payload: { card_key: card.key, idempotency_key: postOptions.idempotencyKey } },
          }),
        null,
      );
    },
    findPost: async (destination, options) => {
      try {
        return await findPost(client, await channelOf(destination), options);
      } catch (error) {
        const outcome = failureOutcome(error);
        return outcome.kind === 'rejected' ? { kind: 'absent' } : outcome;
      }
    },
    update(ref: MessageRef, card: Card) {
      const message = cardToBlockKit(card, options);
      return call(async () => client.chat.update({ channel: await channelOf(ref.destination), ts: ref.messageId, text: message.text, blocks: message.blocks as never }), ref);
    },
  };
}
