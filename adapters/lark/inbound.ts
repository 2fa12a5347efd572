import { translator, type Locale } from '../../cards/i18n/index.js';
import type { Card } from '../../cards/model.js';
import type { Logger } from '../../src/app/deps.js';
import type { MessageRef } from '../../src/app/surface.js';
import { decodeCardAction } from '../../src/contract/card-action.js';
import { LarkCardActionEvent, LarkMessageEvent, LarkTextContent } from '../../src/contract/lark-events.js';
import { REASON_FIELD } from './elements.js';
import { cardToLark } from './render.js';
import type { LarkEventHandlers } from './sdk.js';

/** How a command went, as the clicker sees it (a Lark toast type). */
export type AnswerTone = 'success' | 'info' | 'warning' | 'error';

/** The shared click and text-command paths answer with a tone and a sentence. */
export interface CommandAnswer {
  readonly tone: AnswerTone;
  readonly text: string;
  /** A card to reply with instead of the text (the review packet). */
  readonly card?: Card;
}

/** What the Lark inbound side needs from the application (built from the app's shared chat-command path). */
export interface LarkCommandPort {
  /** Records an event id; false when it was seen before (Lark re-pushes for hours). */
  acceptEvent(eventId: string): boolean;
  now(): Date;
  /** A button click (or a submitted reject form) by the Lark identity `tenant:open_id` in `chatId`; `value` is the raw button value. */
  click(request: { readonly identity: string; readonly value: string; readonly reason: string | null; readonly eventId: string | null; readonly chatId?: string | undefined }): CommandAnswer;
  /** A text command (`approve gate_x because …`) typed in a chat. */
  text(request: { readonly identity: string; readonly chatId: string; readonly text: string; readonly messageId: string }): CommandAnswer;
  /** The current card of a posted message, rendered fresh from the database (null when it is not ours). */
  cardOfMessage(ref: MessageRef): Card | null;
  /** The language of an answer to `identity` in `chatId`: the person's, else the chat's (default English). */
  localeOf?(identity: string, chatId: string | undefined): Locale;
  /** The timezone times are told in to `identity` in `chatId`: the person's, else the chat's (default UTC). */
  timezoneOf?(identity: string, chatId: string | undefined): string;
}

/** Wiring for the inbound handlers. */
export interface LarkInboundOptions {
  readonly port: LarkCommandPort;
  /** Answers a text command in its chat. */
  reply(chatId: string, replyTo: string, text: string, card?: Card): Promise<void>;
  readonly logger: Logger;
  /** Commands older than this when they arrive (a burst after a reconnect) are not executed. */
  readonly staleAfterMs: number;
}

/** Default age after which a queued command is stale: a person would not expect it to run any more. */
export const LARK_STALE_AFTER_MS = 10 * 60 * 1000;

/** A callback answer: a toast, and the clicked card re-rendered when we have it. */
function callbackAnswer(answer: CommandAnswer, card: Card | null): Record<string, unknown> {
  const toast = { type: answer.tone, content: answer.text };
  return card ? { toast, card: { type: 'raw', data: cardToLark(card).card } } : { toast };
}

/** The chat a callback came from, read loosely from one that does not parse (to answer in that chat's language). */
function chatIdIn(raw: Record<string, unknown>): string | undefined {
  const event = raw['event'] as { context?: { open_chat_id?: unknown } } | undefined;
  const chatId = event?.context?.open_chat_id;
  return typeof chatId === 'string' ? chatId : undefined;
}

/** Card callbacks stamp `header.create_time` in microseconds (message events use milliseconds). */
export function callbackTimeMs(createTime: string | undefined): string | undefined {
  return createTime === undefined ? undefined : String(Math.floor(Number(createTime) / 1000));
}

/**
 * Keeps text we send from mentioning anyone: Lark turns `<at user_id="all"></at>` in a text message into @all, so
 * a zero-width space after `<` leaves any such markup in agent-written text as plain characters.
 */
export function escapeLarkText(text: string): string {
  return text.replace(/<(\/?at\b)/gi, '<\u200b$1');
}

function reasonOf(formValue: Record<string, unknown> | undefined): string | null {
  const raw = formValue?.[REASON_FIELD];
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}

/** Strips the `@_user_1` mention placeholders Lark puts in the text. */
export function commandTextOf(text: string, mentionKeys: readonly string[]): string {
  return mentionKeys.reduce((rest, key) => rest.split(key).join(' '), text).replace(/\s+/g, ' ').trim();
}

