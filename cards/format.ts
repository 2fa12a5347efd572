// Time and text formatting shared by the card builders. Pure: times are rendered in an explicit timezone.
import { translator } from './i18n/index.js';

/** `2026-01-05 14:02 (Asia/Shanghai)`: a date and time in the goal's timezone, naming the zone (English; see `translator`). */
export function dateTime(iso: string, timezone: string): string {
  return translator('en').dateTime(iso, timezone);
}

/** Capitalises the first letter (surface names in outcome lines: `via Slack`). */
export function capitalise(word: string): string {
  return word.length === 0 ? word : `${word[0]!.toUpperCase()}${word.slice(1)}`;
}

/** Shortens text to `max` characters with an ellipsis; cards keep items to one readable line. */
export function clip(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, Math.max(0, max - 1))}…`;
}
