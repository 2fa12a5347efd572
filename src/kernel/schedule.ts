import { firesOnDay, type CronSpec } from './cron.js';
import { addDays, formatLocalDate, formatLocalDateTime, fromLocal, toLocal, type LocalDateTime } from './zoned-time.js';

/** One moment a schedule fires: the instant, and the wall-clock time it was scheduled for. */
export interface Firing {
  readonly at: Date;
  readonly local: LocalDateTime;
}

/** How far back or ahead a schedule is searched (a yearly cron still fires within it). */
const SEARCH_DAYS = 400;

/** A run that starts more than this after its firing is reported as late (downtime, not tick jitter). */
export const LATE_AFTER_MS = 5 * 60_000;

type LocalDate = Pick<LocalDateTime, 'year' | 'month' | 'day'>;

function firingsOfHour(spec: CronSpec, timeZone: string, date: LocalDate, hour: number): Firing[] {
  return spec.minutes.map((minute) => {
    const local = { ...date, hour, minute };
    return { at: fromLocal(local, timeZone), local };
  });
}

// The latest firing at or before `now` on one local day. Hours are scanned from the latest down; one more
// hour is checked after the first hit because a time skipped by spring-forward resolves to a later instant.
function latestOnDay(spec: CronSpec, timeZone: string, date: LocalDate, now: number): Firing | null {
  if (!firesOnDay(spec, date)) return null;
  let best: Firing | null = null;
  let foundAtHour: number | null = null;
  for (let i = spec.hours.length - 1; i >= 0; i -= 1) {
    const hour = spec.hours[i] ?? 0;
    if (foundAtHour !== null && hour < foundAtHour - 1) break;
    for (const firing of firingsOfHour(spec, timeZone, date, hour)) {
      if (firing.at.getTime() <= now && (best === null || firing.at > best.at)) {
        best = firing;
        foundAtHour ??= hour;
      }
    }
  }
  return best;
}

/**
 * The latest firing at or before `now`, never before `notBefore` (a job created at 15:00 owes nothing for
 * 09:00 that day). Everything missed collapses into this one firing: a restart runs it once, marked late.
 */
export function latestFiring(spec: CronSpec, timeZone: string, now: Date, notBefore?: Date): Firing | null {
  const today = toLocal(now, timeZone);
  for (let back = 0; back <= SEARCH_DAYS; back += 1) {
    const date = addDays(today, -back);
    const found = latestOnDay(spec, timeZone, date, now.getTime());
    if (found) return notBefore && found.at < notBefore ? null : found;
    if (notBefore && fromLocal({ ...date, hour: 0, minute: 0 }, timeZone) < notBefore) return null;
  }
  return null;
}

/** The next `count` firings strictly after `after`, in time order (a skipped spring-forward time collapses). */
export function nextFirings(spec: CronSpec, timeZone: string, after: Date, count: number): Firing[] {
  const start = toLocal(after, timeZone);
  const found: Firing[] = [];
  for (let ahead = 0; ahead <= SEARCH_DAYS && found.length < count; ahead += 1) {
    const date = addDays(start, ahead);
    if (!firesOnDay(spec, date)) continue;
    const day = spec.hours.flatMap((hour) => firingsOfHour(spec, timeZone, date, hour)).filter((f) => f.at > after);
    day.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const firing of day) {
      const last = found[found.length - 1];
      if (!last || firing.at > last.at) found.push(firing);
    }
  }
  return found.slice(0, count);
}

/** The gap between this firing and the one before it: the schedule's interval as of `firing`. */
export function intervalBefore(spec: CronSpec, timeZone: string, firing: Firing): number | null {
  const previous = latestFiring(spec, timeZone, new Date(firing.at.getTime() - 1));
  return previous ? firing.at.getTime() - previous.at.getTime() : null;
}

/**
 * The period a firing stands for, as a run-record key. Heartbeats are keyed by their local minute; digests by
 * their local day, so a digest runs exactly once per local day whatever DST or a changed time does.
 */
export function periodKey(firing: Firing, granularity: 'minute' | 'day'): string {
  return granularity === 'day' ? formatLocalDate(firing.local) : formatLocalDateTime(firing.local).replace(' ', 'T');
}

/** True when a run starting at `now` for `firing` is late (it was missed while the process was down). */
export function isLateRun(firing: Firing, now: Date): boolean {
  return now.getTime() - firing.at.getTime() > LATE_AFTER_MS;
}
