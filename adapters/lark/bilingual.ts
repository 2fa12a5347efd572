import type { Locale } from '../../src/kernel/locale.js';

// One Lark card in two languages: JSON 2.0 has no whole-card `i18n_elements`, but every text element
// (`plain_text`, `markdown`) takes `i18n_content` and `config.locales` lists the languages the card carries; each
// reader's client shows its own and falls back to `content` (feishu-cards/configure-multi-language-content).

/** Lark's language codes. */
const LARK_LOCALE: Readonly<Record<Locale, string>> = { en: 'en_us', 'zh-CN': 'zh_cn' };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Lays two renders of one card over each other: where their texts differ, `content` keeps the first language and
 * `i18n_content` gives both. Null when the two are not the same card (a list cut differently, another element):
 * the caller then sends the first language alone.
 */
function overlay(first: unknown, second: unknown, codes: readonly [string, string]): unknown {
  if (Array.isArray(first)) {
    if (!Array.isArray(second) || second.length !== first.length) return null;
    const merged = first.map((item, i) => overlay(item, second[i], codes));
    return merged.includes(null) ? null : merged;
  }
  if (isObject(first)) {
    if (!isObject(second) || Object.keys(first).join() !== Object.keys(second).join()) return null;
    const merged: Json = {};
    for (const [key, value] of Object.entries(first)) {
      if (key === 'content' && typeof value === 'string' && typeof second[key] === 'string') {
        merged[key] = value;
        if (value !== second[key]) merged['i18n_content'] = { [codes[0]]: value, [codes[1]]: second[key] };
        continue;
      }
      const inner = overlay(value, second[key], codes);
      if (inner === null) return null;
      merged[key] = inner;
    }
    return merged;
  }
  return first === second ? first : null;
}

/** The bilingual card, or null when the two renders differ in shape; `config.locales` names both languages. */
export function bilingualLarkCard(first: Json, second: Json, locales: readonly [Locale, Locale]): Json | null {
  const codes = [LARK_LOCALE[locales[0]], LARK_LOCALE[locales[1]]] as const;
  const merged = overlay(first, second, codes);
  if (!isObject(merged)) return null;
  return { ...merged, config: { ...(isObject(merged.config) ? merged.config : {}), locales: [...codes] } };
}
