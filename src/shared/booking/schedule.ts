/**
 * When a guide can be booked (pure rules; the server decides, the web app shows the same answer).
 * A booking's date and start time are in the guide's time zone; the instants stored
 * are UTC. Decision 040 records the step and the horizon; decision 153 the guide's notice and buffer.
 */
import {
  addDays,
  availabilityCalendar,
  dayAvailability,
  fixedOffsetMinutes,
  minutesToTime,
  todayInZone,
  type AvailabilityException,
  type DayAvailability,
  type WeeklySlot,
} from '../availability';

/**
 * A guide's minimum notice and buffer when they have set none (decision 153; the guide's rates hold
 * their own): no tour starts sooner than this after it is booked, offered or moved, and this much free
 * time is kept before and after each of the guide's tours.
 */
export const DEFAULT_MIN_NOTICE_HOURS = 24;
export const DEFAULT_BUFFER_MINUTES = 30;
/** Start times are offered every half hour. */
export const SLOT_STEP_MINUTES = 30;
/** How far ahead a tour can be booked. */
export const BOOKING_HORIZON_DAYS = 180;
/** An unpaid booking holds its slot this long, then expires. */
export const PAYMENT_WINDOW_MINUTES = 30;
/**
 * An unpaid booking still unpaid this long after its checkout tells the traveler until when it is held:
 * before then they are on the checkout, and a card paid at once needs no notice.
 */
export const PAYMENT_HELD_NOTICE_MINUTES = 5;
/** A paid request the guide leaves unanswered expires after this long (or at its start, if sooner). */
export const REQUEST_ANSWER_HOURS = 48;

const MINUTE_MS = 60_000;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes (Tokyo: +540). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  // Every slot of a day asks twice; for Japan's zone the answer needs no formatter (a booking's
  // create + pay spent more of its CPU here than on any statement's own code).
  const fixed = fixedOffsetMinutes(timeZone);
  if (fixed !== undefined) return fixed;
  let fmt = offsetFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE_MS);
}

/** The UTC instant of a wall-clock time (a date and minutes after midnight) in a zone. */
export function zonedTimeToUtc(date: string, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * MINUTE_MS;
  guess = wall - zoneOffsetMinutes(timeZone, new Date(guess)) * MINUTE_MS;
  return new Date(guess);
}

/**
 * The wall-clock time of an instant in a zone, "HH:mm": the inverse of `zonedTimeToUtc`. A booking's
 * start time is read from its `starts_at` with it, since day 1 of several days may start later than
 * the others (decision 140, amended).
 */
export function zonedClockTime(at: Date, timeZone: string): string {
  const wall = new Date(at.getTime() + zoneOffsetMinutes(timeZone, at) * MINUTE_MS);
  return wall.toISOString().slice(11, 16);
}

/** "09:30" → 570; undefined for anything that is not a time of day on the half hour grid. */
export function timeToMinutes(time: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!m) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
}

export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

export interface Slot {
  /** Start in the guide's zone, "09:30". */
  startTime: string;
  startMinute: number;
  startsAt: Date;
  endsAt: Date;
}

export interface SlotQuery {
  date: string;
  durationMinutes: number;
  timeZone: string;
  weekly: WeeklySlot[];
  exceptions: AvailabilityException[];
  /** Active bookings of the guide around that day. */
  busy: BusyRange[];
  now: Date;
  /** The guide's minimum notice: a start sooner than now + this is refused (decision 153). */
  minNoticeMinutes?: number;
  /** The guide's buffer: every busy range is widened by this on both sides (decision 153). */
  bufferMinutes?: number;
  stepMinutes?: number;
  horizonDays?: number;
}

/** A guide's notice and buffer as the slot rule takes them (from the guide's row, decision 153). */
export function bookingRulesOf(g: { minNoticeHours: number; bufferMinutes: number }): {
  minNoticeMinutes: number;
  bufferMinutes: number;
} {
  return { minNoticeMinutes: g.minNoticeHours * 60, bufferMinutes: g.bufferMinutes };
}

/**
 * Why a tour at [startsAt, endsAt) cannot be taken, or null when it can (decision 153): too soon
 * (with the earliest start the notice allows), over another tour (`slot_unavailable`, the plain
 * overlap), or inside another tour's buffer, each with that tour's times (`clash`, decision 176). The weekly hours are
 * not its question: the slots ask them, a guide's own offer may go outside them (decision 106).
 */
