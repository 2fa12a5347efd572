import type { Translator } from '../../cards/i18n/index.js';

// One formatter per language and zone: a goal page formats a time per todo and per piece of evidence.
const whenFormatters = new Map<string, Intl.DateTimeFormat>();

/** "2 Dec, 14:05" / "12月2日 14:05" in a timezone and the reader's date format; the page names the zone once. */
export function formatWhen(tr: Translator, iso: string, timezone: string): string {
  const key = `${tr.locale}\u0000${timezone}`;
  let formatter = whenFormatters.get(key);
  if (!formatter) {
    const locale = tr.locale === 'en' ? 'en-GB' : tr.locale;
    formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: timezone });
    whenFormatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}
