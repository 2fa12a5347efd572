import { translator, type MessageKey, type Translator } from '../../cards/i18n/index.js';
import type { Viewer } from './auth.js';
import { escapeHtml, Html, interpolate, type HtmlValue } from './html.js';

// The board's words come from the catalog (cards/i18n/web.ts) in the viewer's language.

/** The translator of the viewer's language. */
export function trOf(viewer: Pick<Viewer, 'locale'>): Translator {
  return translator(viewer.locale);
}

const MARK = (i: number) => `\u0000${i}\u0000`;

/**
 * A catalog text as markup: its words escaped, each placeholder filled with escaped text or with markup
 * (`<strong>`, `<code>`). Numbers pass through as numbers, so plurals still choose their form.
 */
export function tHtml(tr: Translator, key: MessageKey, params: Readonly<Record<string, HtmlValue>>): Html {
  const values = Object.values(params);
  const marked = Object.fromEntries(Object.entries(params).map(([name, value], i) => [name, typeof value === 'number' ? value : MARK(i)]));
  const text = (tr.t as (key: MessageKey, params: Readonly<Record<string, string | number>>) => string)(key, marked);
  const markup = escapeHtml(text).replace(/\u0000(\d+)\u0000/g, (_whole, i: string) => interpolate(values[Number(i)]));
  return new Html(markup);
}
