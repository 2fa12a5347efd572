import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';
import { weekdayOf, type LocalDateTime } from './zoned-time.js';

/** A parsed five-field cron expression (minute hour day-of-month month day-of-week), evaluated in local time. */
export interface CronSpec {
  readonly source: string;
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly daysOfMonth: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number>;
  /** Classic cron rule: when both day fields are restricted, a day matching either one fires. */
  readonly dayOfMonthRestricted: boolean;
  readonly weekdayRestricted: boolean;
}

const MACROS: Readonly<Record<string, string>> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldRule {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly names?: readonly string[];
  readonly namesFrom?: number;
}

const FIELDS: readonly FieldRule[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES, namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: DAY_NAMES, namesFrom: 0 },
];

function valueOf(token: string, rule: FieldRule): number | null {
  const named = rule.names?.indexOf(token.toLowerCase()) ?? -1;
  if (named >= 0) return named + (rule.namesFrom ?? 0);
  if (!/^\d+$/.test(token)) return null;
  const value = Number(token);
  return value >= rule.min && value <= rule.max ? value : null;
}

// One comma-separated part: `*`, `n`, `a-b`, each optionally `/step`.
function expandPart(part: string, rule: FieldRule): number[] | null {
  const [range = '', stepText, extra] = part.split('/');
  if (extra !== undefined) return null;
  const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) ? Number(stepText) : 0;
  if (step < 1) return null;
  let from = rule.min;
  let to = rule.max;
  if (range !== '*') {
    const [a = '', b] = range.split('-');
    const start = valueOf(a, rule);
    const end = b === undefined ? (stepText === undefined ? start : rule.max) : valueOf(b, rule);
    if (start === null || end === null || end < start) return null;
    [from, to] = [start, end];
  }
  const values: number[] = [];
  for (let v = from; v <= to; v += step) values.push(v);
  return values;
}

function expandField(text: string, rule: FieldRule): number[] | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const expanded = expandPart(part, rule);
    if (!expanded) return null;
    for (const v of expanded) values.add(rule.name === 'day of week' && v === 7 ? 0 : v);
  }
  return [...values].sort((a, b) => a - b);
}

/** Parses a cron expression (five fields, names like `mon`/`jan`, or @hourly/@daily/@weekly/@monthly). */
export function parseCron(expression: string): Result<CronSpec, KernelError> {
  const source = expression.trim();
  const fields = (MACROS[source.toLowerCase()] ?? source).split(/\s+/);
  const help = 'use five fields "minute hour day-of-month month day-of-week", e.g. "0 * * * *" (hourly) or "30 9 * * 1-5"';
  if (fields.length !== 5) return fail('invalid_request', `Cron expression "${source}" has ${fields.length} field(s); ${help}.`);
  const expanded: number[][] = [];
  for (const [i, rule] of FIELDS.entries()) {
    const values = expandField(fields[i] ?? '', rule);
    if (!values) return fail('invalid_request', `Cron expression "${source}": bad ${rule.name} field "${fields[i]}" (${rule.min}–${rule.max}); ${help}.`);
    expanded.push(values);
  }
  const [minutes = [], hours = [], days = [], months = [], weekdays = []] = expanded;
  return ok({
    source,
    minutes,
    hours,
    daysOfMonth: new Set(days),
    months: new Set(months),
    weekdays: new Set(weekdays),
    dayOfMonthRestricted: fields[2] !== '*',
    weekdayRestricted: fields[4] !== '*',
  });
}

/** True when the cron fires on this local date (at some of its hours and minutes). */
export function firesOnDay(spec: CronSpec, date: Pick<LocalDateTime, 'year' | 'month' | 'day'>): boolean {
  if (!spec.months.has(date.month)) return false;
  const byMonthDay = spec.daysOfMonth.has(date.day);
  const byWeekday = spec.weekdays.has(weekdayOf(date));
  if (spec.dayOfMonthRestricted && spec.weekdayRestricted) return byMonthDay || byWeekday;
  if (spec.dayOfMonthRestricted) return byMonthDay;
  if (spec.weekdayRestricted) return byWeekday;
  return true;
}

/** A daily cron at `HH:MM` (a binding's digest time). */
export function dailyCronAt(time: string): Result<string, KernelError> {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!match) return fail('invalid_request', `Digest time "${time}" is not HH:MM (24-hour), e.g. 09:00.`);
  return ok(`${Number(match[2])} ${Number(match[1])} * * *`);
}
