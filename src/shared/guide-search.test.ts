import { describe, expect, it } from 'vitest';
import {
  addDays,
  availabilityCalendar,
  dayAvailability,
  isCalendarDate,
  isoWeekday,
  todayInZone,
  weeklyDaysMask,
} from './availability';
import { parseSearchParams, toSearchString } from './guide-search';
import { defaultPriceBand, priceSliderBounds } from './price-slider';

describe('search query string', () => {
  it('round-trips every SPEC parameter with services repeated', () => {
    const qs = 'city=kyoto&language=zh&services=3&services=7&date=2026-12-05&travelers=2&minPrice=100&maxPrice=500';
    const p = parseSearchParams(new URLSearchParams(qs));
    expect(p).toEqual({
      city: 'kyoto',
      language: 'zh',
      services: [3, 7],
      date: '2026-12-05',
      travelers: 2,
      minPrice: 100,
      maxPrice: 500,
      page: 1,
      sort: 'recommended',
    });
    expect(toSearchString(p)).toBe(qs);
  });
  it('drops values that do not parse and swaps a reversed price band', () => {
    const p = parseSearchParams(
      new URLSearchParams(
        'city=paris&language=fr&services=x&date=2026-02-30&travelers=0&minPrice=500&maxPrice=100&page=-2',
      ),
    );
    expect(p).toEqual({
      city: undefined,
      language: undefined,
      services: [],
      date: undefined,
      travelers: undefined,
      minPrice: 100,
      maxPrice: 500,
      page: 1,
      sort: 'recommended',
    });
  });
});

describe('a band in yen (decision 168)', () => {
  it('carries its currency in the address; a band in yuan is written as before', () => {
    const yen = parseSearchParams(new URLSearchParams('city=kyoto&minPrice=2000&maxPrice=10000&currency=JPY'));
    expect(yen).toMatchObject({ minPrice: 2_000, maxPrice: 10_000, currency: 'JPY' });
    expect(toSearchString(yen)).toBe('city=kyoto&minPrice=2000&maxPrice=10000&currency=JPY');
    expect(toSearchString({ ...yen, currency: 'CNY', minPrice: 100, maxPrice: 500 })).toBe(
      'city=kyoto&minPrice=100&maxPrice=500',
    );
    expect(parseSearchParams(new URLSearchParams('currency=EUR')).currency).toBeUndefined();
  });

  it('rounds the yen slider to thousands, with its own default band', () => {
    expect(priceSliderBounds(3_400, 17_200, 'JPY')).toEqual({ min: 3_000, max: 18_000 });
    expect(priceSliderBounds(null, null, 'JPY')).toEqual({ min: 1_000, max: 4_000 });
    expect(defaultPriceBand({ min: 1_000, max: 30_000 }, 'JPY')).toEqual({ min: 2_000, max: 10_000 });
  });
});

describe('price slider', () => {
  it('rounds bounds to multiples of 50 with min ≥ 50 and max ≥ 200', () => {
    expect(priceSliderBounds(150, 790)).toEqual({ min: 150, max: 800 });
    expect(priceSliderBounds(20, 120)).toEqual({ min: 50, max: 200 });
    expect(priceSliderBounds(173, 801)).toEqual({ min: 150, max: 850 });
    expect(priceSliderBounds(null, null)).toEqual({ min: 50, max: 200 });
  });
  it('defaults to 100–500 inside the bounds', () => {
    expect(defaultPriceBand({ min: 50, max: 800 })).toEqual({ min: 100, max: 500 });
    expect(defaultPriceBand({ min: 150, max: 400 })).toEqual({ min: 150, max: 400 });
  });
});

