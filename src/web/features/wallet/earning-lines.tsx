import { useTranslation } from 'react-i18next';
import type { Statement } from '../../../shared/schemas/statements';
import { day, money } from './api';

/** The amounts of a line, in the columns' order. */
const AMOUNTS = ['priceCents', 'commissionCents', 'onlineCents', 'inPersonCents', 'earnedCents'] as const;
const HEADS = ['price', 'commission', 'online', 'inPerson', 'earned'] as const;

/**
 * Each booking of a month, whole (decision 196): her price, the commission, what was paid to her
 * wallet online, what she collected in person and what she earned in all, with the month's total, so the
 * figure on a tour card is the one read here. The amounts are the server's; only the total's price,
 * commission and online columns are added here, from the lines the server sums the same way.
 */
export function EarningLines({ statement: s, suffix }: { statement: Statement; suffix: string }) {
  const { t } = useTranslation('statements');
  if (s.bookings.length === 0) return null;
  const sum = (key: (typeof AMOUNTS)[number]) => s.bookings.reduce((n, l) => n + l[key], 0);
  const totals = { ...Object.fromEntries(AMOUNTS.map((k) => [k, sum(k)])), earnedCents: s.earnedCents } as Record<
    (typeof AMOUNTS)[number],
    number
  >;
  return (
    <div className="mt-3">
      {/* On a phone the table scrolls sideways, a region a keyboard reaches (axe: scrollable-region-focusable). */}
      <div className="overflow-x-auto" role="region" aria-label={t('lines.title')} tabIndex={0}>
        <table className="w-full min-w-[32rem] text-xs sm:text-sm" data-testid={`lines-${s.month}${suffix}`}>
          <caption className="mb-1 text-left text-xs font-semibold text-stone-600 dark:text-stone-400">
            {t('lines.title')}
          </caption>
          <thead>
            <tr className="border-b border-stone-200 text-xs text-stone-600 dark:border-stone-700 dark:text-stone-400">
              <th scope="col" className="py-1 pr-2 text-left font-medium">
                {t('lines.booking')}
              </th>
              {HEADS.map((h) => (
                <th key={h} scope="col" className="px-2 py-1 text-right font-medium">
                  {t(`lines.${h}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.bookings.map((line) => (
              <tr key={line.bookingId} className="border-b border-stone-100 dark:border-stone-800">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  <span className="block tabular-nums">{line.bookingNumber}</span>
                  <span className="block text-xs text-stone-600 dark:text-stone-400">{day(line.at)}</span>
                </th>
                {AMOUNTS.map((k) => (
                  <td
                    key={k}
                    className={
                      k === 'earnedCents'
                        ? 'px-2 text-right font-semibold tabular-nums'
                        : 'px-2 text-right tabular-nums'
                    }
                  >
                    {money(line[k], s.currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-1 pr-2 text-left">
                {t('lines.total')}
              </th>
              {AMOUNTS.map((k) => (
                <td key={k} className="px-2 text-right tabular-nums" data-testid={`total-${k}-${s.month}${suffix}`}>
                  {money(totals[k], s.currency)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      {s.inPersonCents > 0 && (
        <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('lines.inPersonNote')}</p>
      )}
    </div>
  );
}
