import type { ChatSurface } from './vocabulary.js';

/** The languages LoopX speaks to people. Wire identifiers (error codes, JSON fields, --json) stay English. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** True when `value` names a supported locale exactly (`zh-CN`, `en`). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a new binding speaks when none is given: Chinese on Feishu (LARK_DOMAIN feishu), English on Lark
 * international (any other Lark domain) and on Slack.
 */
export function defaultBindingLocale(surface: ChatSurface, larkDomain: string): Locale {
  return surface === 'lark' && larkDomain === 'feishu' ? 'zh-CN' : 'en';
}
