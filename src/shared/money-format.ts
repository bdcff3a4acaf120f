import type { Locale } from './locales';
import { centsToAmount } from './money';

const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fenFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An RMB amount from integer fen, without a currency word: whole amounts have no decimals, others two
 * (2,430 · 486.50). The same rule as the web app's `amount()` (features/bookings/lib/format.ts), for
 * code that runs on the server too (the booking PDF).
 */
export function formatFen(cents: number): string {
  const value = centsToAmount(cents);
  return Number.isInteger(value) ? wholeFormat.format(value) : fenFormat.format(value);
}

/** UI.md: `2,430 RMB` in English, `2,430 元` in Chinese; never a bare ¥ (it reads as yen in Japan). */
export function formatRmb(cents: number, locale: Locale): string {
  return locale === 'zh-CN' ? `${formatFen(cents)} 元` : `${formatFen(cents)} RMB`;
}
