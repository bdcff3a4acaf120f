import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { endTime, formatCalendarDate, formatInstant, viewerTime } from '../../../lib/format';
import { formatCardNumber, formatCvv, formatExpiry, formatPostalCode } from './forms';
import { checkoutPath, draftFromQuery, durationOptions, initialDraft, type BookableGuide } from './selection';
import { daysUntil, statusKey, tourPhase, tripsOfTab } from './trips';

describe('checkout inputs', () => {
  it('formats a postal code typed as 1234567 or 123-4567 as 123-4567, digits only, 7 at most', () => {
    expect(formatPostalCode('1500043')).toBe('150-0043');
    expect(formatPostalCode('150-0043')).toBe('150-0043');
    expect(formatPostalCode('150')).toBe('150');
    expect(formatPostalCode('1500')).toBe('150-0');
    expect(formatPostalCode('〒150-00431')).toBe('150-0043');
    expect(formatPostalCode('abc')).toBe('');
  });

  it('groups a card number by four within 19 characters, and builds MM/YY and the CVV from digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 99')).toHaveLength(19);
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('1230', '')).toBe('12/30');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(formatCvv('12a34x5')).toBe('1234');
  });
});

const guide: BookableGuide = {
  id: 3,
  // A guide who takes tours at 12 hours' notice (decision 153: each guide sets theirs).
  minNoticeHours: 12,
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  minDuration: 2,
  maxDuration: 4,
  minPeople: 1,
  maxPeople: 4,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 3_000,
  services: [],
  availabilities: {
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
    exceptions: [],
  },
};

describe('booking selection', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('offers durations on the half-hour grid within the guide’s range', () => {
    expect(durationOptions(guide)).toEqual([2, 2.5, 3, 3.5, 4]);
  });

  it('carries the date and group size over from the search the profile was opened from, within the guide’s ranges', () => {
    const params = new URLSearchParams({ redirect: '/search?city=tokyo&date=2026-12-01&travelers=6' });
    const d = initialDraft(guide, params, now);
    expect(d).toMatchObject({
      date: '2026-12-01',
      adults: 4,
      children: 0,
      infants: 0,
      durationHours: 2,
      startTime: null,
      travelersAdjusted: true,
    });
    expect(initialDraft(guide, new URLSearchParams({ date: '2026-11-01' }), now).date).toBe('2026-11-23');
  });

  it('opens with the family the search named, so the box prices what the card showed; a family the guide cannot take becomes adults at the nearest size', () => {
    const family = new URLSearchParams({
      redirect: '/search?city=tokyo&date=2026-12-01&travelers=4&adults=2&children=1&infants=1',
    });
    expect(initialDraft(guide, family, now)).toMatchObject({
      adults: 2,
      children: 1,
      infants: 1,
      travelersAdjusted: false,
    });
    const tooMany = new URLSearchParams({ redirect: '/search?city=tokyo&travelers=6&adults=3&children=2&infants=1' });
    expect(initialDraft(guide, tooMany, now)).toMatchObject({
      adults: 4,
      children: 0,
      infants: 0,
      travelersAdjusted: true,
    });
  });

  it('round-trips the choice through the checkout URL and refuses malformed ones', () => {
    const path = checkoutPath(3, {
      date: '2026-12-01',
      startTime: '10:30',
      durationHours: 2.5,
      adults: 2,
      children: 1,
      infants: 0,
      subcategoryId: 7,
    });
    expect(path).toBe('/checkout/3?date=2026-12-01&time=10%3A30&hours=2.5&adults=2&children=1&service=7');
    expect(draftFromQuery(new URL(path, 'http://x').searchParams)).toEqual({
      date: '2026-12-01',
      startTime: '10:30',
      durationHours: 2.5,
      adults: 2,
      children: 1,
      infants: 0,
      subcategoryId: 7,
    });
    // A link from before decision 152 names travelers: the adults.
    expect(draftFromQuery(new URLSearchParams('date=2026-12-01&time=10:00&hours=2&travelers=3'))).toMatchObject({
      adults: 3,
      children: 0,
      infants: 0,
    });
    expect(draftFromQuery(new URLSearchParams('date=2026-02-30&time=10:00&hours=2&travelers=1'))).toBeNull();
    expect(draftFromQuery(new URLSearchParams('date=2026-12-01&time=10:00&hours=2.2&travelers=1'))).toBeNull();
  });
});

