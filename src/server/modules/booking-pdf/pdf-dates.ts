import type { Locale } from '../../../shared/locales';

/** The Intl tag each locale's dates are written with. */
const DATE_LOCALE: Record<Locale, string> = { en: 'en-US', 'zh-CN': 'zh-CN', ja: 'ja-JP' };

const utcDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** "Sun, Nov 22, 2026" / "2026年11月22日星期日" / "2026年11月22日(日)" for a yyyy-mm-dd calendar date. */
export function calendarDate(date: string, locale: Locale): string {
  const opts: Intl.DateTimeFormatOptions =
    locale === 'zh-CN'
      ? { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', timeZone: 'UTC' }
      : { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], opts).format(utcDay(date));
}

/** A calendar day without its year, with its weekday: "Sun, Nov 22" / "11月22日星期日" / "11月22日(日)". */
export function dayDate(date: string, locale: Locale): string {
  const opts: Intl.DateTimeFormatOptions = {
    month: locale === 'zh-CN' ? 'long' : 'short',
    day: 'numeric',
    weekday: locale === 'zh-CN' ? 'long' : 'short',
    timeZone: 'UTC',
  };
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], opts).format(utcDay(date));
}

/** A calendar day (YYYY-MM-DD) without its weekday: "Nov 27, 2026" / "2026年11月27日". */
export function plainDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    year: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(date));
}

/** An instant as a date and 24-hour time in `timeZone`: "Nov 22, 2026 09:05" / "2026年11月22日 09:05". */
export function instant(at: Date, locale: Locale, timeZone: string): string {
  const date = new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    year: 'numeric',
    month: locale === 'zh-CN' ? 'long' : 'short',
    day: 'numeric',
    timeZone,
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
  return `${date} ${time}`;
}
