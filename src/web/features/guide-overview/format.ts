import type { Locale } from '../../../shared/locales';
import type { Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';
import { formatCalendarDate } from '../../lib/format';

/**
 * Money in its own currency (decision 164), as docs/rules/look-and-language.md writes it: `1,234 RMB` /
 * `1,234 元`, yen `¥4,000 (JPY)` / `4,000 日元` / `4,000円`; never a bare ¥ beside Chinese.
 */
export const money = (minor: number, currency: Currency, locale: Locale) => formatMoney(minor, currency, locale);

/** A yyyy-mm-dd day as docs/rules/look-and-language.md writes dates, optionally with the weekday. */
export const dayText = (date: string, locale: Locale, weekday?: 'short' | 'long') =>
  formatCalendarDate(date, locale, weekday ? { weekday } : {});

/** A short day without the year (for the week's range and list): "Mon, Nov 23" / "11月23日（周一）". */
export const shortDay = (date: string, locale: Locale) =>
  formatCalendarDate(date, locale, { year: undefined, weekday: 'short' });

/** The weekday alone ("Fri" / "周五") and the month and day alone ("Nov 27" / "11月27日"). */
export const weekdayText = (date: string, locale: Locale) =>
  formatCalendarDate(date, locale, { year: undefined, month: undefined, day: undefined, weekday: 'short' });
export const monthDay = (date: string, locale: Locale) => formatCalendarDate(date, locale, { year: undefined });

export { zoneName } from '../../lib/format';