export type TimeRefusal =
  | { code: 'too_short_notice'; earliestStartsAt: Date }
  | { code: 'buffer_conflict' | 'slot_unavailable'; clash?: BusyRange };

export function timeRefusal(t: {
  startsAt: Date;
  endsAt: Date;
  busy: BusyRange[];
  now: Date;
  minNoticeMinutes?: number;
  bufferMinutes?: number;
}): TimeRefusal | null {
  const earliest = t.now.getTime() + (t.minNoticeMinutes ?? DEFAULT_MIN_NOTICE_HOURS * 60) * MINUTE_MS;
  if (t.startsAt.getTime() < earliest)
    return { code: 'too_short_notice', earliestStartsAt: new Date(Math.ceil(earliest / MINUTE_MS) * MINUTE_MS) };
  // The other tour in the way is named by its times (decision 176): the traveler is told what clashes.
  const clash = (b: BusyRange) => ({ startsAt: b.startsAt, endsAt: b.endsAt });
  const over = t.busy.find((b) => b.startsAt < t.endsAt && t.startsAt < b.endsAt);
  if (over) return { code: 'slot_unavailable', clash: clash(over) };
  const buffer = (t.bufferMinutes ?? DEFAULT_BUFFER_MINUTES) * MINUTE_MS;
  const near = t.busy.find(
    (b) => b.startsAt.getTime() - buffer < t.endsAt.getTime() && t.startsAt.getTime() < b.endsAt.getTime() + buffer,
  );
  if (near) return { code: 'buffer_conflict', clash: clash(near) };
  return null;
}

/**
 * Whether a tour's day may be booked from `now`: not before today in the guide's zone, at most the
 * horizon ahead. Every way into a booking asks it — the checkout's slots, a guide's offer when it is
 * made and when it is booked, a new time proposed for a booking (decision 106).
 */
export function withinBookingHorizon(
  date: string,
  timeZone: string,
  now: Date,
  horizonDays = BOOKING_HORIZON_DAYS,
): boolean {
  const { first, last } = bookingWindow(timeZone, now, horizonDays);
  return date >= first && date <= last;
}

/**
 * The dates a tour may be booked on from `now` (`withinBookingHorizon`'s): today in the guide's zone
 * through the horizon, both included — `days` dates in all. What a guide's profile shows (decision 180).
 */
export function bookingWindow(
  timeZone: string,
  now: Date,
  horizonDays = BOOKING_HORIZON_DAYS,
): { first: string; last: string; days: number } {
  const first = todayInZone(timeZone, now);
  return { first, last: addDays(first, horizonDays), days: horizonDays + 1 };
}

/**
 * The bookable start times of one day: inside one of the day's availability windows for the whole
 * duration, within the horizon, and refused by nothing `timeRefusal` asks — the guide's notice, their
 * other tours and the buffer around them. The one rule for every caller (decision 153).
 */
export function bookableSlots(q: SlotQuery): Slot[] {
  const step = q.stepMinutes ?? SLOT_STEP_MINUTES;
  if (!withinBookingHorizon(q.date, q.timeZone, q.now, q.horizonDays)) return [];
  const day = dayAvailability(q.date, q.weekly, q.exceptions);
  const out: Slot[] = [];
  const seen = new Set<number>();
  for (const window of day.slots) {
    const first = Math.ceil(window.startMinute / step) * step;
    for (let start = first; start + q.durationMinutes <= window.endMinute; start += step) {
      if (seen.has(start)) continue;
      const startsAt = zonedTimeToUtc(q.date, start, q.timeZone);
      const endsAt = new Date(startsAt.getTime() + q.durationMinutes * MINUTE_MS);
      if (
        timeRefusal({
          startsAt,
          endsAt,
          busy: q.busy,
          now: q.now,
          minNoticeMinutes: q.minNoticeMinutes,
          bufferMinutes: q.bufferMinutes,
        })
      )
        continue;
      seen.add(start);
      out.push({ startTime: minutesToTime(start), startMinute: start, startsAt, endsAt });
    }
  }
  return out.sort((a, b) => a.startMinute - b.startMinute);
}

/**
 * The slot starting at `startMinute`, or why there is none: when the day's hours hold it, what
 * `timeRefusal` says of it (too soon, a buffer); otherwise `slot_unavailable`. The checkout and a
 * new time for a booking ask it, so their refusals say why (decision 153).
 */
