import { describe, expect, it } from 'vitest';
import { formatPostalCode, normalizePostalCode, postalCodeError } from './postal-code';
import { isLegacyTourRequestBody, tourRequestAllowances, tourRequestPreview } from './tour-request';

describe('postal codes', () => {
  it('formats 7 digits as 123-4567 while typing', () => {
    expect(formatPostalCode('150')).toBe('150');
    expect(formatPostalCode('1500')).toBe('150-0');
    expect(formatPostalCode('1500001')).toBe('150-0001');
    expect(formatPostalCode('150-0001')).toBe('150-0001');
    expect(formatPostalCode('15000019')).toBe('150-0001');
    expect(formatPostalCode('１５００００１')).toBe('150-0001');
  });
  it('tells a wrong length from non-digits', () => {
    expect(postalCodeError('')).toBe('required');
    expect(postalCodeError('150-001')).toBe('length');
    expect(postalCodeError('15000012')).toBe('length');
    expect(postalCodeError('15a-0001')).toBe('not_digits');
    expect(postalCodeError('1500001')).toBeNull();
    expect(postalCodeError('150-0001')).toBeNull();
    expect(normalizePostalCode('1500001')).toBe('150-0001');
    expect(normalizePostalCode('abc')).toBeNull();
  });
});

describe('tour request allowances', () => {
  it('adds meals, the transport tier and tickets in yen', () => {
    expect(
      tourRequestAllowances({
        meal: 'shared_meal',
        meals: 2,
        transport: 'same_city',
        tickets: 'pay_on_site_together',
        ticketCount: 3,
      }),
    ).toEqual({
      mealYen: 2000,
      transportYen: 2000,
      ticketsYen: 3000,
      totalYen: 7000,
    });
  });
  it('has all four transport tiers and none', () => {
    const t = (transport: 'same_city' | 'nearby_city' | 'regional_city' | 'remote' | 'none') =>
      tourRequestAllowances({ meal: 'fast_food', meals: 0, transport, tickets: 'no_payment', ticketCount: 5 }).totalYen;
    expect([t('same_city'), t('nearby_city'), t('regional_city'), t('remote'), t('none')]).toEqual([
      2000, 14000, 20000, 33000, 0,
    ]);
  });
});

describe('tour request preview (decision 053)', () => {
  const r = {
    date: '2026-12-01',
    startTime: '10:00',
    durationHours: 3,
    travelers: 2,
    service: { nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' },
  };
  it("sums the request up in the reader's language", () => {
    expect(tourRequestPreview('en', r)).toBe('Tour request · Street food tour · Dec 1, 2026 10:00 · 3 h · 2 travelers');
    expect(tourRequestPreview('zh-CN', r)).toBe('行程请求 · 街头美食之旅 · 2026年12月1日 10:00 · 3 小时 · 2 位旅行者');
    expect(tourRequestPreview('ja', r)).toBe('ツアーリクエスト · 食べ歩きツアー · 2026年12月1日 10:00 · 3時間 · 2名');
  });
  it('leaves out a missing service and says traveler for one', () => {
    expect(tourRequestPreview('en', { ...r, service: null, travelers: 1, durationHours: 1.5 })).toBe(
      'Tour request · Dec 1, 2026 10:00 · 1.5 h · 1 traveler',
    );
  });
  it('recognises the English summary older requests stored as their body', () => {
    expect(isLegacyTourRequestBody('Tour request: 2026-12-05 10:00, 4 h, 2 traveler(s)')).toBe(true);
    expect(isLegacyTourRequestBody('Tour request: please reply soon')).toBe(false);
  });
});
