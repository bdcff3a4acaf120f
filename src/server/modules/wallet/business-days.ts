import JapaneseHolidays from 'japanese-holidays';

/**
 * Japanese banks' business days (decision 129): not Saturday, not Sunday, not a national holiday (with
 * substitute holidays, as japanese-holidays counts them), and not the banks' own year-end holidays
 * (31 December to 3 January). Days are yyyy-mm-dd in Japan's time.
 */
const JST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The calendar day in Japan at an instant. */
export const dayInJapan = (at: Date): string => new Date(at.getTime() + JST_MS).toISOString().slice(0, 10);

/** Noon in Japan on a day: safely inside it whatever the library does with the hour. */
const noonInJapan = (day: string) => new Date(`${day}T12:00:00+09:00`);

export function isBusinessDay(day: string): boolean {
  const at = noonInJapan(day);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const yearEnd = day.endsWith('-12-31') || /-01-0[123]$/.test(day);
  return weekday !== 0 && weekday !== 6 && !yearEnd && JapaneseHolidays.isHolidayAt(at) === undefined;
}

/** The first business day after `day`. */
export function nextBusinessDay(day: string): string {
  let t = Date.parse(`${day}T00:00:00Z`);
  do t += DAY_MS;
  while (!isBusinessDay(new Date(t).toISOString().slice(0, 10)));
  return new Date(t).toISOString().slice(0, 10);
}

/** The Monday of `day`'s week (weeks run Monday to Sunday, as in Japan's business calendar). */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The first business day (yyyy-mm-dd) of `day`'s week; null for a week without one. */
export function firstBusinessDayOfWeek(day: string): string | null {
  const monday = mondayOf(day);
  for (let i = 0, t = Date.parse(`${monday}T00:00:00Z`); i < 7; i++, t += DAY_MS) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (isBusinessDay(d)) return d;
  }
  return null;
}
