import type { Locale } from '../../../shared/locales';
import { formatRmb } from '../../../shared/money-format';
import { formatCalendarDate } from '../../lib/format';
import { dateTimeFormat } from '../../lib/intl';

/** Money as docs/rules/look-and-language.md writes it (`1,234 RMB` / `1,234 元`), never a bare ¥. */
export const money = (cents: number, locale: Locale) => formatRmb(cents, locale);

/** A yyyy-mm-dd day as docs/rules/look-and-language.md writes dates, optionally with the weekday. */
export const dayText = (date: string, locale: Locale, weekday?: 'short' | 'long') => formatCalendarDate(date, locale, weekday ? { weekday } : {});

/** A short day without the year (for the week's range and list): "Mon, Nov 23" / "11月23日（周一）". */
export const shortDay = (date: string, locale: Locale) => formatCalendarDate(date, locale, { year: undefined, weekday: 'short' });

/** The weekday alone ("Fri" / "周五") and the month and day alone ("Nov 27" / "11月27日"). */
export const weekdayText = (date: string, locale: Locale) => formatCalendarDate(date, locale, { year: undefined, month: undefined, day: undefined, weekday: 'short' });
export const monthDay = (date: string, locale: Locale) => formatCalendarDate(date, locale, { year: undefined });

export { zoneName } from '../../lib/format';

/** HH:MM for an instant in a zone (24-hour). */
export const timeIn = (iso: string, zone: string) => dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(iso));
