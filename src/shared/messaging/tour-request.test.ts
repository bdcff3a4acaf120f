import { describe, expect, it } from 'vitest';
import { formatPostalCode, normalizePostalCode, postalCodeError } from './postal-code';
import { tourRequestAllowances } from './tour-request';

describe('postal codes (SPEC §5)', () => {
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

describe('tour request allowances (SPEC §9)', () => {
  it('adds meals, the transport tier and tickets in yen', () => {
    expect(tourRequestAllowances({ meal: 'shared_meal', meals: 2, transport: 'same_city', tickets: 'pay_on_site_together', ticketCount: 3 })).toEqual({
      mealYen: 2000,
      transportYen: 2000,
      ticketsYen: 3000,
      totalYen: 7000,
    });
  });
  it('has all four transport tiers and none', () => {
    const t = (transport: 'same_city' | 'nearby_city' | 'regional_city' | 'remote' | 'none') =>
      tourRequestAllowances({ meal: 'fast_food', meals: 0, transport, tickets: 'no_payment', ticketCount: 5 }).totalYen;
    expect([t('same_city'), t('nearby_city'), t('regional_city'), t('remote'), t('none')]).toEqual([2000, 14000, 20000, 33000, 0]);
  });
});
