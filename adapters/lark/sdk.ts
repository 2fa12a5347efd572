import { dmUserOf } from '../../src/kernel/reach.js';
import * as lark from '@larksuiteoapi/node-sdk';

// The only file that builds the @larksuiteoapi/node-sdk Client: everything else sees the small LarkApi port below
// (and base/api.ts the Base port, on the Client made here).

/** LARK_DOMAIN: `feishu` (open.feishu.cn), `lark` (open.larksuite.com) or an explicit base URL. */
export type LarkDomainSetting = 'feishu' | 'lark' | (string & {});

/** The API base URL a domain setting stands for. */
export function larkBaseUrl(setting: LarkDomainSetting): string {
  if (setting === 'feishu') return 'https://open.feishu.cn';
  if (setting === 'lark') return 'https://open.larksuite.com';
  return setting.replace(/\/+$/, '');
}

function sdkDomain(setting: LarkDomainSetting): lark.Domain | string {
  if (setting === 'feishu') return lark.Domain.Feishu;
  if (setting === 'lark') return lark.Domain.Lark;
  return larkBaseUrl(setting);
}

/** App credentials and where the app lives. */
export interface LarkAppOptions {
  readonly appId: string;
  readonly appSecret: string;
  readonly domain: LarkDomainSetting;
}

/** The answer of one Lark API call, never thrown: platform errors are values the callers map. */
export type LarkReply<T> =
  | { readonly ok: true; readonly data: T }
  | {
      readonly ok: false;
      /** HTTP status, or null when the request never got one (network). */
      readonly httpStatus: number | null;
      /** Lark's body `code` (99991400 rate limited, 230025 card too large, …), when there was one. */
      readonly code: number | null;
      readonly message: string;
      /** `x-ogw-ratelimit-reset`: seconds until the rate-limit window resets. */
      readonly resetSeconds: number | null;
    };

/** What the app registration says it subscribes to (doctor). */
export interface LarkSubscriptions {
  readonly events: readonly string[];
  readonly callbacks: readonly string[];
  readonly mode: string | null;
}

/** The Lark calls LoopX makes. Card content is the JSON string the message APIs take. */
export interface LarkApi {
  createMessage(chatId: string, content: string, uuid: string): Promise<LarkReply<{ messageId: string }>>;
  replyInThread(messageId: string, content: string, uuid: string): Promise<LarkReply<{ messageId: string }>>;
  patchMessage(messageId: string, content: string): Promise<LarkReply<null>>;
  /** Answers a message with plain text (a quoted reply in its chat). */
  replyText(messageId: string, text: string, uuid: string): Promise<LarkReply<{ messageId: string }>>;
  /** Replies to a message with an interactive card (`content`: the card JSON). */
  replyCard(messageId: string, content: string, uuid: string): Promise<LarkReply<{ messageId: string }>>;
  /** Fetches a tenant_access_token with the app credentials (the token itself is never returned). */
  checkCredentials(): Promise<LarkReply<{ expiresInSeconds: number }>>;
  readSubscriptions(): Promise<LarkReply<LarkSubscriptions>>;
  isBotInChat(chatId: string): Promise<LarkReply<boolean>>;
  /** Buzzes a user about a message they received (urgent_app; permission im:message.urgent). */
  urgentApp(messageId: string, openId: string): Promise<LarkReply<null>>;
}

/** The SDK logs whole axios errors (request headers included); we log our own redacted lines instead. */
const quietSdkLogger = { error() {}, warn() {}, info() {}, debug() {}, trace() {} };

interface ApiBody {
  code?: number | undefined;
  msg?: string | undefined;
}

function headerNumber(headers: unknown, name: string): number | null {
  if (typeof headers !== 'object' || headers === null) return null;
  const raw = (headers as Record<string, unknown>)[name];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isFinite(value) ? value : null;
}

/** Turns a thrown axios error (4xx/5xx, network) into a reply, keeping Lark's code and the rate-limit reset. */
function failureOf(error: unknown): LarkReply<never> {
  const response = (error as { response?: { status?: number; data?: unknown; headers?: unknown } } | null)?.response;
  if (!response) return { ok: false, httpStatus: null, code: null, message: error instanceof Error ? error.message : String(error), resetSeconds: null };
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as ApiBody;
  return {
    ok: false,
    httpStatus: response.status ?? null,
    code: typeof body.code === 'number' ? body.code : null,
    message: body.msg ?? `HTTP ${String(response.status)}`,
    resetSeconds: headerNumber(response.headers, 'x-ogw-ratelimit-reset'),
  };
}

/** Runs one SDK call and answers a LarkReply (never throws). */
export async function call<B extends ApiBody, T>(request: () => Promise<B>, pick: (body: B) => T): Promise<LarkReply<T>> {
  try {
    const body = await request();
    if (body.code !== undefined && body.code !== 0) return { ok: false, httpStatus: 200, code: body.code, message: body.msg ?? 'error', resetSeconds: null };
    return { ok: true, data: pick(body) };
  } catch (error) {
    return failureOf(error);
  }
}

const messageIdOf = (body: { data?: { message_id?: string | undefined } | undefined }) => ({ messageId: body.data?.message_id ?? '' });

