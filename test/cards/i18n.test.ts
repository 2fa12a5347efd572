import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../cards/i18n/catalog.js';
import { CATALOGS, namesIn, translator } from '../../cards/i18n/index.js';
import { LOCALES } from '../../src/kernel/locale.js';

describe('the message catalog', () => {
  const english = CATALOGS.en;

  it.each(LOCALES)('%s has exactly the English keys, each with the same placeholders', (locale) => {
    const catalog = CATALOGS[locale];
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english) as (keyof typeof english)[]) {
      expect({ key, placeholders: placeholdersOf(catalog[key]) }).toEqual({ key, placeholders: placeholdersOf(english[key]) });
      expect(catalog[key], key).not.toBe('');
    }
  });

  it('picks plural forms with Intl.PluralRules of the locale', () => {
    expect(translator('en').t('board.gates.more', { count: 1 })).toBe('and 1 more pending gate: /loopx gates lists them all.');
    expect(translator('en').t('board.gates.more', { count: 3 })).toBe('and 3 more pending gates: /loopx gates lists them all.');
    expect(translator('zh-CN').t('board.gates.more', { count: 1 })).toContain('还有 1 个');
  });

  it('writes dates in the reader timezone and the locale format', () => {
    const at = '2026-01-05T06:02:00.000Z';
    expect(translator('en').dateTime(at, 'Asia/Shanghai')).toBe('2026-01-05 14:02 (Asia/Shanghai)');
    expect(translator('zh-CN').dateTime(at, 'Asia/Shanghai')).toBe('2026/01/05 14:02（Asia/Shanghai）');
    expect(translator('zh-CN').clockTime(at, 'America/New_York')).toBe('01:02（America/New_York）');
  });

  it('says how long ago with Intl.RelativeTimeFormat, in whole days, hours or minutes', () => {
    const now = '2026-01-05T12:00:00.000Z';
    expect(translator('en').ago('2026-01-02T11:00:00.000Z', now)).toBe('3 days ago');
    expect(translator('zh-CN').ago('2026-01-02T11:00:00.000Z', now)).toBe('3天前');
    expect(translator('zh-CN').ago('2026-01-05T09:30:00.000Z', now)).toBe('2小时前');
    expect(translator('en').ago('2026-01-05T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(translator('en').ago('2026-01-05T12:00:30.000Z', now)).toBe('just now');
    expect(translator('zh-CN').ago('2026-01-05T12:00:00.000Z', now)).toBe('刚刚');
  });

  it('joins names the way each language does', () => {
    expect(namesIn(translator('en'), ['Ana', 'Bo', 'Cy'])).toBe('Ana, Bo and Cy');
    expect(namesIn(translator('zh-CN'), ['李雷', '韩梅梅', 'Cy'])).toBe('李雷、韩梅梅和Cy');
    expect(namesIn(translator('zh-CN'), [])).toBe('无人');
  });
});
