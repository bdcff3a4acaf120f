/**
 * Guide availability (pure rules, shared by the server's search and the web calendar). A guide
 * keeps a weekly schedule plus date exceptions, all in the guide's own time zone. A calendar date
 * (yyyy-mm-dd) names a day in that zone, so its weekday does not depend on where the traveler is.
 */
export interface WeeklySlot {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
}

export interface AvailabilityException {
  date: string;
  available: boolean;
  startMinute: number | null;
  endMinute: number | null;
}

export interface DayAvailability {
  date: string;
  available: boolean;
  slots: { startMinute: number; endMinute: number }[];
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar the product accepts from outside. A tour, an exception, a licence's expiry all fall well
 * inside it; the ends keep every date arithmetic (a day's window of -2…+3 days, a zone's offset) in
 * four-digit years, which PostgreSQL and `Date.toISOString()` both need: a day after 9999-12-31 is
 * written "+010000-…", and there is no year 0 in PostgreSQL.
 */
export const FIRST_CALENDAR_DATE = '2000-01-01';
export const LAST_CALENDAR_DATE = '2099-12-31';

/** True for a real calendar date written yyyy-mm-dd (2026-02-30 is not) within the accepted calendar. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m || value < FIRST_CALENDAR_DATE || value > LAST_CALENDAR_DATE) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The search helper bit for a weekday: Monday bit 0 … Sunday bit 6. */
export function weekdayBit(weekday: number): number {
  return 1 << (weekday - 1);
}

/** The bit mask of the weekdays that have hours in a weekly schedule. */
export function weeklyDaysMask(slots: Pick<WeeklySlot, 'weekday'>[]): number {
  return slots.reduce((mask, s) => mask | weekdayBit(s.weekday), 0);
}

// Building an Intl.DateTimeFormat is costly (a search would spend more time on it than on its SQL):
// one formatter per zone, kept.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones with one offset all year, in hours east of UTC: their date is arithmetic. Japan keeps UTC+9
 * (no daylight saving), and the first time-zone formatter a browser builds loads its zone data: a
 * long task on a phone while the page hydrates. The two ends of the Earth's zones are asked by every
 * dated search ("not in the past anywhere", search-index.ts).
 */
const FIXED_OFFSET_HOURS = new Map([
  ['Asia/Tokyo', 9],
  ['UTC', 0],
  ['Etc/GMT+12', -12],
  ['Etc/GMT-14', 14],
]);

/** A zone's offset in minutes east of UTC when it has one all year (Japan's), else undefined. */
export function fixedOffsetMinutes(timeZone: string): number | undefined {
  const hours = FIXED_OFFSET_HOURS.get(timeZone);
  return hours === undefined ? undefined : hours * 60;
}

/** Today's calendar date in a time zone, for example the guide's Asia/Tokyo. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  const offset = FIXED_OFFSET_HOURS.get(timeZone);
  if (offset !== undefined) return new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10);
  let fmt = dayFormatters.get(timeZone);
  if (!fmt) {
    // en-CA formats as yyyy-mm-dd.
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, fmt);
  }
  return fmt.format(now);
}

/** The calendar date n days after `date`. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** One day's hours: an exception replaces the weekly schedule for its date. */
export function dayAvailability(
  date: string,
  weekly: WeeklySlot[],
  exceptions: AvailabilityException[],
): DayAvailability {
  const exception = exceptions.find((e) => e.date === date);
  if (exception) {
    if (!exception.available || exception.startMinute === null || exception.endMinute === null) {
      return { date, available: false, slots: [] };
    }
    return { date, available: true, slots: [{ startMinute: exception.startMinute, endMinute: exception.endMinute }] };
  }
  const weekday = isoWeekday(date);
  const slots = weekly
    .filter((s) => s.weekday === weekday)
    .map((s) => ({ startMinute: s.startMinute, endMinute: s.endMinute }))
    .sort((a, b) => a.startMinute - b.startMinute);
  return { date, available: slots.length > 0, slots };
}

/** The next `days` days from today in the guide's zone (today included). */
export function availabilityCalendar(
  weekly: WeeklySlot[],
  exceptions: AvailabilityException[],
  timeZone: string,
  days = 60,
  now: Date = new Date(),
): DayAvailability[] {
  const start = todayInZone(timeZone, now);
  return Array.from({ length: days }, (_, i) => dayAvailability(addDays(start, i), weekly, exceptions));
}

/** 540 → "09:00". */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
