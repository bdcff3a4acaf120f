import { describe, expect, it } from 'vitest';
import { durationText } from './duration';
import { tourLengthText } from './tour-length';

describe('durationText', () => {
  it('reads whole hours as hours and the rest as minutes, in both languages', () => {
    expect(durationText(4.25, 'en')).toBe('4 h 15 min');
    expect(durationText(4.25, 'zh-CN')).toBe('4 小时 15 分钟');
    expect(durationText(4, 'en')).toBe('4 hours');
    expect(durationText(1, 'en')).toBe('1 hour');
    expect(durationText(4, 'zh-CN')).toBe('4 小时');
    expect(durationText(0.25, 'en')).toBe('15 min');
    expect(durationText(0.25, 'zh-CN')).toBe('15 分钟');
    expect(durationText(2.5, 'en')).toBe('2 h 30 min');
    expect(durationText(3.75, 'zh-CN')).toBe('3 小时 45 分钟');
  });
});

describe('tourLengthText', () => {
  it.each([
    [3, 8, 'ja', '3日間 × 8時間'],
    [3, 8, 'zh-CN', '3 天 × 8 小时'],
    [3, 8, 'en', '3 days × 8 hours'],
    [2, 6.5, 'en', '2 days × 6 h 30 min'],
    [1, 8, 'ja', '8時間'],
    [undefined, 2, 'zh-CN', '2 小时'],
  ] as const)('%s days of %s hours in %s: %s', (days, hours, locale, text) => {
    expect(tourLengthText(days, hours, locale)).toBe(text);
  });
});
