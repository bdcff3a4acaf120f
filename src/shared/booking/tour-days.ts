/**
 * A booking of several consecutive days with one guide (decision 154): its days, and the length its
 * price is computed for. Pure, so the server, the iCal feed, the trip PDF and the web app list the
 * same days.
 */
import { addDays } from '../availability';
import type { TourLength } from './money-rules';
import { zonedTimeToUtc } from './schedule';

/** At most a week in one booking (decision 154). */
export const MAX_BOOKING_DAYS = 7;
/** The hours a day may have, as a guide's day hours (decision 151). */
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
export const tourDates = (date: string, days: number): string[] => Array.from({ length: days }, (_, i) => addDays(date, i));

/**
 * Each day of a booking: every day starts at the first day's start time and lasts one day's length
 * (`durationMinutes`), in the guide's zone, so a daylight-saving change keeps the wall clock; the
 * last ends at `endsAt`, which an extension moves (decision 154: an extension lengthens the last day).
 */
export function tourDays(b: { date: string; startMinute: number; durationMinutes: number; days: number; timeZone: string; endsAt: Date }): TourDay[] {
  return tourDates(b.date, b.days).map((date, i) => {
    const startsAt = zonedTimeToUtc(date, b.startMinute, b.timeZone);
    const endsAt = i === b.days - 1 ? b.endsAt : new Date(startsAt.getTime() + b.durationMinutes * MINUTE_MS);
    return { date, startsAt, endsAt };
  });
}

/**
 * What several days are priced as (decision 154): days at the guide's day hours are whole days
 * (`groupPrice`'s `{days}`: the day rate, else the hourly price × day hours, as the quote prices
 * them); days of other hours are those hours at the hourly price.
 */
export function daysLength(days: number, dayHours: number, guideDayHours: number): TourLength {
  return dayHours === guideDayHours ? { days } : { hours: days * dayHours };
}
