import { MAX_TOTAL, totalInBounds, type Currency } from '../../shared/currency';
import { formatMoney } from '../../shared/money-format';
import { AppError } from './app-error';

/**
 * Refuses a total past its currency's bound (decision 182, currency.ts MAX_TOTAL) with 400
 * `total_too_large`, before it is stored or charged: past the bound an amount, or its conversion,
 * could reach the integer column's ceiling and the insert would fail as a 500.
 */
export function checkTotalInBounds(totalMinor: number, currency: Currency, path?: string): void {
  if (totalInBounds(totalMinor, currency)) return;
  const most = formatMoney(MAX_TOTAL[currency], currency, 'en');
  throw new AppError(
    'total_too_large',
    `A booking's total is at most ${most}: ask for fewer people, hours or days`,
    path ? [{ path, message: `at most ${MAX_TOTAL[currency]}` }] : undefined,
  );
}
