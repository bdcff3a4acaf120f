import { describe, expect, it } from 'vitest';
import { dateRangeText, spanText } from './span-text';

describe('the days of a booking in words', () => {
  it('names the span in a month, across months and across years, in the three languages', () => {
    expect(spanText('2026-12-12', 3, 'en')).toBe('3 days, Dec 12–14, 2026');
    expect(spanText('2026-12-12', 3, 'zh-CN')).toBe('3 天（2026年12月12日–14日）');
    expect(spanText('2026-12-12', 3, 'ja')).toBe('3日間（2026年12月12日(土)〜14日(月)）');
    expect(dateRangeText('2026-11-29', '2026-12-02', 'en')).toBe('Nov 29 – Dec 2, 2026');
    expect(dateRangeText('2026-11-29', '2026-12-02', 'zh-CN')).toBe('2026年11月29日–12月2日');
    expect(dateRangeText('2026-11-29', '2026-12-02', 'ja')).toBe('2026年11月29日(日)〜12月2日(水)');
    expect(dateRangeText('2026-12-30', '2027-01-01', 'en')).toBe('Dec 30, 2026 – Jan 1, 2027');
    expect(dateRangeText('2026-12-30', '2027-01-01', 'zh-CN')).toBe('2026年12月30日–2027年1月1日');
    expect(dateRangeText('2026-12-30', '2027-01-01', 'ja')).toBe('2026年12月30日(水)〜2027年1月1日(金)');
  });
  it('leaves the year out when asked', () => {
    expect(spanText('2026-12-12', 3, 'en', { withYear: false })).toBe('3 days, Dec 12–14');
    expect(dateRangeText('2026-12-30', '2027-01-01', 'zh-CN', { withYear: false })).toBe('12月30日–1月1日');
    expect(dateRangeText('2026-12-12', '2026-12-14', 'ja', { withYear: false })).toBe('12月12日(土)〜14日(月)');
  });
  it('names one day when the first is the last', () => {
    expect(dateRangeText('2026-12-13', '2026-12-13', 'en')).toBe('Dec 13, 2026');
    expect(dateRangeText('2026-12-13', '2026-12-13', 'zh-CN', { withYear: false })).toBe('12月13日');
    expect(dateRangeText('2026-12-13', '2026-12-13', 'ja')).toBe('2026年12月13日(日)');
  });
});
