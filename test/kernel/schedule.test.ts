import { describe, expect, it } from 'vitest';
import { dailyCronAt, parseCron, type CronSpec } from '../../src/kernel/cron.js';
import { intervalBefore, isLateRun, latestFiring, nextFirings, periodKey } from '../../src/kernel/schedule.js';
import { fromLocal, offsetMs, toLocal } from '../../src/kernel/zoned-time.js';

function cron(expression: string): CronSpec {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const iso = (d: Date | undefined) => d?.toISOString();

describe('parseCron', () => {
  it.each([
    ['0 * * * *', { minutes: [0], hours: Array.from({ length: 24 }, (_, i) => i) }],
    ['*/15 9-17 * * 1-5', { minutes: [0, 15, 30, 45], hours: [9, 10, 11, 12, 13, 14, 15, 16, 17] }],
    ['5,35 8 * * *', { minutes: [5, 35], hours: [8] }],
    ['@daily', { minutes: [0], hours: [0] }],
  ])('%s', (expression, expected) => {
    expect(cron(expression)).toMatchObject(expected);
  });

  it('reads day names and treats 7 as Sunday', () => {
    const spec = cron('0 9 * * mon,7');
    expect([...spec.weekdays].sort()).toEqual([0, 1]);
  });

  it.each(['', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', '5-1 * * * *', 'x * * * *', '* * 0 * *'])('refuses %j with a message saying the shape', (expression) => {
    const parsed = parseCron(expression);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('minute hour day-of-month') });
  });

  it('turns a digest time into a daily cron and refuses a bad one', () => {
    expect(dailyCronAt('09:00')).toEqual({ ok: true, value: '0 9 * * *' });
    expect(dailyCronAt('7:05')).toEqual({ ok: true, value: '5 7 * * *' });
    expect(dailyCronAt('24:00').ok).toBe(false);
  });
});

describe('zoned time', () => {
  it('knows the New York offsets either side of the spring-forward change', () => {
    expect(offsetMs(Date.parse('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-5 * 3600_000);
    expect(offsetMs(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * 3600_000);
  });

  it('moves a skipped time forward and takes the earlier of a repeated one', () => {
    expect(iso(fromLocal({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(fromLocal({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(fromLocal({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(toLocal(Date.parse('2026-01-01T16:30:00Z'), 'Asia/Shanghai')).toEqual({ year: 2026, month: 1, day: 2, hour: 0, minute: 30 });
  });
});

describe('latestFiring and nextFirings', () => {
  it('finds the latest hourly firing at or before now, including exactly now', () => {
    const spec = cron('0 * * * *');
    expect(iso(latestFiring(spec, 'UTC', new Date('2026-01-05T09:00:00Z'))?.at)).toBe('2026-01-05T09:00:00.000Z');
    expect(iso(latestFiring(spec, 'UTC', new Date('2026-01-05T09:59:59Z'))?.at)).toBe('2026-01-05T09:00:00.000Z');
  });

  it('owes nothing for firings before the job existed', () => {
    const spec = cron('0 9 * * *');
    expect(latestFiring(spec, 'Europe/Berlin', new Date('2026-01-05T14:00:00Z'), new Date('2026-01-05T13:00:00Z'))).toBeNull();
    expect(iso(latestFiring(spec, 'Europe/Berlin', new Date('2026-01-06T08:01:00Z'), new Date('2026-01-05T13:00:00Z'))?.at)).toBe('2026-01-06T08:00:00.000Z');
  });

  it('lists the next daily 09:00 firings across the New York spring-forward in local time', () => {
    const runs = nextFirings(cron('0 9 * * *'), 'America/New_York', new Date('2026-03-07T00:00:00Z'), 3).map((f) => iso(f.at));
    expect(runs).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('keys digests by local day and heartbeats by local minute', () => {
    const firing = latestFiring(cron('30 0 * * *'), 'Asia/Shanghai', new Date('2026-01-01T16:45:00Z'));
    expect(firing && periodKey(firing, 'day')).toBe('2026-01-02');
    expect(firing && periodKey(firing, 'minute')).toBe('2026-01-02T00:30');
  });

  it('measures the interval before a firing and flags late runs', () => {
    const spec = cron('0 * * * *');
    const firing = latestFiring(spec, 'UTC', new Date('2026-01-05T09:00:00Z'));
    expect(firing && intervalBefore(spec, 'UTC', firing)).toBe(3600_000);
    expect(firing && isLateRun(firing, new Date('2026-01-05T09:04:59Z'))).toBe(false);
    expect(firing && isLateRun(firing, new Date('2026-01-05T09:05:01Z'))).toBe(true);
  });
});
