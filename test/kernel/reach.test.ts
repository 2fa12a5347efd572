import { describe, expect, it } from 'vitest';
import { dmSurfaces, effectiveVia, mayReachNow, parseQuietHours, quietUntil, type Reachable } from '../../src/kernel/reach.js';

const li = (over: Partial<Reachable> = {}): Reachable => ({ timezone: 'Asia/Shanghai', notifyVia: null, quietHours: '22:00-08:00', identities: [{ surface: 'slack', externalId: 'T1:ULI' }], ...over });
// 15:00 UTC is 23:00 in Shanghai (inside 22:00-08:00); 03:00 UTC is 11:00 there (outside).
const NIGHT = new Date('2026-03-09T15:00:00.000Z');
const DAY = new Date('2026-03-09T03:00:00.000Z');

describe('reach rules (kernel)', () => {
  it('parses quiet hours, wrapping past midnight or not, and refuses anything else', () => {
    expect(parseQuietHours('22:00-08:00')).toEqual({ ok: true, value: { start: 1320, end: 480 } });
    expect(parseQuietHours('off')).toEqual({ ok: true, value: null });
    for (const bad of ['24:00-08:00', '22-08', '08:00-08:00', '22:00-08:00-09:00']) expect(parseQuietHours(bad).ok).toBe(false);
  });

  it('knows when the quiet window a time falls in ends, in the person’s timezone', () => {
    expect(quietUntil(li(), NIGHT)?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(quietUntil(li(), DAY)).toBeNull();
    expect(quietUntil(li({ quietHours: '09:00-12:00' }), DAY)?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('reaches nobody in quiet hours, except about a high-risk gate that expires before they end', () => {
    expect(mayReachNow(li(), DAY)).toBe(true);
    expect(mayReachNow(li(), NIGHT)).toBe(false);
    expect(mayReachNow(li(), NIGHT, { risk: 'high', expiresAt: '2026-03-09T20:00:00.000Z' })).toBe(true);
    expect(mayReachNow(li(), NIGHT, { risk: 'high', expiresAt: '2026-03-10T06:00:00.000Z' })).toBe(false);
    expect(mayReachNow(li(), NIGHT, { risk: 'normal', expiresAt: '2026-03-09T20:00:00.000Z' })).toBe(false);
  });

  it('reaches by DM where linked unless told otherwise', () => {
    expect(effectiveVia(li())).toBe('slack-dm');
    expect(dmSurfaces(li({ identities: [{ surface: 'slack', externalId: 'T1:ULI' }, { surface: 'lark', externalId: 't:ou_li' }] }))).toEqual(['slack', 'lark']);
    expect(dmSurfaces(li({ notifyVia: 'lark-dm' }))).toEqual([]);
    expect(dmSurfaces(li({ notifyVia: 'channel' }))).toEqual([]);
    expect(effectiveVia(li({ identities: [] }))).toBe('channel');
  });
});