describe('times', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18next.loadLanguages(['en', 'zh-CN']);
  });

  it('reads a missing or bad date instead of throwing', () => {
    expect(formatCalendarDate(undefined, 'en')).toBe('Date not available');
    expect(formatCalendarDate('2026-13-45x', 'en')).toBe('Invalid Date');
    expect(formatInstant('', 'zh-CN')).toEqual({ date: '日期暂不可用', time: '' });
    expect(formatInstant('not a date', 'en')).toEqual({ date: 'Invalid Date', time: '' });
    expect(formatCalendarDate('2026-11-22', 'en')).toBe('Nov 22, 2026');
  });

  it('ends a tour after its duration, past midnight too', () => {
    expect(endTime('10:00', 3)).toBe('13:00');
    expect(endTime('22:30', 2.5)).toBe('01:00');
  });

  it('shows the viewer’s own time only when it differs from Japan time', () => {
    // The test runner's zone decides; in Tokyo the two agree, elsewhere they differ.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const own = viewerTime('2026-12-01T01:00:00Z', '2026-12-01', '10:00', 'en');
    if (zone === 'Asia/Tokyo') expect(own).toBeNull();
    else expect(own).not.toBeNull();
  });
});

const trip = (id: number, status: Booking['status'], startsAt: string): Booking =>
  ({ id, status, startsAt, date: startsAt.slice(0, 10), timeZone: 'Asia/Tokyo' }) as Booking;

describe('trips tabs', () => {
  const all = [
    trip(1, 'pending', '2026-12-05T01:00:00Z'),
    trip(2, 'confirmed', '2026-12-01T01:00:00Z'),
    trip(3, 'upcoming', '2026-12-10T01:00:00Z'),
    trip(4, 'awaiting_start', '2026-11-23T01:00:00Z'),
    trip(5, 'cancelled', '2026-11-01T01:00:00Z'),
    trip(6, 'completed', '2026-11-10T01:00:00Z'),
    trip(7, 'ongoing', '2026-11-22T01:00:00Z'),
  ];

  it('puts each status in its tab and sorts upcoming and pending ascending, the others descending', () => {
    const now = new Date('2026-11-20T00:00:00Z');
    expect(tripsOfTab('pending-requests', all, now).map((b) => b.id)).toEqual([2, 1]);
    expect(tripsOfTab('upcoming', all, now).map((b) => b.id)).toEqual([4, 3]);
    expect(tripsOfTab('ongoing', all, now).map((b) => b.id)).toEqual([7]);
    expect(tripsOfTab('past', all, now).map((b) => b.id)).toEqual([6, 5]);
  });

  it('a tour whose start came with nobody confirming it (the guide may not have come) is not upcoming any more', () => {
    const now = new Date('2026-11-23T01:25:00Z'); // 25 minutes after trip 4's start
    const sameDay = trip(8, 'awaiting_replacement', '2026-11-23T00:30:00Z');
    expect(tripsOfTab('upcoming', [...all, sameDay], now).map((b) => b.id)).toEqual([3]);
    expect(tripsOfTab('ongoing', [...all, sameDay], now).map((b) => b.id)).toEqual([4, 8, 7]);
    // The traveler confirmed, the guide did not: not upcoming either. The guide confirmed: it waits for the traveler
    // there.
    const travelerOnly = {
      ...trip(9, 'start_confirmed', '2026-11-23T01:00:00Z'),
      guideConfirmedStart: false,
      endsAt: '2026-11-23T03:00:00Z',
    };
    const guideOnly = { ...trip(10, 'start_confirmed', '2026-11-23T01:00:00Z'), guideConfirmedStart: true };
    expect(tripsOfTab('ongoing', [travelerOnly, guideOnly], now).map((b) => b.id)).toEqual([9]);
    expect(tripsOfTab('upcoming', [travelerOnly, guideOnly], now).map((b) => b.id)).toEqual([10]);
    expect(statusKey(travelerOnly, now)).toBe('statusTime.during');
  });

  it('counts calendar days to the tour in the guide’s zone', () => {
    const now = new Date('2026-11-22T16:00:00Z'); // 01:00 on Nov 23 in Tokyo
    expect(daysUntil({ date: '2026-11-23', timeZone: 'Asia/Tokyo' }, now)).toBe(0);
    expect(daysUntil({ date: '2026-11-30', timeZone: 'Asia/Tokyo' }, now)).toBe(7);
  });
});