/**
 * Card callbacks and text messages, the same whether they came over the long connection or `/lark/events`:
 * dedupe by event id, drop stale commands, resolve `tenant:open_id`, run the shared command path, and answer
 * within Lark's 3 s with a toast and the card as it is now (a text command's reply is sent after the answer).
 */
export function createLarkEventHandlers(options: LarkInboundOptions): LarkEventHandlers {
  const { port, logger } = options;
  const isStale = (createTimeMs: string | undefined) => createTimeMs !== undefined && port.now().getTime() - Number(createTimeMs) > options.staleAfterMs;

  async function onCardAction(raw: Record<string, unknown>): Promise<unknown> {
    const parsed = LarkCardActionEvent.safeParse(raw);
    if (!parsed.success) return callbackAnswer({ tone: 'error', text: translator(port.localeOf?.('', chatIdIn(raw)) ?? 'en').t('lark.unreadableClick') }, null);
    const event = parsed.data;
    if (event.event_id !== undefined && !port.acceptEvent(event.event_id)) return {};
    const { open_message_id: messageId, open_chat_id: chatId } = event.context ?? {};
    const current = () => (messageId && chatId ? port.cardOfMessage({ destination: chatId, messageId }) : null);
    const identity = `${event.operator.tenant_key ?? event.tenant_key ?? ''}:${event.operator.open_id}`;
    // The reader's language is looked up only for the answers said here; a decision's answer comes with the decision.
    const say = (key: 'lark.lateClick' | 'lark.notOurs' | 'lark.reasonFirst') => translator(port.localeOf?.(identity, chatId) ?? 'en').t(key);
    if (isStale(callbackTimeMs(event.create_time))) return callbackAnswer({ tone: 'warning', text: say('lark.lateClick') }, current());
    const value = event.action.value?.loopx;
    const action = decodeCardAction(value);
    if (typeof value !== 'string' || !action) return callbackAnswer({ tone: 'error', text: say('lark.notOurs') }, current());
    const reason = reasonOf(event.action.form_value);
    if (action.choice === 'reject' && reason === null) {
      // A toast only: answering with a card would replace the shared card for everyone in the chat.
      return callbackAnswer({ tone: 'info', text: say('lark.reasonFirst') }, null);
    }
    const answer = port.click({ identity, value, reason, eventId: event.event_id ?? null, chatId });
    return callbackAnswer(answer, current());
  }

  /** Replies after the event is answered (Lark wants the answer within 3 s and re-pushes otherwise). */
  function replyLater(chatId: string, messageId: string, text: string, card?: Card): void {
    setImmediate(() => {
      options.reply(chatId, messageId, escapeLarkText(text), card).catch((error: unknown) => logger.warn({ surface: 'lark', chat: chatId, error: String(error) }, 'lark reply failed'));
    });
  }

  async function onMessage(raw: Record<string, unknown>): Promise<unknown> {
    const parsed = LarkMessageEvent.safeParse(raw);
    if (!parsed.success || parsed.data.message.message_type !== 'text') return {};
    const { message, sender } = parsed.data;
    if (parsed.data.event_id !== undefined && !port.acceptEvent(parsed.data.event_id)) return {};
    if (sender.sender_type !== undefined && sender.sender_type !== 'user') return {};
    const content = (() => {
      try {
        return LarkTextContent.safeParse(JSON.parse(message.content));
      } catch {
        return null;
      }
    })();
    if (!content?.success) return {};
    const text = commandTextOf(content.data.text, (message.mentions ?? []).map((m) => m.key));
    const identity = `${sender.tenant_key ?? parsed.data.tenant_key ?? ''}:${sender.sender_id.open_id}`;
    if (isStale(message.create_time)) {
      logger.warn({ surface: 'lark', chat: message.chat_id, message: message.message_id }, 'stale lark command not executed');
      const sentAt = new Date(Number(message.create_time)).toISOString();
      const tr = translator(port.localeOf?.(identity, message.chat_id) ?? 'en');
      const time = tr.clockTime(sentAt, port.timezoneOf?.(identity, message.chat_id) ?? 'UTC');
      replyLater(message.chat_id, message.message_id, tr.t('lark.lateCommand', { text, time }));
      return {};
    }
    const answer = port.text({ identity, chatId: message.chat_id, text, messageId: message.message_id });
    replyLater(message.chat_id, message.message_id, answer.text, answer.card);
    return {};
  }

  return { onCardAction, onMessage };
}
