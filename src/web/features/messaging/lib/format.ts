import { currentLocale } from '../../../lib/i18n';
import { dateTimeFormat } from '../../../lib/intl';

/**
 * A message time: today as 24-hour time, otherwise the date (docs/rules/look-and-language.md: Nov 22, 2026
 * / 2026年11月22日).
 */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  const locale = currentLocale();
  const sameDay = d.toDateString() === new Date().toDateString();
  if (sameDay) return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
  return dateTimeFormat(locale, { year: 'numeric', month: locale === 'en' ? 'short' : 'long', day: 'numeric' }).format(
    d,
  );
}