/** Countdowns at Japan's midnight, and the traveler's own time across their DST change. */
describe('clock edges', () => {
  it.each([
    ['23:59 JST', '2026-11-24T14:59:00Z', 1],
    ['00:01 JST', '2026-11-24T15:01:00Z', 0],
  ])('a tour on the 25th in Japan is %s away by the guide’s calendar: %s', (_label, iso, days) => {
    expect(daysUntil({ date: '2026-11-25', timeZone: 'Asia/Tokyo' }, new Date(iso))).toBe(days);
  });

  it('shows the traveler’s own time on both sides of a daylight-saving change in their zone', () => {
    // 09:00 in Tokyo on 1 and 2 November 2026; Los Angeles leaves summer time on 1 November at 02:00.
    expect(formatInstant('2026-11-01T00:00:00Z', 'en', 'America/Los_Angeles')).toEqual({
      date: 'Oct 31, 2026',
      time: '17:00',
    });
    expect(formatInstant('2026-11-02T00:00:00Z', 'en', 'America/Los_Angeles')).toEqual({
      date: 'Nov 1, 2026',
      time: '16:00',
    });
    // London leaves summer time on 25 October 2026 at 01:00 UTC.
    expect(formatInstant('2026-10-25T00:00:00Z', 'zh-CN', 'Europe/London')).toEqual({
      date: '2026年10月25日',
      time: '01:00',
    });
    expect(formatInstant('2026-10-26T00:00:00Z', 'zh-CN', 'Europe/London')).toEqual({
      date: '2026年10月26日',
      time: '00:00',
    });
  });
});

/** The phone at 22:30–22:40 Japan time. */
describe('late in the evening in Japan', () => {
  afterEach(() => vi.useRealTimers());

  it('opens the booking box on the first day that still has a bookable start, not today’s past morning', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T13:30:00Z')); // 22:30 in Tokyo
    const morning: BookableGuide = {
      ...guide,
      availabilities: {
        weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 })),
        exceptions: [],
      },
    };
    // Today is over; tomorrow's 09:00–12:00 is within the guide's 12 hours' notice (from 10:30: too short for 2 hours).
    expect(initialDraft(morning, new URLSearchParams()).date).toBe('2026-11-25');
    // A guide open all day: tomorrow from 10:30 still fits.
    expect(initialDraft(guide, new URLSearchParams()).date).toBe('2026-11-24');
  });

  it('does not say "today" of a 17:30–19:30 tour at 22:40: its planned time is over', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T13:40:00Z')); // 22:40 in Tokyo
    const tour = {
      status: 'awaiting_start' as const,
      date: '2026-11-23',
      timeZone: 'Asia/Tokyo',
      startsAt: '2026-11-23T08:30:00Z',
      endsAt: '2026-11-23T10:30:00Z',
    };
    expect(daysUntil(tour)).toBe(0);
    expect(tourPhase(tour)).toBe('after');
    expect(statusKey(tour)).toBe('statusTime.after');
    expect(statusKey({ ...tour, startsAt: '2026-11-23T13:00:00Z', endsAt: '2026-11-23T15:00:00Z' })).toBe(
      'statusTime.during',
    );
    expect(statusKey({ ...tour, startsAt: '2026-11-23T14:00:00Z', endsAt: '2026-11-23T15:00:00Z' })).toBe(
      'status.awaiting_start',
    );
    expect(statusKey({ ...tour, status: 'ongoing' })).toBe('status.ongoing');
  });

  it('gives a guide’s reply deadline in Japan time with its label, whatever the reader’s zone', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T13:30:00Z'));
    const respondBy = '2026-11-23T12:35:00Z'; // 21:35 in Tokyo
    expect(formatInstant(respondBy, 'zh-CN', 'Asia/Tokyo')).toEqual({ date: '2026年11月23日', time: '21:35' });
    const zh = (await import('../../../locales/zh-CN/bookings.json')).default as {
      requests: { answerBy: string };
      japanTime: string;
    };
    const en = (await import('../../../locales/en/bookings.json')).default as { requests: { answerBy: string } };
    const rs = (await import('../../../locales/zh-CN/reschedule.json')).default as { incoming: { answerBy: string } };
    for (const s of [zh.requests.answerBy, en.requests.answerBy, rs.incoming.answerBy]) expect(s).toContain('{{time}}');
    for (const s of [zh.requests.answerBy, en.requests.answerBy, rs.incoming.answerBy]) expect(s).toContain('{{zone}}');
    expect(zh.japanTime).toBe('日本时间');
  });
});
