import type { Locale } from '../locales';
import { durationText } from './duration';

/**
 * A tour's whole length: its hours, or for several days the days and each day's hours — "3 days of
 * 8 hours each", "3 天，每天 8 小时", "3日間・各8時間" — never one day's hours alone for three days.
 * A module of its own, apart from duration.ts: the landing page's code needs durationText only.
 */
export function tourLengthText(days: number | undefined, hoursEachDay: number, locale: Locale): string {
  const hours = durationText(hoursEachDay, locale);
  const n = days ?? 1;
  if (n <= 1) return hours;
  if (locale === 'ja') return `${n}日間・各${hours}`;
  if (locale === 'zh-CN') return `${n} 天，每天 ${hours}`;
  return `${n} days of ${hours} each`;
}
