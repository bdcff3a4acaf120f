import { useSyncExternalStore } from 'react';
import { SERVICE_CITIES } from '../../shared/cities';
import { localName, type Locale } from '../../shared/locales';
import { dateTimeFormat, unreadableDate } from './intl';

// How the web app writes dates, times, names and money, for every feature (a shared piece: it imports
// no feature). Money is the shared formatter of each locale (decision 117).
export { formatFen as amount, formatRmb, moneyFormat } from '../../shared/money-format';

export { localName } from '../../shared/locales';

export function cityName(slug: string, locale: Locale): string {
  const city = SERVICE_CITIES.find((c) => c.slug === slug);
  return city ? localName(city, locale) : slug;
}

/** The Intl tag each interface language writes dates with. */
const dateTag = (locale: Locale) => (locale === 'en' ? 'en-US' : locale);

/**
 * Dates (docs/rules/look-and-language.md): "Nov 22, 2026" / "2026年11月22日", for a yyyy-mm-dd calendar date. With a
 * weekday, Chinese puts it in full-width brackets (locales/VOICE.md): "Sat, Nov 28" / "11月28日（周六）"; Japanese as Intl
 * writes it: "11月28日(土)".
 */
export function formatCalendarDate(
  date: string | null | undefined,
  locale: Locale,
  opts: Intl.DateTimeFormatOptions = {},
): string {
  const [y, m, d] = (date ?? '').split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  const unreadable = unreadableDate(date, at, locale);
  if (unreadable) return unreadable;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
    timeZone: 'UTC',
    ...opts,
  };
  if (locale === 'zh-CN' && options.weekday && (options.month || options.day)) {
    const { weekday, ...day } = options;
    return `${dateTimeFormat('zh-CN', day).format(at)}（${dateTimeFormat('zh-CN', { weekday, timeZone: 'UTC' }).format(at)}）`;
  }
  return dateTimeFormat(dateTag(locale), options).format(at);
}

/**
 * A note after a phrase: " (Japan time)" in English, "（日本时间）" / "（日本時間）" in Chinese and Japanese (full-width, no space;
 * locales/VOICE.md).
 */
export const bracketed = (note: string, locale: Locale) => (locale === 'en' ? ` (${note})` : `（${note}）`);

/** Between a label and its value: ": " in English, "：" in Chinese and Japanese (locales/VOICE.md). */
export const colon = (locale: Locale) => (locale === 'en' ? ': ' : '：');

/**
 * An instant as a date (without the year when `withYear` is false) and a 24-hour time in a zone (defaults to the
 * viewer's own).
 */
export function formatInstant(
  iso: string,
  locale: Locale,
  timeZone?: string,
  withYear = true,
): { date: string; time: string } {
  const at = new Date(iso);
  const unreadable = unreadableDate(iso, at, locale);
  if (unreadable) return { date: unreadable, time: '' };
  const date = dateTimeFormat(dateTag(locale), {
    year: withYear ? 'numeric' : undefined,
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
    timeZone,
  }).format(at);
  const time = dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return { date, time };
}

/** A zone as people say it: the locale's "Japan time" / "日本时间" for Tokyo, else the IANA name. */
export const zoneName = (timeZone: string, japanTime: string) => (timeZone === 'Asia/Tokyo' ? japanTime : timeZone);

/**
 * A deadline (answer by, pay by, book by) as the trip times write it: date and time in the tour's
 * zone, with that zone's name for the `({{zone}})` the strings carry, so a deadline and the tour it
 * belongs to are read on the same clock.
 */
export function formatDeadline(
  iso: string,
  locale: Locale,
  timeZone: string,
  japanTime: string,
  withYear = true,
): { date: string; time: string; zone: string } {
  return { ...formatInstant(iso, locale, timeZone, withYear), zone: zoneName(timeZone, japanTime) };
}

let zone: string | undefined;

/** The reader's time zone, read once a page: asking builds a formatter, which costs more than a render. */
export function viewerTimeZone(): string {
  return (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}

const never = () => () => {};

/**
 * The reader's own time zone, or null while the server renders and the browser hydrates: the
 * server cannot know it, and a page must first render exactly as the server did (decision 074).
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(never, viewerTimeZone, () => null);
}

/**
 * docs/rules/look-and-language.md: a time in the guide's zone gets the traveler's own time beside it when they differ.
 * Returns the viewer's time (and their date, when it is another day) or null when they match.
 */
export function viewerTime(
  startsAt: string,
  guideDate: string,
  guideTime: string,
  locale: Locale,
): { time: string; date: string | null } | null {
  const zone = viewerTimeZone();
  const local = formatInstant(startsAt, locale, zone);
  const localDay = dateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(startsAt));
  if (local.time === guideTime && localDay === guideDate) return null;
  return { time: local.time, date: localDay === guideDate ? null : local.date };
}

/** The end of a tour as HH:MM from its start time and duration (it may run past midnight). */
export function endTime(startTime: string, hours: number): string {
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const minutes = (h * 60 + m + Math.round(hours * 60)) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Hours as a short number: 3, 2.5, 4.25 (never rounded to 4.3). */
export const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

export { durationText } from '../../shared/booking/duration';
