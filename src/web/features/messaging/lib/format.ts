import { currentLocale } from '../../../lib/i18n';

/** A message time: today as 24-hour time, otherwise the date (UI.md: Nov 22, 2026 / 2026年11月22日). */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  const locale = currentLocale();
  const sameDay = d.toDateString() === new Date().toDateString();
  if (sameDay) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: locale === 'zh-CN' ? 'long' : 'short', day: 'numeric' }).format(d);
}
