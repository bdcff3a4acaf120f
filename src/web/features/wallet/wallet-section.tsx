import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/button';
import { Panel } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import type { Currency } from '../../../shared/currency';
import { day, money, rmb, useWallet } from './api';
import { BalanceSum, OtherBalances } from './balance-sum';
import { PayoutAccountCard } from './payout-account-card';
import { MonthlyStatements } from './statements';

function Figure({
  label,
  cents,
  currency,
  strong,
}: {
  label: string;
  cents: number;
  currency: Currency;
  strong?: boolean;
}) {
  return (
    <div className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60">
      <dt className="text-xs text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className={strong ? 'mt-1 text-xl font-semibold tabular-nums' : 'mt-1 text-base font-medium tabular-nums'}>
        {money(cents, currency)}
      </dd>
    </div>
  );
}

/**
 * Profile wallet: a guide's balance as a sum with the request-withdrawal action and her payout account; a traveler's
 * asset balance and credit level.
 */
export function WalletSection() {
  const { t } = useTranslation('wallet');
  const wallet = useWallet();
  return (
    <Panel id="wallet" title={t('title')}>
      {wallet.isPending ? (
        <Spinner />
      ) : wallet.isError || !wallet.data ? (
        <div role="alert" className="text-center">
          <p>{t('loadFailed')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void wallet.refetch()}>
            {t('common:states.retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {wallet.data.earnings ? (
            // A guide's wallet is their earnings, as a sum that adds up; a traveler's credit level (what
            // they spent booking tours) is no part of it (decision 142).
            <div>
              <h3 className="text-sm font-semibold">{t('earnings.title')}</h3>
              <div className="mt-2">
                <BalanceSum
                  earnings={wallet.data.earnings}
                  balanceCents={wallet.data.assetBalanceCents}
                  currency={wallet.data.currency}
                />
              </div>
              {wallet.data.earnings.nextAvailableAt && (
                <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
                  {t('pendingNote', { date: day(wallet.data.earnings.nextAvailableAt) })}
                </p>
              )}
              <OtherBalances balances={wallet.data.otherBalances} />
              <ButtonLink to="/withdrawal" className="mt-4">
                {t('requestWithdrawal')}
              </ButtonLink>
              {/* Shown at any balance: the account can be saved before the first earnings (decision 172). */}
              <PayoutAccountCard />
              <MonthlyStatements />
            </div>
          ) : (
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Figure
                label={t('assetBalance')}
                cents={wallet.data.assetBalanceCents}
                currency={wallet.data.currency}
                strong
              />
              <div className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60">
                <dt className="text-xs text-stone-600 dark:text-stone-400">{t('creditLevel')}</dt>
                <dd className="mt-1 text-xl font-semibold" data-testid="credit-level">
                  {t(`levels.${wallet.data.creditLevel}`)}
                </dd>
                {/* A <dl>'s groups hold only <dt> and <dd> (axe: definition-list). */}
                {wallet.data.nextLevel && (
                  <dd className="mt-1 text-xs text-stone-600 dark:text-stone-400">
                    {t('nextLevel', {
                      level: t(`levels.${wallet.data.nextLevel.level}`),
                      amount: rmb(Math.max(0, wallet.data.nextLevel.thresholdCents - wallet.data.spentCents)),
                    })}
                  </dd>
                )}
              </div>
            </dl>
          )}
        </div>
      )}
    </Panel>
  );
}
