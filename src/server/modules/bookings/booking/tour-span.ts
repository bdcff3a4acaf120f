import { addDays, minutesToTime, type AvailabilityException, type WeeklySlot } from '../../../../shared/availability';
import {
  bookableSlots,
  bookingRulesOf,
  bookingWindow,
  timeRefusal,
  timeToMinutes,
  zonedTimeToUtc,
  type BusyRange,
} from '../../../../shared/booking/schedule';
import { sellsDaysOf, tourDates, type DayRates as SoldDays } from '../../../../shared/booking/tour-days';
import type { TripLength } from '../../../../shared/booking/trip-price';
import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { GuideForBooking } from './bookings.repository';
import { daySchedule } from './schedule.repository';
import { timeRefused } from './time-rules';

/**
 * The checkout's part for a booking of several days (decision 154), kept apart from the checkout
 * itself: what the body asks for, each day's length and price length, and each day's check.
 */

const MINUTE_MS = 60_000;

/** The start and the days a body asks for, before the guide is read: a tour of hours is one day. */
export function requestedSpan(body: Pick<CreateBookingBody, 'date' | 'startTime' | 'days' | 'dayStartTime'>) {
  const days = body.days ?? 1;
  return {
    startMinute: timeToMinutes((body.days === undefined ? body.startTime : body.dayStartTime)!)!,
    days,
    lastDate: addDays(body.date, days - 1),
  };
}

/**
 * Every booking touching the days: a day is at most 26 h in any zone, a tour day at most 24 h (the
 * checkout's window for one day, widened to the last).
 */
export const spanWindow = (date: string, days: number): [Date, Date] => [
  new Date(Date.parse(`${addDays(date, -2)}T00:00:00Z`)),
  new Date(Date.parse(`${addDays(date, days - 1 + 3)}T00:00:00Z`)),
];

type DayRates = Pick<GuideForBooking, 'dayHours' | 'dayRateCents' | 'minDurationHours' | 'maxDurationHours'>;

/** A guide's row as the shared day rule reads it. */
const dayRatesOf = (g: DayRates): SoldDays => ({
  dayHours: g.dayHours,
  dayRateCents: g.dayRateCents,
  minHours: g.minDurationHours,
  maxHours: g.maxDurationHours,
});

/**
 * One day's length and the trip the booking is priced as (`tripPrice`, decision 187). Days at the
 * guide's day hours with a day rate are whole days however short the guide's tours are (the quote's
 * rule, guides/quote.ts); any other day is that many hours at the hourly price, so it must be a
 * length the guide offers.
 */
export function daysPlan(
  guide: DayRates,
  body: Pick<CreateBookingBody, 'days' | 'dayHours'>,
): { durationMinutes: number; length: TripLength } {
  const dayHours = body.dayHours ?? guide.dayHours;
  if (!sellsDaysOf(dayRatesOf(guide), dayHours)) {
    throw new AppError(
      'duration_out_of_range',
      `This guide offers tours of ${guide.minDurationHours}–${guide.maxDurationHours} hours a day`,
      [{ path: 'dayHours', message: `between ${guide.minDurationHours} and ${guide.maxDurationHours}` }],
    );
  }
  return { durationMinutes: Math.round(dayHours * 60), length: { days: body.days ?? 1, dayHours } };
}

type SpanQuery = {
  date: string;
  days: number;
  durationMinutes: number;
  timeZone: string;
  weekly: WeeklySlot[];
  exceptions: AvailabilityException[];
  busy: BusyRange[];
  now: Date;
  /** The guide's notice and buffer (decision 153), asked of the whole span. */
  minNoticeMinutes: number;
  bufferMinutes: number;
};

/**
 * The start minutes each date's hours offer for the day's length; other bookings, the notice and the buffer are asked
 * of the span.
 */
const dayStarts = (q: SpanQuery, date: string) =>
  new Set(
    bookableSlots({
      date,
      durationMinutes: q.durationMinutes,
      timeZone: q.timeZone,
      weekly: q.weekly,
      exceptions: q.exceptions,
      busy: [],
      now: q.now,
      minNoticeMinutes: 0,
      bufferMinutes: 0,
    }).map((s) => s.startMinute),
  );

/**
 * The first day's start and the last day's end of a span whose days start at `startMinute`, day 1 at
 * `firstMinute` (later than the others only after a same-day replacement: decision 140, amended).
 */
function spanOf(q: SpanQuery, startMinute: number, firstMinute = startMinute) {
  const last = addDays(q.date, q.days - 1);
  return {
    startsAt: zonedTimeToUtc(q.date, firstMinute, q.timeZone),
    endsAt: new Date(zonedTimeToUtc(last, startMinute, q.timeZone).getTime() + q.durationMinutes * MINUTE_MS),
  };
}

/** Why the span cannot be taken (notice, another booking, a buffer), or null: one rule with a tour of hours. */
const refusalOf = (q: SpanQuery, span: { startsAt: Date; endsAt: Date }) =>
  timeRefusal({
    ...span,
    busy: q.busy,
    now: q.now,
    minNoticeMinutes: q.minNoticeMinutes,
    bufferMinutes: q.bufferMinutes,
  });

/**
 * The slots endpoint's starts for several days (decision 154): the start times every day offers for
 * the day's length, whose span no other booking overlaps; `endsAt` is the last day's end.
 */
export function spanSlots(q: SpanQuery): { startTime: string; startsAt: Date; endsAt: Date }[] {
  const each = tourDates(q.date, q.days).map((date) => dayStarts(q, date));
  return [...each[0]!]
    .filter((m) => each.every((starts) => starts.has(m)))
    .sort((a, b) => a - b)
    .map((m) => ({ startTime: minutesToTime(m), ...spanOf(q, m) }))
    .filter((span) => !refusalOf(q, span));
}

