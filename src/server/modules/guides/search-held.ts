import { addDays, todayInZone, type AvailabilityException, type WeeklySlot } from '../../../shared/availability';
import { BOOKING_HORIZON_DAYS, longestFreeMinutes, type BusyRange } from '../../../shared/booking/schedule';
import type { IndexedException } from './search-prices';

/** A guide whose time something holds, as the search index reads it (guide-search.repository.ts). */
export interface HeldSchedule {
  guideId: number;
  timeZone: string;
  bufferMinutes: number;
  weekly: WeeklySlot[];
  exceptions: AvailabilityException[];
  /** Her active bookings and her other calendars' busy times (`heldRangesSince`). */
  held: BusyRange[];
}

const MINUTE_MS = 60_000;

/**
 * The days her bookings and other calendars touch, as the index keeps a date's exception (decision 207): each
 * such date, widened by her buffer, answers the day's longest free tour by the slots' own rule
 * (`longestFreeMinutes`), 0 when nothing is left. A search for any hours then passes over a day with nothing
 * free, and a search for six hours over a day with five. Only the dates a traveler can still book (yesterday in
 * any zone, to the booking horizon): a calendar's year-long event costs no more than the horizon.
 */
export function heldDays(s: HeldSchedule, now: Date = new Date()): IndexedException[] {
  const first = addDays(todayInZone(s.timeZone, now), -1);
  const last = addDays(first, BOOKING_HORIZON_DAYS + 1);
  const pad = s.bufferMinutes * MINUTE_MS;
  const dates = new Set<string>();
  for (const range of s.held) {
    const from = todayInZone(s.timeZone, new Date(range.startsAt.getTime() - pad));
    const to = todayInZone(s.timeZone, new Date(range.endsAt.getTime() + pad));
    for (let date = from < first ? first : from; date <= to && date <= last; date = addDays(date, 1)) dates.add(date);
  }
  return [...dates].map((date) => {
    const minutes = longestFreeMinutes({
      date,
      timeZone: s.timeZone,
      weekly: s.weekly,
      exceptions: s.exceptions,
      busy: s.held,
      bufferMinutes: s.bufferMinutes,
    });
    return { guideId: s.guideId, date, available: minutes > 0, minutes };
  });
}

/** The index's exceptions with the held days in: a held day's answer replaces its date's exception (measured in it). */
export function withHeldDays(exceptions: IndexedException[], held: IndexedException[]): IndexedException[] {
  if (held.length === 0) return exceptions;
  const key = (e: IndexedException) => `${e.guideId} ${e.date}`;
  const taken = new Set(held.map(key));
  return [...exceptions.filter((e) => !taken.has(key(e))), ...held];
}
