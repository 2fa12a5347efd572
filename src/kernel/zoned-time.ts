/** A wall-clock time in some timezone (month 1–12, weekday 0 = Sunday). */
export interface LocalDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of `instant` in `timeZone` (seconds dropped). */
export function toLocal(instant: Date | number, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0 };
}

/** The zone's UTC offset at `instant`, in milliseconds (UTC+8 → +28 800 000). */
export function offsetMs(instant: number, timeZone: string): number {
  const local = toLocal(instant, timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return wall - (instant - (((instant % 60_000) + 60_000) % 60_000));
}

function wallMs(local: LocalDateTime): number {
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
}

/**
 * The instant a wall-clock time names in `timeZone`, resolved like Temporal's "compatible" rule: a time
 * skipped by spring-forward moves forward by the gap, a time repeated by fall-back takes the earlier instant.
 * Offsets are read from Intl a day either side, so any real zone transition (at most one per day) is handled.
 */
export function fromLocal(local: LocalDateTime, timeZone: string): Date {
  const wall = wallMs(local);
  const before = offsetMs(wall - 86_400_000, timeZone);
  const after = offsetMs(wall + 86_400_000, timeZone);
  const candidates = [wall - before, wall - after].filter((t) => offsetMs(t, timeZone) === wall - t);
  if (candidates.length === 0) return new Date(wall - before);
  return new Date(Math.min(...candidates));
}

/** Day of the week of a local date (0 = Sunday). */
export function weekdayOf(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
}

/** The local date `days` after (or before) the given one. */
export function addDays(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>, days: number): Pick<LocalDateTime, 'year' | 'month' | 'day'> {
  const d = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `2026-03-08` for a local date. */
export function formatLocalDate(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): string {
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
}

/** `2026-03-08 09:00` for a local time. */
export function formatLocalDateTime(local: LocalDateTime): string {
  return `${formatLocalDate(local)} ${pad(local.hour)}:${pad(local.minute)}`;
}

/** `2026-03-08 09:00 (America/New_York)`: a time as people in the zone read it, with the zone named. */
export function describeInstant(instant: Date | string, timeZone: string): string {
  return `${formatLocalDateTime(toLocal(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone))} (${timeZone})`;
}
