import { describe, expect, it } from 'vitest';
import { groupPrice } from './money-rules';
import { zonedTimeToUtc } from './schedule';
import { daysLength, tourDays } from './tour-days';

/** The days of a booking of several days and what they are priced as (decision 154). */
describe('tourDays', () => {
  it('starts every day at the first day’s wall-clock time, across a daylight-saving change, the last ending at ends_at', () => {
    // New York moves its clocks back on 2026-11-01: the same 09:00 is 13:00Z, then 14:00Z.
    const endsAt = new Date(zonedTimeToUtc('2026-11-02', 9 * 60, 'America/New_York').getTime() + 9 * 3_600_000);
    const days = tourDays({ date: '2026-10-31', startMinute: 540, durationMinutes: 480, days: 3, timeZone: 'America/New_York', endsAt });
    expect(days.map((d) => [d.date, d.startsAt.toISOString(), d.endsAt.toISOString()])).toEqual([
      ['2026-10-31', '2026-10-31T13:00:00.000Z', '2026-10-31T21:00:00.000Z'],
      ['2026-11-01', '2026-11-01T14:00:00.000Z', '2026-11-01T22:00:00.000Z'],
      // An extension of an hour lengthened the last day only.
      ['2026-11-02', '2026-11-02T14:00:00.000Z', '2026-11-02T23:00:00.000Z'],
    ]);
  });

  it('is the booking itself for one day', () => {
    const endsAt = new Date('2026-12-03T03:00:00.000Z');
    expect(tourDays({ date: '2026-12-03', startMinute: 600, durationMinutes: 120, days: 1, timeZone: 'Asia/Tokyo', endsAt })).toEqual([
      { date: '2026-12-03', startsAt: new Date('2026-12-03T01:00:00.000Z'), endsAt },
    ]);
  });
});

describe('daysLength', () => {
  const rates = { basicPerHourCents: 30_000, additionalPerPersonCents: 3_000, dayRateCents: 200_000, dayHours: 8 };
  it('prices days at the guide’s day hours by the day rate, other days by the hour', () => {
    expect(groupPrice(rates, { adults: 2 }, daysLength(3, 8, 8)).totalCents).toBe(3 * (200_000 + 3_000 * 8));
    expect(groupPrice(rates, { adults: 2 }, daysLength(3, 6, 8)).totalCents).toBe(3 * 6 * (30_000 + 3_000));
  });
});
