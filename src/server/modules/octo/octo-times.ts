import {
  addDays,
  dayAvailability,
  isCalendarDate,
  minutesToTime,
  type AvailabilityException,
  type WeeklySlot,
} from '../../../shared/availability';
import { zoneOffsetMinutes, zonedTimeToUtc } from '../../../shared/booking/schedule';
import { AppError } from '../../lib/app-error';

const MINUTE_MS = 60_000;
/** The most days one availability or calendar request may ask (decision 201). */
export const MAX_RANGE_DAYS = 90;

/** An instant as OCTO writes a local date-time: the zone's wall clock and offset, "2026-12-05T09:00:00+09:00". */
export function localDateTime(at: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(timeZone, at);
  const wall = new Date(at.getTime() + offset * MINUTE_MS).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):00[+-]\d{2}:\d{2}$/;

/** The date an availability id names; INVALID_AVAILABILITY_ID for any other string. */
export function dateOfAvailabilityId(id: string): string {
  const m = AVAILABILITY_ID.exec(id);
  if (!m || !isCalendarDate(m[1]!))
    throw new AppError('INVALID_AVAILABILITY_ID', `There is no availability ${id}`, [
      { path: 'availabilityId', message: id },
    ]);
  return m[1]!;
}

/** Every date from start to end, both included: 1–90 of them, else BAD_REQUEST. */
export function datesOf(start: string, end: string): string[] {
  if (!isCalendarDate(start) || !isCalendarDate(end))
    throw new AppError('BAD_REQUEST', 'localDateStart and localDateEnd must be real dates written YYYY-MM-DD');
  const days: string[] = [];
  for (let d = start; d <= end && days.length <= MAX_RANGE_DAYS; d = addDays(d, 1)) days.push(d);
  if (days.length === 0) throw new AppError('BAD_REQUEST', 'localDateEnd is before localDateStart');
  if (days.length > MAX_RANGE_DAYS) throw new AppError('BAD_REQUEST', `Ask for at most ${MAX_RANGE_DAYS} days at once`);
  return days;
}

/**
 * A day's hours as OCTO's opening hours, and whether the day sells this length at all: a window holds it
 * with its latest start after her notice (else the day is CLOSED for it, not SOLD_OUT).
 */
export function openingHoursOf(
  date: string,
  hours: { weekly: WeeklySlot[]; exceptions: AvailabilityException[] },
  timeZone: string,
  ask: { minutes: number; earliestStart: Date },
): { openingHours: { from: string; to: string }[]; open: boolean } {
  const day = dayAvailability(date, hours.weekly, hours.exceptions);
  const openingHours = day.slots.map((w) => ({ from: minutesToTime(w.startMinute), to: minutesToTime(w.endMinute) }));
  const open = day.slots.some(
    (w) =>
      w.endMinute - w.startMinute >= ask.minutes &&
      zonedTimeToUtc(date, w.endMinute - ask.minutes, timeZone) >= ask.earliestStart,
  );
  return { openingHours, open };
}
