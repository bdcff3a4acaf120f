/**
 * When a guide is listed (decision 091): shown in search, on the landing page, in the
 * sitemap and anywhere else guides are listed publicly. Pure rules, shared by the server's search
 * index, the listing-status endpoint and the web checklist.
 */
import {
  addDays,
  isoWeekday,
  todayInZone,
  weekdayBit,
  weeklyDaysMask,
  type AvailabilityException,
  type WeeklySlot,
} from './availability';

/** A guide is listed only with a bookable time within this many days (today included). */
export const LISTING_WINDOW_DAYS = 60;

/** What a listing still lacks, in the order the checklist shows it. */
export const LISTING_REQUIREMENTS = ['application', 'identity', 'open_times'] as const;
export type ListingRequirement = (typeof LISTING_REQUIREMENTS)[number];

/** The last date of the window and how many times each ISO weekday falls in it, per first day (kept: one per day). */
const windows = new Map<string, { last: string; perWeekday: number[] }>();
function window(today: string, days: number) {
  const key = `${today}/${days}`;
  let w = windows.get(key);
  if (!w) {
    const perWeekday = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < days; i++) perWeekday[isoWeekday(addDays(today, i))]!++;
    if (windows.size > 8) windows.clear();
    windows.set(key, (w = { last: addDays(today, days - 1), perWeekday }));
  }
  return w;
}

/**
 * True when some day from today (in the guide's zone) through the window has hours: the day's
 * exception when it has one (a day off, or extra hours), else the weekly schedule for its weekday —
 * the rule of `dayAvailability`, on the weekday mask the search index keeps (guides.weekly_days).
 * Counted rather than walked day by day (the index decides this for every guide on a reload): open
 * when an exception in the window adds hours, or when fewer of the schedule's days in the window are
 * taken off than there are.
 */
export function hasOpenDay(
  weeklyDays: number,
  exceptions: ReadonlyMap<string, boolean>,
  timeZone: string,
  now: Date = new Date(),
  days = LISTING_WINDOW_DAYS,
): boolean {
  // Without exceptions every weekday comes round within the window.
  if (exceptions.size === 0 && days >= 7) return weeklyDays !== 0;
  const today = todayInZone(timeZone, now);
  const { last, perWeekday } = window(today, days);
  let scheduled = 0;
  for (let weekday = 1; weekday <= 7; weekday++)
    if ((weeklyDays & weekdayBit(weekday)) !== 0) scheduled += perWeekday[weekday]!;
  let off = 0;
  for (const [date, available] of exceptions) {
    if (date < today || date > last) continue;
    if (available) return true;
    if ((weeklyDays & weekdayBit(isoWeekday(date))) !== 0) off++;
  }
  return off < scheduled;
}

/** The same question on a full schedule (weekly slots and exceptions with their hours). */
export function hasOpenTimes(
  weekly: Pick<WeeklySlot, 'weekday'>[],
  exceptions: Pick<AvailabilityException, 'date' | 'available' | 'startMinute' | 'endMinute'>[],
  timeZone: string,
  now: Date = new Date(),
): boolean {
  const days = new Map(exceptions.map((e) => [e.date, e.available && e.startMinute !== null && e.endMinute !== null]));
  return hasOpenDay(weeklyDaysMask(weekly), days, timeZone, now);
}

/** What is missing for a listing: the application approved, the identity verified, open times. */
export function listingMissing(facts: {
  applicationApproved: boolean;
  identityVerified: boolean;
  openTimes: boolean;
}): ListingRequirement[] {
  const ok: Record<ListingRequirement, boolean> = {
    application: facts.applicationApproved,
    identity: facts.identityVerified,
    open_times: facts.openTimes,
  };
  return LISTING_REQUIREMENTS.filter((r) => !ok[r]);
}
