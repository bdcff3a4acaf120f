import { SERVICE_CITIES } from '../../../../shared/cities';
import { centsToAmount } from '../../../../shared/money';
import type { Locale } from '../../../../shared/locales';
import { dateTimeFormat, unreadableDate } from '../../../lib/intl';

/** Bilingual names: Chinese in zh-CN, English otherwise. */
export const localName = (item: { nameEn: string; nameCn: string }, locale: Locale) => (locale === 'zh-CN' ? item.nameCn : item.nameEn);

export function cityName(slug: string, locale: Locale): string {
  const city = SERVICE_CITIES.find((c) => c.slug === slug);
  return city ? localName(city, locale) : slug;
}

/** Whole RMB from cents, without a currency sign (UI.md: never a bare ¥). */
export function rmb(cents: number): string {
  const amount = centsToAmount(cents);
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/**
 * UI.md dates: "Nov 22, 2026" / "2026年11月22日", for a yyyy-mm-dd calendar date. With a weekday, Chinese
 * puts it in full-width brackets (locales/VOICE.md): "Sat, Nov 28" / "11月28日（周六）".
 */
export function formatCalendarDate(date: string | null | undefined, locale: Locale, opts: Intl.DateTimeFormatOptions = {}): string {
  const [y, m, d] = (date ?? '').split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  const unreadable = unreadableDate(date, at, locale);
  if (unreadable) return unreadable;
  const options: Intl.DateTimeFormatOptions =
    locale === 'zh-CN' ? { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC', ...opts } : { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC', ...opts };
  if (locale === 'zh-CN' && options.weekday && (options.month || options.day)) {
    const { weekday, ...day } = options;
    return `${dateTimeFormat('zh-CN', day).format(at)}（${dateTimeFormat('zh-CN', { weekday, timeZone: 'UTC' }).format(at)}）`;
  }
  return dateTimeFormat(locale === 'zh-CN' ? 'zh-CN' : 'en-US', options).format(at);
}