/**
 * Day 1 later than the booked hour, the other days at it (decision 140, amended): after the guide did
 * not come on day 1 of several days, a replacement takes day 1 at a free start later that day and every
 * following day at the booked `startMinute`. The checks are `spanSlots`': every later date must offer
 * the booked start for the day's length, day 1 the later one; then other bookings, the notice and the
 * buffer over the whole span, nights included. Day 1 must end before day 2 starts. Day 1's starts,
 * earliest first, each with the span it makes (`endsAt`: the last day's end, as booked).
 */
export function laterFirstDaySpans(
  q: SpanQuery & { startMinute: number },
): { startTime: string; startMinute: number; startsAt: Date; endsAt: Date }[] {
  const [first, ...rest] = tourDates(q.date, q.days);
  if (rest.length === 0 || !rest.every((date) => dayStarts(q, date).has(q.startMinute))) return [];
  const secondDay = zonedTimeToUtc(rest[0]!, q.startMinute, q.timeZone).getTime();
  return [...dayStarts(q, first!)]
    .sort((a, b) => a - b)
    .map((m) => ({ startTime: minutesToTime(m), startMinute: m, ...spanOf(q, q.startMinute, m) }))
    .filter((span) => span.startsAt.getTime() + q.durationMinutes * MINUTE_MS <= secondDay && !refusalOf(q, span));
}

/**
 * Each day on its own (decision 154): the guide's hours that date (weekly hours and exceptions, the
 * lead time and horizon of `bookableSlots`) must offer the start for the day's length, else 409
 * `day_unavailable` with one field `{ path: 'days', message: <date> }` per day that does not. Then no
 * other booking may overlap the whole span, nights included (409 `slot_unavailable`, as one day).
 * Returns the first day's start and the last day's end: what the booking holds.
 */
export function holdDays(q: SpanQuery & { startMinute: number }): { startsAt: Date; endsAt: Date } {
  const off = tourDates(q.date, q.days).filter((date) => !dayStarts(q, date).has(q.startMinute));
  if (off.length > 0) {
    throw new AppError(
      'day_unavailable',
      `The guide is not available on ${off.join(', ')}`,
      off.map((date) => ({ path: 'days', message: date })),
    );
  }
  const span = spanOf(q, q.startMinute);
  const refusal = refusalOf(q, span);
  if (refusal) throw timeRefused(refusal);
  return span;
}

/**
 * GET slots with `days` (decision 154): the guide's days read in one statement, then `spanSlots`;
 * and the dates whose hours offer no start of the day's length at all (decision 176), which the
 * booking box names when no start is free on every day.
 */
export async function spanFreeSlots(
  db: Database,
  guide: SpanGuide,
  date: string,
  days: number,
  durationMinutes: number,
  now: Date,
  except?: number,
) {
  const q = { date, ...(await spanRead(db, guide, [date, date], days, durationMinutes, now, except)) };
  return { slots: spanSlots(q), closedDays: tourDates(date, days).filter((d) => dayStarts(q, d).size === 0) };
}

type SpanGuide = Pick<GuideForBooking, 'id' | 'timeZone' | 'minNoticeHours' | 'bufferMinutes'>;

/**
 * The guide's days from the first start date of `starts` to the last day of a trip from its last, in one statement,
 * as `spanSlots` reads them but for the start date. A booking being moved does not stand in its own way
 * (`exceptBooking`).
 */
async function spanRead(
  db: Database,
  guide: SpanGuide,
  [earliest, latest]: [string, string],
  days: number,
  durationMinutes: number,
  now: Date,
  except?: number,
) {
  const [from] = spanWindow(earliest, 1);
  const [, to] = spanWindow(latest, days);
  const lastDay = addDays(latest, days - 1);
  const { weekly, exceptions, busy } = await daySchedule(db, guide.id, earliest, from, to, undefined, lastDay);
  const others = busy.filter((b) => b.id !== except);
  return {
    days,
    durationMinutes,
    timeZone: guide.timeZone,
    weekly,
    exceptions,
    busy: others,
    now,
    ...bookingRulesOf(guide),
  };
}

/** How far either side of a date without a start the box looks for one, and how many it offers (decision 197). */
export const NEAREST_REACH_DAYS = 14;
const NEAREST_COUNT = 3;

/**
 * The nearest start dates to `date` whose every day offers a start for the day's length, by `spanSlots`' rule
 * (other bookings, notice and buffer included), within NEAREST_REACH_DAYS either side and the booking window:
 * up to three, the nearest first (the earlier of two as near), then in calendar order. One read of the guide's
 * days for the whole reach.
 */
export async function nearestStartDates(
  db: Database,
  guide: SpanGuide,
  date: string,
  days: number,
  durationMinutes: number,
  now: Date,
  except?: number,
): Promise<string[]> {
  const { first, last } = bookingWindow(guide.timeZone, now);
  const candidates = Array.from({ length: 2 * NEAREST_REACH_DAYS }, (_, i) =>
    addDays(date, i % 2 === 0 ? -(i / 2 + 1) : (i + 1) / 2),
  ).filter((d) => d >= first && d <= last);
  if (candidates.length === 0) return [];
  const earliest = candidates.reduce((a, b) => (a < b ? a : b));
  const latest = candidates.reduce((a, b) => (a > b ? a : b));
  const q = await spanRead(db, guide, [earliest, latest], days, durationMinutes, now, except);
  const found: string[] = [];
  for (const d of candidates) {
    if (found.length === NEAREST_COUNT) break;
    if (spanSlots({ ...q, date: d }).length > 0) found.push(d);
  }
  return found.sort();
}
