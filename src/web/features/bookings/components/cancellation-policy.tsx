import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CANCELLATION_REFUND_RATES, EMERGENCY_REFUND_RATE } from '../../../../shared/booking/money-rules';
import { CANCELLATION_TIERS, refundArrival } from '../../../../shared/booking/cancellation-terms';
import { currentLocale } from '../../../lib/i18n';
import { formatInstant } from '../../../lib/format';
import { withGap } from '../../../lib/cjk-spacing';

const DAY_MS = 86_400_000;

/**
 * The cancellation tiers (docs/rules/money-and-cancellation.md defaults, from the shared rules) as a share of the
 * deposit, the emergency and guide cases, how long refunds take, and — for a known start — until when
 * cancelling is free.
 */
export function CancellationPolicy({ startsAt, timeZone }: { startsAt?: string; timeZone?: string }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const [now] = useState(() => Date.now());
  const freeUntil = startsAt ? new Date(Date.parse(startsAt) - 7 * DAY_MS) : null;
  const free = freeUntil && freeUntil.getTime() > now ? formatInstant(freeUntil.toISOString(), locale, timeZone) : null;
  const card = refundArrival('card');
  const wallet = refundArrival('alipay');
  return (
    <div className="space-y-3 text-sm">
      {free && (
        <p className="rounded-lg bg-green-50 px-3 py-2 font-medium text-green-800 dark:bg-green-900/30 dark:text-green-200">
          {t('policy.freeUntil', {
            date: free.date,
            time: free.time,
            zone: timeZone === 'Asia/Tokyo' ? t('japanTime') : timeZone,
          })}
        </p>
      )}
      <p className="text-stone-600 dark:text-stone-400">{t('policy.intro')}</p>
      <table className="w-full text-left">
        <caption className="sr-only">{t('policy.title')}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-700 dark:text-stone-400">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t('policy.when')}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t('policy.refund')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-stone-800">
          {CANCELLATION_TIERS.map((tier) => (
            <tr key={tier}>
              <td className="py-1.5 pr-3">{t(`policy.tiers.${tier}`)}</td>
              <td className="py-1.5 text-right tabular-nums">{Math.round(CANCELLATION_REFUND_RATES[tier] * 100)}%</td>
            </tr>
          ))}
          <tr>
            <td className="py-1.5 pr-3">{t('policy.tiers.emergency')}</td>
            <td className="py-1.5 text-right tabular-nums">{Math.round(EMERGENCY_REFUND_RATE * 100)}%</td>
          </tr>
          <tr>
            <td className="py-1.5 pr-3">{t('policy.tiers.guide')}</td>
            <td className="py-1.5 text-right tabular-nums">100%</td>
          </tr>
        </tbody>
      </table>
      <p className="text-stone-600 dark:text-stone-400">
        {withGap(
          t('policy.timing', {
            cardMin: card.minBusinessDays,
            cardMax: card.maxBusinessDays,
            walletMin: wallet.minBusinessDays,
            walletMax: wallet.maxBusinessDays,
          }),
        )}
        <Link
          to="/help/cancellation"
          className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          {t('policy.more')}
        </Link>
      </p>
    </div>
  );
}
