import { describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../availability';
import {
  BOOKING_HORIZON_DAYS,
  bookableCalendar,
  bookableSlots,
  bookingWindow,
  slotAt,
  startOfTourDay,
  timeRefusal,
  timeToMinutes,
  withinBookingHorizon,
  zonedTimeToUtc,
  zoneOffsetMinutes,
} from './schedule';

const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 }));

describe('schedule', () => {
  it('converts wall-clock times in a zone to UTC, across daylight saving', () => {
    expect(zonedTimeToUtc('2026-12-10', 540, 'Asia/Tokyo').toISOString()).toBe('2026-12-10T00:00:00.000Z');
    expect(zonedTimeToUtc('2026-12-10', 0, 'Asia/Tokyo').toISOString()).toBe('2026-12-09T15:00:00.000Z');
    expect(zonedTimeToUtc('2026-07-01', 600, 'Europe/London').toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(zonedTimeToUtc('2026-01-01', 600, 'Europe/London').toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(zoneOffsetMinutes('Asia/Tokyo', new Date())).toBe(540);
    expect(startOfTourDay('2026-12-10', 'Asia/Tokyo').toISOString()).toBe('2026-12-09T15:00:00.000Z');
  });

  it('reads HH:MM times', () => {
    expect(timeToMinutes('09:30')).toBe(570);
    expect(timeToMinutes('24:00')).toBeUndefined();
    expect(timeToMinutes('9:30')).toBeUndefined();
  });

  it('offers half-hourly starts that fit the whole tour in the day’s hours', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const slots = bookableSlots({
      date: '2026-12-10',
      durationMinutes: 240,
      timeZone: 'Asia/Tokyo',
      weekly,
      exceptions: [],
      busy: [],
      now,
    });
    expect(slots.map((s) => s.startTime)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
    ]);
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-12-10T00:00:00.000Z');
    expect(slots[0]!.endsAt.toISOString()).toBe('2026-12-10T04:00:00.000Z');
  });

  it('leaves out starts that overlap an active booking (touching ends are fine)', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const busy = [{ startsAt: new Date('2026-12-10T02:00:00Z'), endsAt: new Date('2026-12-10T04:00:00Z') }]; // 11:00–13:00 JST
    const slots = bookableSlots({
      date: '2026-12-10',
      durationMinutes: 120,
      timeZone: 'Asia/Tokyo',
      weekly,
      exceptions: [],
      busy,
      now,
      bufferMinutes: 0,
    });
    expect(slots.map((s) => s.startTime)).toEqual(['09:00', '13:00', '13:30', '14:00', '14:30', '15:00']);
  });

  it('respects exceptions, the lead time and the horizon', () => {
    const now = new Date('2026-12-09T21:00:00Z'); // 06:00 JST on the 10th
    const day = { date: '2026-12-10', durationMinutes: 60, timeZone: 'Asia/Tokyo', weekly, busy: [], now };
    // The default 24 h notice: 06:00 JST on the 11th at the earliest; 12 h: 18:00 JST, after the day's hours.
    expect(bookableSlots({ ...day, exceptions: [] })).toEqual([]);
    expect(bookableSlots({ ...day, exceptions: [], minNoticeMinutes: 720 })).toEqual([]);
    expect(bookableSlots({ ...day, exceptions: [], minNoticeMinutes: 360 }).map((s) => s.startTime)[0]).toBe('12:00');
    expect(
      bookableSlots({
        ...day,
        date: '2026-12-11',
        exceptions: [{ date: '2026-12-11', available: false, startMinute: null, endMinute: null }],
      }),
    ).toEqual([]);
    expect(
      bookableSlots({
        ...day,
        date: '2026-12-11',
        exceptions: [{ date: '2026-12-11', available: true, startMinute: 600, endMinute: 720 }],
      }).map((s) => s.startTime),
    ).toEqual(['10:00', '10:30', '11:00']);
    expect(bookableSlots({ ...day, date: '2027-12-11', exceptions: [] })).toEqual([]);
    expect(bookableSlots({ ...day, date: '2026-12-01', exceptions: [] })).toEqual([]);
  });

  it('names the booking window the slots keep: today in the guide’s zone through the horizon (decision 180)', () => {
    const now = new Date('2026-11-21T15:30:00Z'); // 00:30 JST on the 22nd, still the 21st in UTC
    expect(bookingWindow('Asia/Tokyo', now)).toEqual({
      first: '2026-11-22',
      last: addDays('2026-11-22', BOOKING_HORIZON_DAYS),
      days: BOOKING_HORIZON_DAYS + 1,
    });
    const { first, last } = bookingWindow('Asia/Tokyo', now);
    expect(
      [addDays(first, -1), first, last, addDays(last, 1)].map((date) => withinBookingHorizon(date, 'Asia/Tokyo', now)),
    ).toEqual([false, true, true, false]);
    const day = (date: string) =>
      bookableSlots({ date, durationMinutes: 60, timeZone: 'Asia/Tokyo', weekly, exceptions: [], busy: [], now });
    expect(day(last)).not.toEqual([]);
    expect(day(addDays(last, 1))).toEqual([]);
  });
});

/**
 * The hours just before and after midnight in Japan, when "today" changes for the guide
 * while it is still the previous evening in UTC (and in Shanghai, an hour behind).
 */
