import { useSyncExternalStore } from 'react';
import type { Locale } from '../../../../shared/locales';
import { centsToAmount } from '../../../../shared/money';
import { dateTimeFormat, unreadableDate } from '../../../lib/intl';

// One copy of the calendar and name formats, shared with the guides feature.
export { cityName, formatCalendarDate, localName } from '../../guides/lib/format';

// Made on first use: the first Intl object a page builds loads its locale data, a long task if it
// happens while the page's code is being evaluated.
let wholeFormat: Intl.NumberFormat | undefined;
let fenFormat: Intl.NumberFormat | undefined;

/**
 * An RMB amount from integer fen, without a currency sign (UI.md: never a bare ¥; the locale's
 * `money` string adds "RMB" / "元"). Whole amounts have no decimals, others two: 2,430 · 486.50.
 */
export function amount(cents: number): string {
  const value = centsToAmount(cents);
  if (Number.isInteger(value)) return (wholeFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(value);
  return (fenFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value);
}

/** A note after a phrase: " (Japan time)" in English, "（日本时间）" in Chinese (full-width, no space; locales/VOICE.md). */
export const bracketed = (note: string, locale: Locale) => (locale === 'zh-CN' ? `（${note}）` : ` (${note})`);

/** Between a label and its value: ": " in English, "：" in Chinese (locales/VOICE.md). */
export const colon = (locale: Locale) => (locale === 'zh-CN' ? '：' : ': ');

/** An instant as a date and a 24-hour time in a zone (defaults to the viewer's own). */
export function formatInstant(iso: string, locale: Locale, timeZone?: string): { date: string; time: string } {
  const at = new Date(iso);
  const unreadable = unreadableDate(iso, at, locale);
  if (unreadable) return { date: unreadable, time: '' };
  const tag = locale === 'zh-CN' ? 'zh-CN' : 'en-US';
  const date = dateTimeFormat(tag, locale === 'zh-CN' ? { year: 'numeric', month: 'long', day: 'numeric', timeZone } : { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(at);
  const time = dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return { date, time };
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
 * UI.md: a time in the guide's zone gets the traveler's own time beside it when they differ.
 * Returns the viewer's time (and their date, when it is another day) or null when they match.
 */
export function viewerTime(startsAt: string, guideDate: string, guideTime: string, locale: Locale): { time: string; date: string | null } | null {
  const zone = viewerTimeZone();
  const local = formatInstant(startsAt, locale, zone);
  const localDay = dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(startsAt));
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

export { durationText } from '../../../../shared/booking/duration';
