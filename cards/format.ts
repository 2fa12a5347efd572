// Time and text formatting shared by the card builders. Pure: times are rendered in an explicit timezone.

function parts(iso: string, timezone: string): Record<string, string> {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(formatter.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
}

/** `14:02 (Asia/Shanghai)`: a time of day in the goal's timezone, naming the zone. */
export function clockTime(iso: string, timezone: string): string {
  const p = parts(iso, timezone);
  return `${p.hour}:${p.minute} (${timezone})`;
}

/** `2026-01-05 14:02 (Asia/Shanghai)`: a date and time in the goal's timezone, naming the zone. */
export function dateTime(iso: string, timezone: string): string {
  const p = parts(iso, timezone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} (${timezone})`;
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
