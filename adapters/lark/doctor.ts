import { larkBaseUrl, type LarkApi, type LarkDomainSetting, type LarkReply } from './sdk.js';

/** One doctor line: what was checked, whether it passed, and what to do when it did not. */
export interface LarkCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly fix?: string;
}

/** The subscriptions LoopX needs: card button callbacks and messages that mention the bot. */
export const REQUIRED_LARK_SUBSCRIPTIONS = ['card.action.trigger', 'im.message.receive_v1'] as const;

/** What the doctor checks against. */
export interface LarkDoctorInput {
  readonly api: LarkApi;
  readonly domain: LarkDomainSetting;
  readonly mode: 'ws' | 'webhook';
  /** Chat ids of `--lark` bindings. */
  readonly chats: readonly string[];
}

function why(reply: Extract<LarkReply<unknown>, { ok: false }>): string {
  return `${reply.code ?? reply.httpStatus ?? 'network error'}: ${reply.message}`;
}

function consoleName(domain: LarkDomainSetting): string {
  return domain === 'lark' ? 'the Lark developer console (open.larksuite.com/app)' : 'the Feishu developer console (open.feishu.cn/app)';
}

async function credentialsCheck(input: LarkDoctorInput): Promise<LarkCheck> {
  const reply = await input.api.checkCredentials();
  if (reply.ok) return { name: 'lark credentials', ok: true, detail: `tenant_access_token issued by ${larkBaseUrl(input.domain)} (valid ${reply.data.expiresInSeconds} s)` };
  return {
    name: 'lark credentials',
    ok: false,
    detail: `${larkBaseUrl(input.domain)} refused the app credentials (${why(reply)})`,
    fix: `copy App ID and App Secret from Credentials & Basic Info in ${consoleName(input.domain)} into LARK_APP_ID / LARK_APP_SECRET; a Lark (international) app needs LARK_DOMAIN=lark`,
  };
}

async function subscriptionsCheck(input: LarkDoctorInput): Promise<LarkCheck> {
  const reply = await input.api.readSubscriptions();
  if (!reply.ok) {
    return {
      name: 'lark subscriptions',
      ok: false,
      detail: `could not read the app's event and callback subscriptions (${why(reply)})`,
      fix: `grant the app the permission to read its own info (application:application:self_manage), or check Events & Callbacks in ${consoleName(input.domain)} by hand: ${REQUIRED_LARK_SUBSCRIPTIONS.join(', ')}`,
    };
  }
  const subscribed = new Set([...reply.data.events, ...reply.data.callbacks]);
  const missing = REQUIRED_LARK_SUBSCRIPTIONS.filter((name) => !subscribed.has(name));
  if (missing.length === 0) return { name: 'lark subscriptions', ok: true, detail: `subscribed to ${REQUIRED_LARK_SUBSCRIPTIONS.join(' and ')}` };
  const where = input.mode === 'ws' ? 'choose "receive through long connection"' : 'set the request URL to <public URL>/lark/events';
  return {
    name: 'lark subscriptions',
    ok: false,
    detail: `missing: ${missing.join(', ')} (buttons do nothing without card.action.trigger)`,
    fix: `in ${consoleName(input.domain)} open Events & Callbacks, ${where}, add ${missing.join(' and ')}, then publish a new app version`,
  };
}

async function membershipCheck(input: LarkDoctorInput, chat: string): Promise<LarkCheck> {
  const reply = await input.api.isBotInChat(chat);
  const name = `lark chat ${chat}`;
  if (reply.ok && reply.data) return { name, ok: true, detail: 'the bot is a member' };
  return {
    name,
    ok: false,
    detail: reply.ok ? 'the bot is not a member of this chat, so its cards cannot be posted' : `could not check membership (${why(reply)})`,
    fix: 'in the chat open Settings > Group bots > Add bot and add the LoopX app (or `loopx goal bind` another chat)',
  };
}

/**
 * The Lark part of `loopx doctor`: the app credentials (a real tenant token), the event and callback
 * subscriptions, and the bot's membership of every bound chat; each failure says what to click.
 */
export async function larkDoctorChecks(input: LarkDoctorInput): Promise<LarkCheck[]> {
  const credentials = await credentialsCheck(input);
  if (!credentials.ok) return [credentials];
  const checks = [credentials, await subscriptionsCheck(input)];
  for (const chat of input.chats) checks.push(await membershipCheck(input, chat));
  if (input.chats.length === 0) checks.push({ name: 'lark chats', ok: true, detail: 'no goal is bound to a Lark chat yet (`loopx goal bind <goal> --lark <chat id>`)' });
  return checks;
}
