import { describe, expect, it } from 'vitest';
import { SERVICE_CITIES, timeZoneForCity } from './cities';
import { matchLocale } from './locales';

describe('timeZoneForCity', () => {
  it('puts every service city in Asia/Tokyo', () => {
    for (const c of SERVICE_CITIES) expect(timeZoneForCity(c.slug)).toBe('Asia/Tokyo');
    expect(SERVICE_CITIES).toHaveLength(10);
  });
  it('knows cities abroad, case and spacing aside', () => {
    expect(timeZoneForCity('Shanghai')).toBe('Asia/Shanghai');
    expect(timeZoneForCity(' seoul ')).toBe('Asia/Seoul');
    expect(timeZoneForCity('New York')).toBe('America/New_York');
    expect(timeZoneForCity('Sydney')).toBe('Australia/Sydney');
    expect(timeZoneForCity('Mumbai')).toBe('Asia/Kolkata');
    expect(timeZoneForCity('Paris')).toBe('Europe/Paris');
    expect(timeZoneForCity('Bangkok')).toBe('Asia/Bangkok');
  });
  it('falls back to UTC for unknown or missing cities', () => {
    expect(timeZoneForCity('Atlantis')).toBe('UTC');
    expect(timeZoneForCity(undefined)).toBe('UTC');
  });
});

describe('matchLocale', () => {
  it('maps any Chinese tag to zh-CN, English tags to en and Japanese tags to ja', () => {
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-TW')).toBe('zh-CN');
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('ja-JP')).toBe('ja');
    expect(matchLocale('ko-KR')).toBeUndefined();
    expect(matchLocale(null)).toBeUndefined();
  });
});
