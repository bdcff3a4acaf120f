/**
 * The tour as booked, as the trip-trouble notices name it: a file of its own, as both their texts
 * (trip-trouble-texts.ts) and their listeners (trip-trouble-events.ts, reading it off an event) use it.
 */
import { addDays } from '../../../shared/availability';
import { laterFirstDayText, tourWhenText, type Locale } from './text-parts';

/**
 * The tour as booked: its first date, daily start and days (decision 154). Only a booking of several
 * days names them in these notices, as the reschedule notices do (`tourWhenText`); one day's texts
 * are as they were. `firstStartTime`: day 1's later start with a same-day replacement (decision 140, amended).
 */
export interface TourWhen {
  date: string;
  startTime: string;
  days: number;
  firstStartTime?: string;
}
export const several = (when: TourWhen | undefined): when is TourWhen => (when?.days ?? 1) > 1;

/** The whole tour, "Dec 12–14, 2026 (3 days), 10:00 each day (Japan time)", or with day 1 later than the others. */
const whenText = (locale: Locale, w: TourWhen) =>
  w.firstStartTime && w.firstStartTime !== w.startTime
    ? laterFirstDayText(locale, w.date, w.firstStartTime, w.startTime, w.days)
    : tourWhenText(locale, w.date, w.startTime, w.days);

/** The days after today of a tour whose guide did not come on day 1, as booked. */
export const restText = (locale: Locale, w: TourWhen) =>
  tourWhenText(locale, addDays(w.date, 1), w.startTime, w.days - 1);

/** "The tour: …" as a sentence of its own. */
export const tourSentence = (locale: Locale, w: TourWhen) =>
  locale === 'ja'
    ? `ツアーの日程：${whenText(locale, w)}。`
    : locale === 'zh-CN'
      ? `行程：${whenText(locale, w)}。`
      : ` The tour: ${whenText(locale, w)}.`;
