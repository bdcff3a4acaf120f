/**
 * The pieces the texts of system messages are written with, in the recipient's language: an amount,
 * a calendar day, a tour's days and start in Japan time, a reason, a credit given with a refund.
 */
import type { Locale } from '../../../shared/locales';
import { addDays } from '../../../shared/availability';
import { zoneOffsetMinutes } from '../../../shared/booking/schedule';
import { dateRangeText } from '../../../shared/booking/span-text';
import type { Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';

export type { Locale };

/**
 * An amount in its own currency (decision 164): a deposit or refund in what was charged, a price in
 * the booking's, a credit in its own. Written as the app and the booking PDF write it (decision 117):
 * 2,430 RMB / 2,430 元, ¥4,000 (JPY) / 4,000 日元 / 4,000円.
 */
export interface Money {
  cents: number;
  currency: Currency;
}
export const money = (locale: Locale, m: Money): string => formatMoney(m.cents, m.currency, locale);

type Text = { title: string; message: string; actionLabel: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Japanese dates carry their weekday (locales/VOICE.md): ja-JP writes "2026年12月6日(日)". The date is a
// calendar day, not an instant, so it is read in UTC and never shifts.
const JA_DAY = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});
/** A calendar date as docs/rules/look-and-language.md writes it: "Nov 22, 2026" / "2026年11月22日" / "2026年11月22日(日)". */
export function dayText(locale: Locale, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (locale === 'ja') return JA_DAY.format(new Date(Date.UTC(y, m - 1, d)));
  return locale === 'zh-CN' ? `${y}年${m}月${d}日` : `${MONTHS[m - 1]} ${d}, ${y}`;
}
/**
 * A tour's date and start in the guide's zone: "Nov 22, 2026 10:00 (Japan time)" / "2026年11月22日 10:00（日本时间）" /
 * "2026年11月22日(日) 10:00（日本時間）".
 */
export function slotText(locale: Locale, date: string, time: string): string {
  if (locale === 'ja') return `${dayText(locale, date)} ${time}（日本時間）`;
  return locale === 'zh-CN'
    ? `${dayText(locale, date)} ${time}（日本时间）`
    : `${dayText(locale, date)} ${time} (Japan time)`;
}
/**
 * When a tour is, every day of it (decision 154): one day is its slot; several are the dates, the
 * count and the daily start, "Dec 12–14, 2026 (3 days), 10:00 each day (Japan time)" /
 * "2026年12月12日–14日共 3 天，每天 10:00 开始（日本时间）" / "2026年12月12日(土)〜14日(月)の3日間、毎日 10:00 開始（日本時間）".
 */
export function tourWhenText(locale: Locale, date: string, time: string, days = 1): string {
  if (days <= 1) return slotText(locale, date, time);
  const range = dateRangeText(date, addDays(date, days - 1), locale);
  if (locale === 'ja') return `${range}の${days}日間、毎日 ${time} 開始（日本時間）`;
  if (locale === 'zh-CN') return `${range}共 ${days} 天，每天 ${time} 开始（日本时间）`;
  return `${range} (${days} days), ${time} each day (Japan time)`;
}
/**
 * A booking of several days whose day 1 starts later than the others, after a same-day replacement
 * (decision 140, amended): day 1's date and start, then the other days as `tourWhenText` names them,
 * "Dec 12, 2026 from 14:00, then Dec 13–14, 2026 (2 days), 10:00 each day (Japan time)" /
 * "2026年12月12日 14:00 开始，之后 2026年12月13日–14日共 2 天，每天 10:00 开始（日本时间）" /
 * "2026年12月12日(土) 14:00 開始、翌日からは2026年12月13日(日)〜14日(月)の2日間、毎日 10:00 開始（日本時間）".
 */
export function laterFirstDayText(locale: Locale, date: string, firstTime: string, time: string, days: number): string {
  const rest = tourWhenText(locale, addDays(date, 1), time, days - 1);
  if (locale === 'ja') return `${dayText(locale, date)} ${firstTime} 開始、翌日からは${rest}`;
  if (locale === 'zh-CN') return `${dayText(locale, date)} ${firstTime} 开始，之后 ${rest}`;
  return `${dayText(locale, date)} from ${firstTime}, then ${rest}`;
}
/**
 * An instant in Japan time, as the trip pages write it: "Dec 9, 2026 22:00 (Japan time)" / "2026年12月9日 22:00（日本时间）" /
 * "2026年12月9日(水) 22:00（日本時間）".
 */
export function japanTime(locale: Locale, iso: string): string {
  // Japan keeps one offset all year: the wall clock is arithmetic (a formatter built per call was a
  // notable share of a booking's CPU).
  const at = new Date(iso);
  const wall = new Date(at.getTime() + zoneOffsetMinutes('Asia/Tokyo', at) * 60_000).toISOString();
  return slotText(locale, wall.slice(0, 10), wall.slice(11, 16));
}

/** A reason as a sentence of its own ("Reason: “…”.", "理由：「…」。"), or nothing. */
export const because = (locale: Locale, reason: string | null) =>
  !reason
    ? ''
    : locale === 'ja'
      ? `理由：「${reason}」。`
      : locale === 'zh-CN'
        ? `原因：“${reason}”。`
        : ` Reason: “${reason}”.`;
export type Pair = Record<Locale, Text>;

/** A credit for the next booking given with a refund (decision 139), in the booking's currency (decision 164). */
export interface GivenCredit extends Money {
  expiresAt: string;
}
/** That credit as a sentence of its own, with until when (the trip card's words), or nothing. */
export function creditSentence(locale: Locale, credit: GivenCredit | null | undefined): string {
  if (!credit) return '';
  const until = dayText(locale, credit.expiresAt.slice(0, 10));
  const amount = money(locale, credit);
  if (locale === 'ja') return `次回のご予約に使える${amount}の旅行クレジットを付与しました（${until}まで有効）。`;
  return locale === 'zh-CN'
    ? `已为您的下一次预订发放 ${amount}抵用金，有效期至${until}。`
    : ` A credit of ${amount} for your next booking is yours until ${until}.`;
}
