import { namesIn, translator, type Translator } from '../../cards/i18n/index.js';
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

function why(reply: Extract<LarkReply<unknown>, { ok: false }>, tr: Translator): string {
  return `${reply.code ?? reply.httpStatus ?? tr.t('doctor.lark.networkError')}: ${reply.message}`;
}

function consoleName(domain: LarkDomainSetting, tr: Translator): string {
  return tr.t(domain === 'lark' ? 'doctor.lark.console.lark' : 'doctor.lark.console.feishu');
}

async function credentialsCheck(input: LarkDoctorInput, tr: Translator): Promise<LarkCheck> {
  const reply = await input.api.checkCredentials();
  const name = tr.t('doctor.name.larkCredentials');
  const url = larkBaseUrl(input.domain);
  if (reply.ok) return { name, ok: true, detail: tr.t('doctor.lark.credentials.ok', { url, seconds: reply.data.expiresInSeconds }) };
  return { name, ok: false, detail: tr.t('doctor.lark.credentials.refused', { url, why: why(reply, tr) }), fix: tr.t('doctor.lark.credentials.fix', { console: consoleName(input.domain, tr) }) };
}

async function subscriptionsCheck(input: LarkDoctorInput, tr: Translator): Promise<LarkCheck> {
  const reply = await input.api.readSubscriptions();
  const name = tr.t('doctor.name.larkSubscriptions');
  const console = consoleName(input.domain, tr);
  if (!reply.ok) {
    return { name, ok: false, detail: tr.t('doctor.lark.subscriptions.unreadable', { why: why(reply, tr) }), fix: tr.t('doctor.lark.subscriptions.unreadableFix', { console, names: REQUIRED_LARK_SUBSCRIPTIONS.join(', ') }) };
  }
  const subscribed = new Set([...reply.data.events, ...reply.data.callbacks]);
  const missing = REQUIRED_LARK_SUBSCRIPTIONS.filter((event) => !subscribed.has(event));
  if (missing.length === 0) return { name, ok: true, detail: tr.t('doctor.lark.subscriptions.ok', { names: namesIn(tr, REQUIRED_LARK_SUBSCRIPTIONS) }) };
  const where = tr.t(input.mode === 'ws' ? 'doctor.lark.subscriptions.ws' : 'doctor.lark.subscriptions.webhook');
  return { name, ok: false, detail: tr.t('doctor.lark.subscriptions.missing', { names: missing.join(', ') }), fix: tr.t('doctor.lark.subscriptions.fix', { console, where, names: namesIn(tr, missing) }) };
}

async function membershipCheck(input: LarkDoctorInput, chat: string, tr: Translator): Promise<LarkCheck> {
  const reply = await input.api.isBotInChat(chat);
  const name = tr.t('doctor.name.larkChat', { chat });
  if (reply.ok && reply.data) return { name, ok: true, detail: tr.t('doctor.lark.chat.member') };
  return { name, ok: false, detail: reply.ok ? tr.t('doctor.lark.chat.notMember') : tr.t('doctor.lark.chat.unknown', { why: why(reply, tr) }), fix: tr.t('doctor.lark.chat.fix') };
}

/**
 * The Lark part of `loopx doctor`: the app credentials (a real tenant token), the event and callback
 * subscriptions, and the bot's membership of every bound chat; each failure says what to click.
 */
export async function larkDoctorChecks(input: LarkDoctorInput, tr: Translator = translator('en')): Promise<LarkCheck[]> {
  const credentials = await credentialsCheck(input, tr);
  if (!credentials.ok) return [credentials];
  const checks = [credentials, await subscriptionsCheck(input, tr)];
  for (const chat of input.chats) checks.push(await membershipCheck(input, chat, tr));
  if (input.chats.length === 0) checks.push({ name: tr.t('doctor.name.larkChats'), ok: true, detail: tr.t('doctor.lark.chats.none') });
  return checks;
}
