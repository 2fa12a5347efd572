import type { Translator } from '../../cards/i18n/index.js';

/** "2 Dec, 14:05" / "12月2日 14:05" in a timezone and the reader's date format; the page names the zone once. */
export function formatWhen(tr: Translator, iso: string, timezone: string): string {
  const locale = tr.locale === 'en' ? 'en-GB' : tr.locale;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: timezone }).format(new Date(iso));
}
