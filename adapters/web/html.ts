import { stripBidi } from '../../src/kernel/public-safe.js';

/** Markup that is already safe to send: only `html` templates and `trustedHtml` constants produce it. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a template may interpolate: text is escaped, Html is kept, lists are joined, empty values vanish. */
export type HtmlValue = string | number | Html | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values; bidi controls (which reorder what is shown) are dropped. */
export function escapeHtml(text: string): string {
  return stripBidi(text).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** One interpolated value as markup: text escaped, Html kept, lists joined, empty values gone. */
export function interpolate(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  return escapeHtml(String(value));
}

/** The one way pages build markup: every interpolated string is escaped, so data can never become markup. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += interpolate(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Marks a constant written in this codebase as markup (never data from a request or the database). */
export function trustedHtml(markup: string): Html {
  return new Html(markup);
}

/** A link target safe to put in href: site-relative paths and http(s) URLs only (no `javascript:`). */
export function safeHref(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