describe('availability', () => {
  const weekly = [
    { weekday: 1, startMinute: 540, endMinute: 1020 },
    { weekday: 6, startMinute: 600, endMinute: 720 },
    { weekday: 6, startMinute: 780, endMinute: 900 },
  ];
  it('knows calendar dates and weekdays', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(weeklyDaysMask(weekly)).toBe(1 | 32);
  });
  it('uses the weekly schedule unless an exception replaces the day', () => {
    expect(dayAvailability('2026-11-23', weekly, [])).toEqual({
      date: '2026-11-23',
      available: true,
      slots: [{ startMinute: 540, endMinute: 1020 }],
    });
    expect(dayAvailability('2026-11-28', weekly, []).slots).toHaveLength(2);
    expect(dayAvailability('2026-11-24', weekly, []).available).toBe(false);
    const off = [{ date: '2026-11-23', available: false, startMinute: null, endMinute: null }];
    expect(dayAvailability('2026-11-23', weekly, off).available).toBe(false);
    const extra = [{ date: '2026-11-24', available: true, startMinute: 600, endMinute: 660 }];
    expect(dayAvailability('2026-11-24', weekly, extra)).toEqual({
      date: '2026-11-24',
      available: true,
      slots: [{ startMinute: 600, endMinute: 660 }],
    });
  });
  it('builds 60 days from today in the guide zone', () => {
    // 2026-11-22 20:00 UTC is already 2026-11-23 in Tokyo.
    const now = new Date('2026-11-22T20:00:00Z');
    expect(todayInZone('Asia/Tokyo', now)).toBe('2026-11-23');
    const days = availabilityCalendar(weekly, [], 'Asia/Tokyo', 60, now);
    expect(days).toHaveLength(60);
    expect(days[0]!.date).toBe('2026-11-23');
    expect(days[59]!.date).toBe(addDays('2026-11-23', 59));
  });
  it('computes the date of fixed-offset zones without a formatter, as the time-zone database does, on both sides of their midnights', () => {
    for (const zone of ['Asia/Tokyo', 'UTC', 'Etc/GMT+12', 'Etc/GMT-14']) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (const at of [
        '2026-11-22T14:59:59.999Z',
        '2026-11-22T15:00:00Z',
        '2026-12-31T15:00:00Z',
        '2028-02-28T15:30:00Z',
        '2026-06-30T23:59:00Z',
        '2026-11-22T11:59:59Z',
        '2026-11-22T12:00:00Z',
        '2026-11-22T09:59:59Z',
        '2026-11-22T10:00:00Z',
      ]) {
        expect(todayInZone(zone, new Date(at)), `${zone} ${at}`).toBe(intl.format(new Date(at)));
      }
    }
    expect(todayInZone('Asia/Tokyo', new Date('2026-11-22T14:59:59Z'))).toBe('2026-11-22');
    expect(todayInZone('Asia/Tokyo', new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });
});

describe('a group by age in the search', () => {
  it('keeps children and infants among the travelers and asks the API for the group by age', async () => {
    const { toApiQuery } = await import('./guide-search-query');
    const p = parseSearchParams(new URLSearchParams('travelers=4&children=1&infants=1'));
    expect(p).toMatchObject({ travelers: 4, children: 1, infants: 1 });
    expect(toSearchString(p)).toBe('travelers=4&children=1&infants=1');
    expect(toApiQuery(p)).toMatchObject({ travelers: 4, adults: 2, children: 1, infants: 1 });
  });
  it('drops ages that leave no adult, or have no travelers, and sends travelers alone then', async () => {
    const { toApiQuery } = await import('./guide-search-query');
    for (const qs of ['travelers=2&children=1&infants=1', 'children=1']) {
      const p = parseSearchParams(new URLSearchParams(qs));
      expect(p.children).toBeUndefined();
      expect(toApiQuery(p).adults).toBeUndefined();
    }
  });
});

describe('the trip’s length in the search (decision 176)', () => {
  it('reads days or hours, writes them back, and asks the API for them with the reader’s currency', async () => {
    const { toApiQuery } = await import('./guide-search-query');
    const p = parseSearchParams(new URLSearchParams('travelers=4&children=1&infants=1&days=3&hours=6'));
    expect(p).toMatchObject({ days: 3, hours: 6 });
    expect(toSearchString(p)).toBe('travelers=4&children=1&infants=1&days=3&hours=6');
    expect(toApiQuery({ ...p, chargeCurrency: 'JPY' })).toMatchObject({
      adults: 2,
      days: 3,
      durationHours: 6,
      chargeCurrency: 'JPY',
    });
  });
  it('drops a length that does not parse', () => {
    for (const qs of ['days=0', 'days=8', 'days=2.5', 'hours=2.25', 'hours=0', 'hours=25', 'hours=x']) {
      const p = parseSearchParams(new URLSearchParams(qs));
      expect([p.days, p.hours], qs).toEqual([undefined, undefined]);
    }
  });
});