describe('at 23:59 and 00:01 Japan time', () => {
  // A guide with 12 hours' notice (decision 153: each guide sets theirs).
  const day = { durationMinutes: 60, timeZone: 'Asia/Tokyo', weekly, exceptions: [], busy: [], minNoticeMinutes: 720 };
  it.each([
    ['23:59 JST on the 24th', '2026-11-24T14:59:00Z', '2026-11-24', '12:00', false],
    ['00:01 JST on the 25th', '2026-11-24T15:01:00Z', '2026-11-25', '12:30', true],
  ])(
    '%s: today is the guide’s date, the lead time counts from the instant, the 25th’s tour day begins at midnight',
    (_label, iso, today, firstOn25th, tourDayBegun) => {
      const now = new Date(iso);
      expect(todayInZone('Asia/Tokyo', now)).toBe(today);
      expect(todayInZone('Asia/Shanghai', now)).toBe('2026-11-24'); // still the evening before in China
      expect(bookableSlots({ ...day, date: '2026-11-24', now })).toEqual([]);
      expect(bookableSlots({ ...day, date: '2026-11-25', now })[0]!.startTime).toBe(firstOn25th);
      expect(now.getTime() >= startOfTourDay('2026-11-25', 'Asia/Tokyo').getTime()).toBe(tourDayBegun);
    },
  );
});

describe('the guide’s notice and buffer (decision 153)', () => {
  const now = new Date('2026-12-01T00:00:00Z'); // 09:00 JST on the 1st
  const q = { date: '2026-12-10', durationMinutes: 120, timeZone: 'Asia/Tokyo', weekly, exceptions: [], now };
  // 11:00–13:00 JST
  const busy = [{ startsAt: new Date('2026-12-10T02:00:00Z'), endsAt: new Date('2026-12-10T04:00:00Z') }];

  it('widens every other tour by the buffer on both sides', () => {
    expect(bookableSlots({ ...q, busy, bufferMinutes: 0 }).map((s) => s.startTime)).toEqual([
      '09:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
    ]);
    expect(bookableSlots({ ...q, busy, bufferMinutes: 30 }).map((s) => s.startTime)).toEqual([
      '13:30',
      '14:00',
      '14:30',
      '15:00',
    ]);
    expect(bookableSlots({ ...q, busy, bufferMinutes: 60 }).map((s) => s.startTime)).toEqual([
      '14:00',
      '14:30',
      '15:00',
    ]);
  });

  it('says why a time is refused: the notice with its earliest start, a plain overlap, a buffer', () => {
    const at = (startMinute: number, extra: object = {}) =>
      slotAt({ ...q, busy, bufferMinutes: 30, ...extra }, startMinute);
    expect(at(810)).toMatchObject({ slot: { startTime: '13:30' } });
    // The other tour in the way is named by its times (decision 176).
    expect(at(780)).toEqual({ refusal: { code: 'buffer_conflict', clash: busy[0] } });
    expect(at(600)).toEqual({ refusal: { code: 'slot_unavailable', clash: busy[0] } });
    // Outside the day's hours: no slot whatever the rest.
    expect(at(960)).toEqual({ refusal: { code: 'slot_unavailable' } });
    // 18:00 JST on the 9th is 9 days ahead of now; a week's notice is fine, ten days are not.
    expect(at(810, { minNoticeMinutes: 10 * 24 * 60 })).toEqual({
      refusal: { code: 'too_short_notice', earliestStartsAt: new Date('2026-12-11T00:00:00Z') },
    });
    expect(
      timeRefusal({
        startsAt: new Date('2026-12-10T04:00:00Z'),
        endsAt: new Date('2026-12-10T05:00:00Z'),
        busy,
        now,
        bufferMinutes: 0,
      }),
    ).toBeNull();
  });
});

describe('bookableCalendar (the calendar at 22:30 Japan time)', () => {
  // Monday 2026-11-23 22:30 in Tokyo.
  const now = new Date('2026-11-23T13:30:00Z');
  const morning = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 }));

  it('drops today’s past hours and tomorrow’s inside the lead time, and picks the first day still bookable', () => {
    const days = bookableCalendar(morning, [], 'Asia/Tokyo', 5, now, { minMinutes: 120, minNoticeHours: 12 });
    expect(days[0]).toEqual({ date: '2026-11-23', available: false, slots: [] });
    // 12 hours lead: tomorrow from 10:30, too short for a 2-hour tour.
    expect(days[1]).toEqual({ date: '2026-11-24', available: false, slots: [] });
    expect(days.find((d) => d.available)).toEqual({
      date: '2026-11-25',
      available: true,
      slots: [{ startMinute: 540, endMinute: 720 }],
    });
    expect(bookableCalendar(morning, [], 'Asia/Tokyo', 2, now, { minNoticeHours: 12 })[1]!.slots).toEqual([
      { startMinute: 630, endMinute: 720 },
    ]);
  });

  it('never offers a start time already past today, with the clock of the machine (vi.setSystemTime)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    try {
      const today = bookableCalendar(weekly, [], 'Asia/Tokyo', 1, new Date(), { minNoticeHours: 0 })[0]!;
      expect(today.date).toBe(todayInZone('Asia/Tokyo'));
      expect(today.available).toBe(false);
      const late = bookableCalendar(
        [{ weekday: 1, startMinute: 1200, endMinute: 1440 }],
        [],
        'Asia/Tokyo',
        1,
        new Date(),
        { minNoticeHours: 0 },
      )[0]!;
      expect(late.slots).toEqual([{ startMinute: 1350, endMinute: 1440 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
