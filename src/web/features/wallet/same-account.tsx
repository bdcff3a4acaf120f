import { useTranslation } from 'react-i18next';
import type { PayoutAccountView, Withdrawal, WithdrawalMethod } from '../../../shared/schemas/wallet';
import { Button } from '../../components/ui/button';

/**
 * The account of the guide's latest payout by `method` that did not fail (a failed one may be why it
 * failed): offered again, so a bank account is not typed anew each week (decision 142).
 */
export function lastAccountOf(withdrawals: Withdrawal[] | undefined, method: WithdrawalMethod): Withdrawal | null {
  return withdrawals?.find((w) => w.method === method && w.status !== 'failed') ?? null;
}

/** What an account line shows: a saved account's fields, which a withdrawal has too. */
type AccountShown = Omit<PayoutAccountView, 'updatedAt'>;

/** One line naming an account, its number masked as the server gives it; a bank's in Japanese. */
export function AccountLine({ account: a, className }: { account: AccountShown; className?: string }) {
  const { t } = useTranslation('wallet');
  const text =
    a.method !== 'bank'
      ? `${a.accountName} · ${a.accountNumberMasked}`
      : [
          `${a.bankName ?? ''} ${a.branchName ?? ''}`.trim(),
          a.accountType ? t(`bank.accountTypes.${a.accountType}`) : null,
          a.accountNumberMasked,
          a.accountHolderKana,
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <p
      className={className ?? 'break-words text-sm text-stone-600 dark:text-stone-400'}
      lang={a.method === 'bank' ? 'ja' : undefined}
      data-testid="account-line"
    >
      {text}
    </p>
  );
}

/**
 * The account offered to a payout, chosen (with a way to type another) or offered with one tap: the
 * saved payout account first (decision 172), else the last payout's of this method (decision 142).
 */
export function SameAccount({
  account,
  saved,
  using,
  onChange,
}: {
  account: AccountShown;
  saved: boolean;
  using: boolean;
  onChange: (use: boolean) => void;
}) {
  const { t } = useTranslation('wallet');
  const strings = saved ? 'savedOffer' : 'same';
  return (
    <div className="rounded-lg border border-stone-200 p-3 dark:border-stone-700" data-testid="same-account">
      <p className="text-sm font-medium">{using ? t(`${strings}.using`) : t(`${strings}.offer`)}</p>
      <AccountLine account={account} className="mt-1 break-words text-sm text-stone-600 dark:text-stone-400" />
      <Button type="button" size="sm" variant="outline" className="mt-2" onClick={() => onChange(!using)}>
        {using ? t('same.other') : t('same.use')}
      </Button>
    </div>
  );
}
