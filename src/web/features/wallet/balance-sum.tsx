import { useTranslation } from 'react-i18next';
import type { GuideEarnings } from '../../../shared/schemas/wallet';
import { rmb } from './api';

/**
 * The guide's balance as a sum the reader can check (decision 142): withdrawable + pending + on its
 * way to their account = the balance the platform holds for them (decision 067's asset balance, as
 * the server computes it from the same three).
 * Written as a column of additions, so it reads the same at 375 px as on a desktop.
 */
export function BalanceSum({ earnings, balanceCents }: { earnings: GuideEarnings; balanceCents: number }) {
  const { t } = useTranslation('wallet');
  const parts = [
    { key: 'withdrawable', sign: '', cents: earnings.withdrawableCents },
    { key: 'pending', sign: '+', cents: earnings.pendingCents },
    { key: 'inPayout', sign: '+', cents: earnings.inPayoutCents },
  ] as const;
  return (
    <dl className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60" aria-label={t('sum.label')}>
      {parts.map((p) => (
        <div key={p.key} className="flex items-baseline justify-between gap-3 py-1">
          <dt className="min-w-0 text-sm">
            <span aria-hidden className="inline-block w-4 text-stone-500">
              {p.sign}
            </span>
            {t(`sum.${p.key}`)}
            <span className="block pl-4 text-xs text-stone-600 dark:text-stone-400">{t(`sum.${p.key}Note`)}</span>
          </dt>
          <dd className="shrink-0 text-base font-medium tabular-nums" data-testid={`earnings-${p.key}`}>
            {rmb(p.cents)}
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
        <dd className="shrink-0 text-xl font-semibold tabular-nums" data-testid="asset-balance">
          {rmb(balanceCents)}
        </dd>
      </div>
    </dl>
  );
}
