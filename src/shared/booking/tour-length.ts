import type { Locale } from '../locales';
import { durationText } from './duration';

/**
 * A tour's whole length: its hours, or for several days the days times each day's hours — "3 days ×
 * 8 hours", "3 天 × 8 小时", "3日間 × 8時間" (decision 179: one form on every card, document and
 * price line) — never one day's hours alone, nor every day's hours added up, for three days.
 * A module of its own, apart from duration.ts: the landing page's code needs durationText only.
 */
export function tourLengthText(days: number | undefined, hoursEachDay: number, locale: Locale): string {
  const hours = durationText(hoursEachDay, locale);
  const n = days ?? 1;
  if (n <= 1) return hours;
  if (locale === 'ja') return `${n}日間 × ${hours}`;
  if (locale === 'zh-CN') return `${n} 天 × ${hours}`;
  return `${n} days × ${hours}`;
}
