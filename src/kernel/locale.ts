import { fail, type KernelError } from './errors.js';
import type { Result } from './result.js';
import type { ChatSurface } from './vocabulary.js';

/** The languages LoopX speaks to people. Wire identifiers (error codes, JSON fields, --json) stay English. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** The languages' names in English, as the CLI says them (`cards in Simplified Chinese`). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', 'zh-CN': 'Simplified Chinese' };

/** The refusal of a locale LoopX does not speak (`--locale zh` and the like), naming the ones it does. */
export function localeRefused(locale: string): Result<never, KernelError> {
  return fail('invalid_request', `--locale is one of ${LOCALES.join(', ')}; got "${locale}".`, { field: 'locale' });
}

/** True when `value` names a supported locale exactly (`zh-CN`, `en`). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The locale an `Accept-Language` header asks for first among ours: any Chinese tag (`zh`, `zh-CN`, `zh-Hans`)
 * reads Simplified Chinese, English reads English; `en` when neither is asked for.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag, q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The other of our two languages: what a bilingual card carries besides its own. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'zh-CN' : 'en';
}

/** The language a POSIX locale setting names (`zh_CN.UTF-8`, `zh_TW`, `en_US.UTF-8`, `C`): Chinese for any `zh`, else English. */
export function localeFromPosix(value: string | undefined): Locale {
  return /^zh(?:[_.@-]|$)/i.test(value ?? '') ? 'zh-CN' : 'en';
}

/**
 * The language a new binding speaks when none is given: Chinese on Feishu (LARK_DOMAIN feishu), English on Lark
 * international (any other Lark domain) and on Slack.
 */
export function defaultBindingLocale(surface: ChatSurface, larkDomain: string): Locale {
  return surface === 'lark' && larkDomain === 'feishu' ? 'zh-CN' : 'en';
}
