import type { Locale } from '../../src/kernel/locale.js';

/** A plural message: one form per CLDR plural category the language uses (`other` always), chosen by `{count}`. */
export interface PluralMessage {
  readonly one?: string;
  readonly other: string;
}

/** One catalog entry: a text with `{name}` placeholders, or plural forms. */
export type Message = string | PluralMessage;

type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;

/** The placeholders of a message, typed from the English text: `{count}` of a plural is a number. */
export type Params<M extends Message> = M extends string
  ? { readonly [K in PlaceholdersOf<M>]: string | number }
  : M extends PluralMessage
    ? { readonly [K in PlaceholdersOf<M['other']>]: string | number } & { readonly count: number }
    : never;

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/** The placeholder names of a message (every form of a plural), sorted: what the catalog test compares. */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)))].sort();
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralForm(locale: Locale, message: PluralMessage, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const category = rules.select(count);
  return (category === 'one' ? message.one : undefined) ?? message.other;
}

/** Fills a message's placeholders; a plural picks its form with Intl.PluralRules of the locale. */
export function format(locale: Locale, message: Message, params: Readonly<Record<string, string | number>>): string {
  const text = typeof message === 'string' ? message : pluralForm(locale, message, Number(params['count']));
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