export function slotAt(q: SlotQuery, startMinute: number): { slot: Slot } | { refusal: TimeRefusal } {
  const slot = bookableSlots(q).find((s) => s.startMinute === startMinute);
  if (slot) return { slot };
  const open = bookableSlots({
    ...q,
    busy: [],
    minNoticeMinutes: 0,
    bufferMinutes: 0,
    now: new Date(Math.min(q.now.getTime(), zonedTimeToUtc(q.date, 0, q.timeZone).getTime())),
  }).find((s) => s.startMinute === startMinute);
  const refusal =
    open &&
    timeRefusal({
      startsAt: open.startsAt,
      endsAt: open.endsAt,
      busy: q.busy,
      now: q.now,
      minNoticeMinutes: q.minNoticeMinutes,
      bufferMinutes: q.bufferMinutes,
    });
  return { refusal: refusal || { code: 'slot_unavailable' } };
}

/**
 * The longest tour a day still holds, in minutes: over each of the day's windows, the longest stretch that starts
 * on the step grid and neither overlaps a busy range nor comes within the buffer of one. A tour of d minutes
 * has a start that day by `bookableSlots`' rule, the notice and the horizon aside, exactly when d is at most this
 * (schedule.property.test.ts). The search index keeps it for each day a guide's bookings and other calendars
 * touch, so a search asks the slots' own rule (decision 207).
 */
export function longestFreeMinutes(
  q: Pick<SlotQuery, 'date' | 'timeZone' | 'weekly' | 'exceptions' | 'busy' | 'bufferMinutes' | 'stepMinutes'>,
): number {
  const step = q.stepMinutes ?? SLOT_STEP_MINUTES;
  const buffer = q.bufferMinutes ?? DEFAULT_BUFFER_MINUTES;
  const midnight = zonedTimeToUtc(q.date, 0, q.timeZone).getTime();
  // Each busy range as minutes of the day's clock, widened by the buffer (as `timeRefusal` widens it).
  const clock = (at: Date) =>
    (at.getTime() - midnight) / MINUTE_MS +
    zoneOffsetMinutes(q.timeZone, at) -
    zoneOffsetMinutes(q.timeZone, new Date(midnight));
  const busy = q.busy.map((b) => [clock(b.startsAt) - buffer, clock(b.endsAt) + buffer] as const);
  let longest = 0;
  for (const window of dayAvailability(q.date, q.weekly, q.exceptions).slots) {
    let free: (readonly [number, number])[] = [[window.startMinute, window.endMinute]];
    for (const [from, to] of busy)
      free = free.flatMap(([a, z]): (readonly [number, number])[] =>
        from >= z || to <= a
          ? [[a, z]]
          : [...(from > a ? [[a, from] as const] : []), ...(to < z ? [[to, z] as const] : [])],
      );
    for (const [a, z] of free) longest = Math.max(longest, Math.floor(z - Math.ceil(a / step) * step));
  }
  return longest;
}

/** 00:00 of the tour's date in the guide's zone: when a booking moves to awaiting_start. */
export function startOfTourDay(date: string, timeZone: string): Date {
  return zonedTimeToUtc(date, 0, timeZone);
}

/**
 * The guide's calendar as a traveler can still book it: `availabilityCalendar` with every window cut
 * to the first start time on the step grid at least the guide's notice from now (so at 22:30 Japan time
 * today's 09:00–12:00 is gone, and tomorrow's morning starts at 10:30). A window left shorter than
 * `minMinutes` is dropped; a day with no window left is unavailable.
 */
export function bookableCalendar(
  weekly: WeeklySlot[],
  exceptions: AvailabilityException[],
  timeZone: string,
  days = 60,
  now: Date = new Date(),
  opts: { minMinutes?: number; minNoticeHours?: number; stepMinutes?: number } = {},
): DayAvailability[] {
  const step = opts.stepMinutes ?? SLOT_STEP_MINUTES;
  const min = Math.max(step, opts.minMinutes ?? step);
  const cutoff = now.getTime() + (opts.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS) * 60 * MINUTE_MS;
  return availabilityCalendar(weekly, exceptions, timeZone, days, now).map((day) => {
    if (!day.available || zonedTimeToUtc(day.date, 0, timeZone).getTime() >= cutoff) return day;
    const slots = day.slots.flatMap((w) => {
      let start = Math.ceil(w.startMinute / step) * step;
      while (start + min <= w.endMinute && zonedTimeToUtc(day.date, start, timeZone).getTime() < cutoff) start += step;
      return start + min <= w.endMinute ? [{ startMinute: start, endMinute: w.endMinute }] : [];
    });
    return { date: day.date, available: slots.length > 0, slots };
  });
}
