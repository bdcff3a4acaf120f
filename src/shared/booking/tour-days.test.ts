import { describe, expect, it } from 'vitest';
import { groupPrice } from './money-rules';
import { zonedClockTime, zonedTimeToUtc } from './schedule';
import { addedMinutesByDay, currentTourDay, daysLength, lastDayStartsAt, laterTourDay, tourDays } from './tour-days';

/** The days of a booking of several days and what they are priced as (decision 154). */
describe('tourDays', () => {
  it('starts every day at the first day’s wall-clock time, across a daylight-saving change, the last ending at ends_at', () => {
    // New York moves its clocks back on 2026-11-01: the same 09:00 is 13:00Z, then 14:00Z.
    const endsAt = new Date(zonedTimeToUtc('2026-11-02', 9 * 60, 'America/New_York').getTime() + 9 * 3_600_000);
    const days = tourDays({
      date: '2026-10-31',
      startMinute: 540,
      durationMinutes: 480,
      days: 3,
      timeZone: 'America/New_York',
      startsAt: new Date('2026-10-31T13:00:00.000Z'),
      endsAt,
    });
    expect(days.map((d) => [d.date, d.startsAt.toISOString(), d.endsAt.toISOString()])).toEqual([
      ['2026-10-31', '2026-10-31T13:00:00.000Z', '2026-10-31T21:00:00.000Z'],
      ['2026-11-01', '2026-11-01T14:00:00.000Z', '2026-11-01T22:00:00.000Z'],
      // An extension of an hour lengthened the last day only.
      ['2026-11-02', '2026-11-02T14:00:00.000Z', '2026-11-02T23:00:00.000Z'],
    ]);
  });

  it('is the booking itself for one day', () => {
    const endsAt = new Date('2026-12-03T03:00:00.000Z');
    expect(
      tourDays({
        date: '2026-12-03',
        startMinute: 600,
        durationMinutes: 120,
        days: 1,
        timeZone: 'Asia/Tokyo',
        startsAt: new Date('2026-12-03T01:00:00.000Z'),
        endsAt,
      }),
    ).toEqual([{ date: '2026-12-03', startsAt: new Date('2026-12-03T01:00:00.000Z'), endsAt }]);
  });
});

describe('day 1 after a same-day replacement (decision 140, amended)', () => {
  it('starts at starts_at, later than the booked hour; the other days keep the booked hours', () => {
    // Booked 10:00–18:00 on Dec 12–14 in Tokyo; the replacement starts 14:00 on day 1.
    const b = {
      date: '2026-12-12',
      startMinute: 600,
      durationMinutes: 480,
      days: 3,
      timeZone: 'Asia/Tokyo',
      startsAt: new Date('2026-12-12T05:00:00.000Z'),
      endsAt: new Date('2026-12-14T09:00:00.000Z'),
    };
    expect(
      tourDays(b).map((d) => [d.date, zonedClockTime(d.startsAt, b.timeZone), zonedClockTime(d.endsAt, b.timeZone)]),
    ).toEqual([
      ['2026-12-12', '14:00', '22:00'],
      ['2026-12-13', '10:00', '18:00'],
      ['2026-12-14', '10:00', '18:00'],
    ]);
    expect(lastDayStartsAt(b).toISOString()).toBe('2026-12-14T01:00:00.000Z');
  });

  it('reads a wall-clock time back in the zone, across a daylight-saving change', () => {
    expect(zonedClockTime(new Date('2026-10-31T13:00:00.000Z'), 'America/New_York')).toBe('09:00');
    expect(zonedClockTime(new Date('2026-11-01T14:00:00.000Z'), 'America/New_York')).toBe('09:00');
    expect(zonedClockTime(new Date('2026-12-12T15:30:00.000Z'), 'Asia/Tokyo')).toBe('00:30');
  });
});

describe('on tour over several days (decision 155)', () => {
  const b = {
    date: '2026-12-01',
    startMinute: 540,
    durationMinutes: 480,
    days: 3,
    timeZone: 'Asia/Tokyo',
    startsAt: new Date('2026-12-01T00:00:00.000Z'),
    endsAt: new Date('2026-12-03T09:00:00.000Z'),
  };

  it('an earlier day ends later by the confirmed extensions asked on it; an extension without a day was the last day’s', () => {
    const added = addedMinutesByDay(
      [
        { status: 'confirmed', minutes: 60, day: 1 },
        { status: 'confirmed', minutes: 30, day: 1 },
        { status: 'rejected', minutes: 120, day: 2 },
        { status: 'confirmed', minutes: 60, day: null },
      ],
      3,
    );
    expect(added).toEqual([90, 0, 60]);
    expect(tourDays(b, added).map((d) => d.endsAt.toISOString())).toEqual([
      '2026-12-01T09:30:00.000Z',
      '2026-12-02T08:00:00.000Z',
      '2026-12-03T09:00:00.000Z',
    ]);
  });

  it('the current day is the day of today’s date in the guide’s zone, 1 before and the last after', () => {
    expect(currentTourDay(b, new Date('2026-11-30T14:59:00Z'))).toBe(1); // 23:59 on Nov 30 in Tokyo
    expect(currentTourDay(b, new Date('2026-12-01T23:30:00Z'))).toBe(2); // 08:30 on Dec 2 in Tokyo, before its start
    expect(currentTourDay(b, new Date('2026-12-02T14:59:00Z'))).toBe(2);
    expect(currentTourDay(b, new Date('2026-12-02T15:00:00Z'))).toBe(3);
    expect(currentTourDay(b, new Date('2026-12-10T00:00:00Z'))).toBe(3);
    expect(currentTourDay({ ...b, days: 1 }, new Date('2026-12-10T00:00:00Z'))).toBe(1);
    expect(lastDayStartsAt(b).toISOString()).toBe('2026-12-03T00:00:00.000Z');
  });
});

describe('a later day (decision 158)', () => {
  const b = { date: '2026-12-01', startMinute: 540, days: 3, timeZone: 'Asia/Tokyo' };
  it('is today’s day from the second date on, with its start and the end of its date in the guide’s zone', () => {
    expect(laterTourDay(b, new Date('2026-12-01T10:00:00Z'))).toBeNull(); // 19:00 on day 1
    expect(laterTourDay(b, new Date('2026-12-01T23:30:00Z'))).toEqual({
      day: 2,
      startsAt: new Date('2026-12-02T00:00:00Z'),
      dateEndsAt: new Date('2026-12-02T15:00:00Z'),
    });
    expect(laterTourDay(b, new Date('2026-12-03T05:00:00Z'))).toMatchObject({
      day: 3,
      dateEndsAt: new Date('2026-12-03T15:00:00Z'),
    });
    // After the last date: the last day, whose date is over.
    expect(laterTourDay(b, new Date('2026-12-05T05:00:00Z'))).toMatchObject({
      day: 3,
      dateEndsAt: new Date('2026-12-03T15:00:00Z'),
    });
    expect(laterTourDay({ ...b, days: 1 }, new Date('2026-12-05T05:00:00Z'))).toBeNull();
  });
});

describe('daysLength', () => {
  const rates = { basicPerHourCents: 30_000, additionalPerPersonCents: 3_000, dayRateCents: 200_000, dayHours: 8 };
  it('prices days at the guide’s day hours by the day rate, other days by the hour', () => {
    expect(groupPrice(rates, { adults: 2 }, daysLength(3, 8, 8)).totalCents).toBe(3 * (200_000 + 3_000 * 8));
    expect(groupPrice(rates, { adults: 2 }, daysLength(3, 6, 8)).totalCents).toBe(3 * 6 * (30_000 + 3_000));
  });
});