/** The official Client for an app (token fetch, caching and refresh are the SDK's). */
export function createLarkClient(options: LarkAppOptions): lark.Client {
  return new lark.Client({ appId: options.appId, appSecret: options.appSecret, domain: sdkDomain(options.domain), logger: quietSdkLogger });
}

/** Builds the LarkApi on the official Client. */
export function createLarkApi(options: LarkAppOptions): LarkApi {
  const client = createLarkClient(options);
  const interactive = (content: string, uuid: string) => ({ msg_type: 'interactive', content, uuid });
  return {
    // A `dm:ou_…` destination is a direct message to that user (receive_id_type open_id); anything else is a chat.
    createMessage: (chatId, content, uuid) => {
      const user = dmUserOf(chatId);
      const to = user === null ? { receive_id_type: 'chat_id' as const, receive_id: chatId } : { receive_id_type: 'open_id' as const, receive_id: user };
      return call(() => client.im.v1.message.create({ params: { receive_id_type: to.receive_id_type }, data: { receive_id: to.receive_id, ...interactive(content, uuid) } }), messageIdOf);
    },
    replyInThread: (messageId, content, uuid) =>
      call(() => client.im.v1.message.reply({ path: { message_id: messageId }, data: { ...interactive(content, uuid), reply_in_thread: true } }), messageIdOf),
    patchMessage: (messageId, content) => call(() => client.im.v1.message.patch({ path: { message_id: messageId }, data: { content } }), () => null),
    replyText: (messageId, text, uuid) =>
      call(() => client.im.v1.message.reply({ path: { message_id: messageId }, data: { msg_type: 'text', content: JSON.stringify({ text }), uuid } }), messageIdOf),
    replyCard: (messageId, content, uuid) => call(() => client.im.v1.message.reply({ path: { message_id: messageId }, data: { msg_type: 'interactive', content, uuid } }), messageIdOf),
    checkCredentials: () =>
      call(
        () => client.auth.v3.tenantAccessToken.internal({ data: { app_id: options.appId, app_secret: options.appSecret } }) as Promise<ApiBody & { expire?: number }>,
        (body) => ({ expiresInSeconds: body.expire ?? 0 }),
      ),
    readSubscriptions: () =>
      call(
        () => client.application.v6.application.get({ path: { app_id: options.appId }, params: { lang: 'en_us' } }),
        (body) => ({
          events: body.data?.app?.event?.subscribed_events ?? [],
          callbacks: body.data?.app?.callback?.subscribed_callbacks ?? [],
          mode: body.data?.app?.event?.subscription_type ?? null,
        }),
      ),
    urgentApp: (messageId, openId) =>
      call(() => client.im.v1.message.urgentApp({ path: { message_id: messageId }, params: { user_id_type: 'open_id' }, data: { user_id_list: [openId] } }), () => null),
    isBotInChat: (chatId) => call(() => client.im.v1.chatMembers.isInChat({ path: { chat_id: chatId } }), (body) => body.data?.is_in_chat === true),
  };
}

/** Handlers for the two kinds of inbound traffic; each gets the SDK's flattened event and answers the callback body. */
export interface LarkEventHandlers {
  onCardAction(event: Record<string, unknown>): Promise<unknown>;
  onMessage(event: Record<string, unknown>): Promise<unknown>;
  /** A subscribed Base's records changed (`drive.file.bitable_record_changed_v1`). */
  onBaseChange?(event: Record<string, unknown>): Promise<unknown>;
}

/** Dispatches an already verified and decrypted event envelope to the handlers. */
export interface LarkDispatcher {
  dispatch(envelope: Record<string, unknown>): Promise<unknown>;
}

function createSdkDispatcher(handlers: LarkEventHandlers): lark.EventDispatcher {
  return new lark.EventDispatcher({ logger: quietSdkLogger }).register({
    'card.action.trigger': (data: Record<string, unknown>) => handlers.onCardAction(data),
    'im.message.receive_v1': (data: Record<string, unknown>) => handlers.onMessage(data),
    ...(handlers.onBaseChange ? { 'drive.file.bitable_record_changed_v1': (data: Record<string, unknown>) => handlers.onBaseChange!(data) } : {}),
  } as Record<string, (data: Record<string, unknown>) => Promise<unknown>>);
}

/**
 * The SDK's EventDispatcher for events we verified and decrypted ourselves (webhook mode), or that arrived
 * over the authenticated long connection: the SDK's own check is off because it is weaker than ours.
 */
export function createLarkDispatcher(handlers: LarkEventHandlers): LarkDispatcher {
  const dispatcher = createSdkDispatcher(handlers);
  return { dispatch: (envelope) => dispatcher.invoke(envelope, { needCheck: false }) };
}

/** A running long connection. */
export interface LarkLongConnection {
  readonly state: () => string;
  close(): void;
}

/** Opens the SDK's long connection (LARK_MODE=ws): no public URL, events and card callbacks arrive over it. */
export async function startLarkLongConnection(options: LarkAppOptions, handlers: LarkEventHandlers): Promise<LarkLongConnection> {
  const ws = new lark.WSClient({ appId: options.appId, appSecret: options.appSecret, domain: sdkDomain(options.domain), logger: quietSdkLogger, autoReconnect: true });
  await ws.start({ eventDispatcher: createSdkDispatcher(handlers) });
  return { state: () => ws.getConnectionStatus().state, close: () => ws.close({ force: true }) };
}
