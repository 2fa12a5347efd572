import { otherLocale, type Locale } from '../../src/kernel/locale.js';
import { toLocal } from '../../src/kernel/zoned-time.js';
import { EVIDENCE_KINDS, type EvidenceKind } from '../../src/kernel/vocabulary.js';
import type { Card } from '../model.js';
import { format, type Message, type Params } from './catalog.js';
import { en, type MessageKey } from './en.js';
import { zhCN } from './zh-CN.js';

export type { MessageKey } from './en.js';
export type { Locale } from '../../src/kernel/locale.js';

/** Every catalog by locale: the English one is the source of keys and placeholders. */
export const CATALOGS: Readonly<Record<Locale, Readonly<Record<MessageKey, Message>>>> = { en, 'zh-CN': zhCN };

type ParamsOf<K extends MessageKey> = Params<(typeof en)[K]>;
type Args<K extends MessageKey> = keyof ParamsOf<K> extends never ? [] : [params: ParamsOf<K>];

/** Says things in one language: catalog texts, and dates and times in the reader's timezone and locale format. */
export interface Translator {
  readonly locale: Locale;
  t<K extends MessageKey>(key: K, ...args: Args<K>): string;
  /** `2026-01-05 14:02 (Asia/Shanghai)` / `2026/01/05 14:02（Asia/Shanghai）`. */
  dateTime(iso: string, timezone: string): string;
  /** `14:02 (Asia/Shanghai)` / `14:02（Asia/Shanghai）`. */
  clockTime(iso: string, timezone: string): string;
  /** `3 days ago` / `3天前` (Intl.RelativeTimeFormat), `just now` / `刚刚` under a minute. */
  ago(from: string, now: string): string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of an instant in a zone, zero-padded (one cached formatter per zone: `toLocal`). */
function parts(iso: string, timezone: string): { year: string; month: string; day: string; hour: string; minute: string } {
  const local = toLocal(new Date(iso), timezone);
  return { year: String(local.year), month: two(local.month), day: two(local.day), hour: two(local.hour), minute: two(local.minute) };
}

function zone(locale: Locale, timezone: string): string {
  return locale === 'en' ? ` (${timezone})` : `（${timezone}）`;
}

/** Whole days (two or more), else whole hours (two or more), else whole minutes between two instants. */
function elapsed(from: string, now: string): { count: number; unit: 'day' | 'hour' | 'minute' } {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(from)) / 60_000));
  if (minutes >= 2 * 1440) return { count: Math.floor(minutes / 1440), unit: 'day' };
  if (minutes >= 120) return { count: Math.floor(minutes / 60), unit: 'hour' };
  return { count: minutes, unit: 'minute' };
}

const translators = new Map<Locale, Translator>();

/** The translator of a locale (cached; pure). */
export function translator(locale: Locale = 'en'): Translator {
  const cached = translators.get(locale);
  if (cached) return cached;
  const catalog = CATALOGS[locale];
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const made: Translator = {
    locale,
    t: (key, ...args) => format(locale, catalog[key], (args[0] ?? {}) as Readonly<Record<string, string | number>>),
    dateTime(iso, timezone) {
      const p = parts(iso, timezone);
      const date = locale === 'en' ? `${p.year}-${p.month}-${p.day}` : `${p.year}/${p.month}/${p.day}`;
      return `${date} ${p.hour}:${p.minute}${zone(locale, timezone)}`;
    },
    clockTime(iso, timezone) {
      const p = parts(iso, timezone);
      return `${p.hour}:${p.minute}${zone(locale, timezone)}`;
    },
    ago(from, now) {
      const { count, unit } = elapsed(from, now);
      return count === 0 ? made.t('time.justNow') : relative.format(-count, unit);
    },
  };
  translators.set(locale, made);
  return made;
}

/** A card that also carries itself in a second language (a bilingual Lark chat); the first card's language leads. */
export function withAlternate(card: Card, alternate: Card): Card {
  return (card.locale ?? 'en') === (alternate.locale ?? 'en') ? card : { ...card, alternate };
}

/** A card for a bilingual chat also carries itself in the other language (drawn by `drawIn`); any other as it is. */
export function inChatLanguages(card: Card, bilingual: boolean, drawIn: (locale: Locale) => Card | null): Card {
  if (!bilingual) return card;
  const other = drawIn(otherLocale(card.locale ?? 'en'));
  return other ? withAlternate(card, other) : card;
}

/** `{ locale }` for a card not in English (renderers follow it), nothing for English: English cards stay as they were. */
export function cardLocale(tr: Translator): { locale?: Locale } {
  return tr.locale === 'en' ? {} : { locale: tr.locale };
}

/** "3 days" / "3 天": how long ago `from` was at `now`, in whole days, hours or minutes. */
export function elapsedIn(tr: Translator, from: string, now: string): string {
  const { count, unit } = elapsed(from, now);
  return tr.t(unit === 'day' ? 'time.days' : unit === 'hour' ? 'time.hours' : 'time.minutes', { count });
}

/** An evidence kind in words ("benchmark" / "基准测试"); a kind LoopX does not know is shown as the agent wrote it. */
export function evidenceKindIn(tr: Translator, kind: string): string {
  return (EVIDENCE_KINDS as readonly string[]).includes(kind) ? tr.t(`evidence.kind.${kind as EvidenceKind}`) : kind.replace(/_/g, ' ');
}

/** Names joined for a sentence: "Ana, Bo and Cy" / "Ana、Bo和Cy". */
export function namesIn(tr: Translator, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? tr.t('names.nobody');
  return tr.t('names.and', { first: names.slice(0, -1).join(tr.t('names.separator')), last: names[names.length - 1]! });
}
