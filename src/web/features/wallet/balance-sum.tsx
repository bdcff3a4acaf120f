import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../shared/currency';
import type { CurrencyBalance, GuideEarnings } from '../../../shared/schemas/wallet';
import { money } from './api';

/**
 * The guide's balance as a sum the reader can check (decision 142): withdrawable + pending + on its
 * way to their account = the balance the platform holds for them (decision 067's asset balance, as
 * the server computes it from the same three).
 * Written as a column of additions, so it reads the same at 375 px as on a desktop. Every figure is in
 * `currency`, the one the sum is of (decision 167). `testIds` are for the guide's own currency's sum.
 */
export function BalanceSum({
  earnings,
  balanceCents,
  currency,
  label,
  testIds = true,
}: {
  earnings: GuideEarnings;
  balanceCents: number;
  currency: Currency;
  label?: string;
  testIds?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const parts = [
    { key: 'withdrawable', sign: '', cents: earnings.withdrawableCents },
    { key: 'pending', sign: '+', cents: earnings.pendingCents },
    { key: 'inPayout', sign: '+', cents: earnings.inPayoutCents },
  ] as const;
  return (
    <dl className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60" aria-label={label ?? t('sum.label')}>
      {parts.map((p) => (
        <div key={p.key} className="flex items-baseline justify-between gap-3 py-1">
          <dt className="min-w-0 text-sm">
            <span aria-hidden className="inline-block w-4 text-stone-500">
              {p.sign}
            </span>
            {t(`sum.${p.key}`)}
            <span className="block pl-4 text-xs text-stone-600 dark:text-stone-400">{t(`sum.${p.key}Note`)}</span>
          </dt>
          <dd
            className="shrink-0 text-base font-medium tabular-nums"
            data-testid={testIds ? `earnings-${p.key}` : undefined}
          >
            {money(p.cents, currency)}
          </dd>
        </div>
      ))}
      <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-stone-300 pt-2 dark:border-stone-600">
        <dt className="text-sm font-semibold">
          <span aria-hidden className="inline-block w-4 text-stone-500">
            =
          </span>
          {t('sum.balance')}
        </dt>
        <dd className="shrink-0 text-xl font-semibold tabular-nums" data-testid={testIds ? 'asset-balance' : undefined}>
          {money(balanceCents, currency)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * What a guide earned in the currency they priced in before (decision 167): its own sum beside the
 * first, never added to it, and paid out from by choosing it in the withdrawal form.
 */
export function OtherBalances({ balances }: { balances: CurrencyBalance[] }) {
  const { t } = useTranslation('wallet');
  return (
    <>
      {balances.map((b) => (
        <section
          key={b.currency}
          aria-labelledby={`other-balance-${b.currency}`}
          className="mt-4"
          data-testid={`other-balance-${b.currency}`}
        >
          <h4 id={`other-balance-${b.currency}`} className="text-sm font-semibold">
            {t(`other.${b.currency}`)}
          </h4>
          <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('other.note')}</p>
          <div className="mt-2">
            <BalanceSum
              earnings={b.earnings}
              balanceCents={b.assetBalanceCents}
              currency={b.currency}
              label={t(`other.${b.currency}`)}
              testIds={false}
            />
          </div>
        </section>
      ))}
    </>
  );
}
