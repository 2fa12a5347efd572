import { currentCardOfMessage, isBoundDestination } from '../../src/app/chat-context.js';
import { decideFromChat, decisionFromButton, type ChatIdentity, type ChatReply } from '../../src/app/chat-decisions.js';
import { readerLocale, readerTimezone, runChatCommand } from '../../src/app/chat-run.js';
import { translator } from '../../cards/i18n/index.js';
import type { AppDeps } from '../../src/app/deps.js';
import { acceptInboundEvent } from '../../src/app/inbound.js';
import type { CardSource } from '../../src/app/projection/sources.js';
import type { ChatSurface } from '../../src/app/surface.js';
import type { Mount } from '../../src/http/serve.js';
import { cardToLark } from './render.js';
import { createLarkEventHandlers, LARK_STALE_AFTER_MS, type AnswerTone, type CommandAnswer, type LarkCommandPort } from './inbound.js';
import { createLarkApi, createLarkDispatcher, startLarkLongConnection, type LarkApi, type LarkDomainSetting, type LarkEventHandlers, type LarkLongConnection } from './sdk.js';
import { createLarkSurface, larkUuidOf } from './surface.js';
import { createLarkWebhookMount } from './webhook.js';
import { baseChangeOf, type BaseChange } from './base/events.js';

/** What the Lark adapter needs from the configuration. */
export interface LarkAdapterConfig {
  readonly appId: string;
  readonly appSecret: string;
  readonly domain: LarkDomainSetting;
  readonly mode: 'ws' | 'webhook';
  /** Required in webhook mode (config validation refuses to start without them). */
  readonly encryptKey?: string | undefined;
  readonly verificationToken?: string | undefined;
  /** The card sources the projection engine renders from, so a click answers with the card as it is now. */
  readonly sources: readonly CardSource[];
  /** Where Base change events go (the Base engine); without it they are not subscribed in the dispatcher. */
  readonly onBaseChange?: ((change: BaseChange) => void) | undefined;
  /** Buzz people (urgent_app) about an urgent reminder in their DM: a high-risk gate about to expire. Off by default. */
  readonly urgentApp?: boolean;
}

/** The wired Lark adapter. */
export interface LarkAdapter {
  readonly surface: ChatSurface;
  readonly api: LarkApi;
  /** `/lark/events` on the shared server (webhook mode only). */
  readonly mounts: readonly Mount[];
  /** Inbound handlers (what the long connection and the webhook both call). */
  readonly handlers: LarkEventHandlers;
  start(): Promise<void>;
  stop(): void;
}

/** Refusals that are about timing (someone else was faster, the card was old), not about the clicker. */
const INFO_CODES: ReadonlySet<string> = new Set(['gate_not_pending', 'gate_revision_stale']);

function answerOf(reply: ChatReply): CommandAnswer {
  const tone: AnswerTone = reply.ok ? 'success' : INFO_CODES.has(reply.code ?? '') ? 'info' : 'error';
  return { tone, text: reply.text, ...(reply.card ? { card: reply.card } : {}) };
}

/** The application side of Lark inbound: the shared click and text-command paths, for `tenant:open_id` identities. */
export function createLarkCommandPort(deps: AppDeps, sources: readonly CardSource[]): LarkCommandPort {
  const identity = (externalId: string): ChatIdentity => ({ surface: 'lark', externalId });
  return {
    acceptEvent: (eventId) => acceptInboundEvent(deps, 'lark', eventId),
    now: () => deps.clock.now(),
    click({ identity: who, value, reason, eventId, chatId }) {
      const decision = decisionFromButton(value, deps.clock.now(), reason ?? undefined);
      if (!decision) return { tone: 'error', text: translator(readerLocale(deps, identity(who), chatId)).t('lark.notOurs') };
      return answerOf(decideFromChat(deps, identity(who), decision, eventId ? `lark:${eventId}` : undefined, chatId));
    },
    text({ identity: who, chatId, text, messageId }) {
      if (!isBoundDestination(deps, 'lark', chatId)) return { tone: 'info', text: translator(readerLocale(deps, identity(who), chatId)).t('lark.unboundChat') };
      return answerOf(runChatCommand(deps, identity(who), text, `lark:${messageId}`, chatId));
    },
    cardOfMessage: (ref) => currentCardOfMessage(deps, sources, 'lark', ref),
    localeOf: (who, chatId) => readerLocale(deps, identity(who), chatId),
    timezoneOf: (who, chatId) => readerTimezone(deps, identity(who), chatId),
  };
}

/**
 * Builds the Lark adapter: the outbound surface (cards through the SDK Client), the inbound handlers, and
 * either the long connection (LARK_MODE=ws, no public URL) or the verified `/lark/events` route.
 */
export function createLarkAdapter(deps: AppDeps, config: LarkAdapterConfig): LarkAdapter {
  const app = { appId: config.appId, appSecret: config.appSecret, domain: config.domain };
  const api = createLarkApi(app);
  const handlers: LarkEventHandlers = createLarkEventHandlers({
    port: createLarkCommandPort(deps, config.sources),
    async reply(chatId, replyTo, text, card) {
      const uuid = larkUuidOf(`reply:${replyTo}`);
      const sent = card ? await api.replyCard(replyTo, cardToLark(card).content, uuid) : await api.replyText(replyTo, text, uuid);
      if (!sent.ok) deps.logger.warn({ surface: 'lark', chat: chatId, code: sent.code }, 'lark reply was not delivered');
    },
    logger: deps.logger,
    staleAfterMs: LARK_STALE_AFTER_MS,
  });
  const onBaseChange = config.onBaseChange;
  if (onBaseChange) {
    handlers.onBaseChange = async (event) => {
      const change = baseChangeOf(event);
      if (change) onBaseChange(change);
      return {};
    };
  }
  const mounts =
    config.mode === 'webhook' && config.encryptKey && config.verificationToken
      ? [createLarkWebhookMount({ appId: config.appId, encryptKey: config.encryptKey, verificationToken: config.verificationToken }, createLarkDispatcher(handlers), deps.clock, deps.logger)]
      : [];
  let connection: LarkLongConnection | null = null;
  return {
    surface: createLarkSurface(api, deps.logger, { urgentApp: config.urgentApp ?? false }),
    api,
    mounts,
    handlers,
    async start() {
      if (config.mode === 'ws') connection = await startLarkLongConnection(app, handlers);
    },
    stop() {
      connection?.close();
      connection = null;
    },
  };
}
