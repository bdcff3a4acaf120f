/**
 * A booking of several consecutive days with one guide (decision 154): its days, and the length its
 * price is computed for. Pure, so the server, the iCal feed, the trip PDF and the web app list the
 * same days.
 */
import { addDays, todayInZone } from '../availability';
import type { TourLength } from './money-rules';
import { zonedTimeToUtc } from './schedule';

/** At most a week in one booking (decision 154). */
export const MAX_BOOKING_DAYS = 7;
/**
 * The hours a guide's day rate may cover (decision 151); a day of a booking is any length the guide sells
 * (decision 176).
 */
export const MIN_DAY_HOURS = 6;
export const MAX_DAY_HOURS = 10;

const MINUTE_MS = 60_000;

export interface TourDay {
  /** The day's date in the guide's zone. */
  date: string;
  startsAt: Date;
  endsAt: Date;
}

/** The dates of a booking's days, first to last. */
export const tourDates = (date: string, days: number): string[] =>
  Array.from({ length: days }, (_, i) => addDays(date, i));

/**
 * The minutes confirmed extensions added to each day (index 0 is day 1), decision 155: an extension
 * lengthens the day it was asked on; one without a day (made before decision 155) the last day.
 */
export function addedMinutesByDay(
  extensions: readonly { status: string; minutes: number; day: number | null }[],
  days: number,
): number[] {
  const added = Array.from({ length: days }, () => 0);
  for (const e of extensions) if (e.status === 'confirmed') added[Math.min(e.day ?? days, days) - 1]! += e.minutes;
  return added;
}

/**
 * Each day of a booking: day 1 starts at `startsAt`, every other day at the booked daily start
 * (`startMinute`) in the guide's zone, so a daylight-saving change keeps the wall clock; each lasts
 * one day's length (`durationMinutes`) and the last ends at `endsAt`, which an extension of the last
 * day moves. The two starts are one time, except after a same-day replacement on day 1 (decision 140,
 * amended): the replacement starts later that day and keeps the booked hours on the days after. An
 * earlier day ends later by the extensions asked on it (`added`, from `addedMinutesByDay`; decision 155).
 */
export function tourDays(
  b: {
    date: string;
    startMinute: number;
    durationMinutes: number;
    days: number;
    timeZone: string;
    startsAt: Date;
    endsAt: Date;
  },
  added: readonly number[] = [],
): TourDay[] {
  return tourDates(b.date, b.days).map((date, i) => {
    const startsAt = i === 0 ? b.startsAt : zonedTimeToUtc(date, b.startMinute, b.timeZone);
    const endsAt =
      i === b.days - 1 ? b.endsAt : new Date(startsAt.getTime() + (b.durationMinutes + (added[i] ?? 0)) * MINUTE_MS);
    return { date, startsAt, endsAt };
  });
}

/**
 * The tour day (1..days) of `now` (decision 155): the day whose date is today in the guide's zone;
 * 1 before the first date, the last day after the last date. The day an extension lengthens and the
 * day the on-tour cards show.
 */
export function currentTourDay(b: { date: string; days: number; timeZone: string }, now: Date): number {
  const today = todayInZone(b.timeZone, now);
  const index = tourDates(b.date, b.days).filter((d) => d <= today).length;
  return Math.max(1, index);
}

/**
 * Today's tour day when it is not the first (decision 158): a booking of several days from its second
 * date on, with that day's start and the end of its date in the guide's zone (the next midnight), the
 * time within which that day's absence is reported. After the last date it is the last day, whose date
 * is over. Null on the first day and for a tour of hours.
 */
export function laterTourDay(
  b: { date: string; startMinute: number; days: number; timeZone: string },
  now: Date,
): { day: number; startsAt: Date; dateEndsAt: Date } | null {
  if (b.days <= 1) return null;
  const day = currentTourDay(b, now);
  if (day <= 1) return null;
  const date = addDays(b.date, day - 1);
  return {
    day,
    startsAt: zonedTimeToUtc(date, b.startMinute, b.timeZone),
    dateEndsAt: zonedTimeToUtc(addDays(date, 1), 0, b.timeZone),
  };
}

/** When the last day starts: completion waits for it on a booking of several days (decision 155). */
export const lastDayStartsAt = (b: { date: string; startMinute: number; days: number; timeZone: string }): Date =>
  zonedTimeToUtc(addDays(b.date, b.days - 1), b.startMinute, b.timeZone);

/**
 * What several days are priced as (decision 154): days at the guide's day hours are whole days
 * (`groupPrice`'s `{days}`: the day rate, else the hourly price × day hours, as the quote prices
 * them); days of other hours are those hours at the hourly price.
 */
export function daysLength(days: number, dayHours: number, guideDayHours: number): TourLength {
  return dayHours === guideDayHours ? { days } : { hours: days * dayHours };
}

/** What a guide sells by the day (decision 176): the day rate's hours, and the lengths of its tours. */
export interface DayRates {
  dayHours: number;
  dayRateCents: number | null;
  minHours: number;
  maxHours: number;
}

/**
 * Whether a guide sells days of `dayHours` (decisions 154, 176): the day rate's own hours, or any
 * length of its tours (those hours at the hourly price). The one rule of the checkout, the quote,
 * the slots and the search cards.
 */
export const sellsDaysOf = (g: DayRates, dayHours: number): boolean =>
  (g.dayRateCents !== null && dayHours === g.dayHours) || (dayHours >= g.minHours && dayHours <= g.maxHours);

/**
 * The hours of each day when the traveler named none (decision 176): the guide's day hours when it
 * sells them, else its longest tour. A search card prices days with it and the booking box opens on it.
 */
export const defaultDayHours = (g: DayRates): number => (sellsDaysOf(g, g.dayHours) ? g.dayHours : g.maxHours);
