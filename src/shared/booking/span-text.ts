/**
 * The dates of a booking of several days (decision 154) in words, so every place a person reads a
 * booking names all its days, not the first: "Dec 12–14, 2026" / "2026年12月12日–14日" /
 * "2026年12月12日(土)〜14日(月)" (Japanese dates carry their weekday, locales/VOICE.md), and the
 * span with its count, "3 days, Dec 12–14, 2026". Calendar dates, read in UTC, never shift. Pure:
 * the notices, the admin console and the web share it.
 */
import { addDays } from '../availability';
import type { Locale } from '../locales';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const JA_WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

/**
 * From the first day to the last, the year written once (left out with `withYear: false`); one day
 * when they are the same (the rest of a two-day tour after day 1, decision 140 amended).
 */
export function dateRangeText(first: string, last: string, locale: Locale, opts: { withYear?: boolean } = {}): string {
  const withYear = opts.withYear ?? true;
  const a = parts(first);
  const b = parts(last);
  const sameYear = a.y === b.y;
  const sameMonth = sameYear && a.m === b.m;
  if (locale === 'ja') {
    const day = (p: typeof a, year: boolean, month: boolean) =>
      `${year ? `${p.y}年` : ''}${month ? `${p.m}月` : ''}${p.d}日(${JA_WEEKDAYS[p.weekday]})`;
    if (first === last) return day(a, withYear, true);
    return `${day(a, withYear, true)}〜${day(b, withYear && !sameYear, !sameMonth)}`;
  }
  if (locale === 'zh-CN') {
    const day = (p: typeof a, year: boolean, month: boolean) =>
      `${year ? `${p.y}年` : ''}${month ? `${p.m}月` : ''}${p.d}日`;
    if (first === last) return day(a, withYear, true);
    return `${day(a, withYear, true)}–${day(b, withYear && !sameYear, !sameMonth)}`;
  }
  const year = (p: typeof a) => (withYear ? `, ${p.y}` : '');
  if (first === last) return `${MONTHS[a.m - 1]} ${a.d}${year(a)}`;
  if (sameMonth) return `${MONTHS[a.m - 1]} ${a.d}–${b.d}${year(b)}`;
  return `${MONTHS[a.m - 1]} ${a.d}${sameYear ? '' : year(a)} – ${MONTHS[b.m - 1]} ${b.d}${year(b)}`;
}

/** "3 days, Dec 12–14, 2026" / "3 天（2026年12月12日–14日）" / "3日間（2026年12月12日(土)〜14日(月)）". */
export function spanText(date: string, days: number, locale: Locale, opts: { withYear?: boolean } = {}): string {
  const range = dateRangeText(date, addDays(date, days - 1), locale, opts);
  if (locale === 'ja') return `${days}日間（${range}）`;
  if (locale === 'zh-CN') return `${days} 天（${range}）`;
  return `${days} days, ${range}`;
}
