import { useTranslation } from 'react-i18next';
import type { Withdrawal, WithdrawalMethod } from '../../../shared/schemas/wallet';
import { Button } from '../../components/ui/button';

/**
 * The account of the guide's latest payout by `method` that did not fail (a failed one may be why it
 * failed): offered again, so a bank account is not typed anew each week (decision 142).
 */
export function lastAccountOf(withdrawals: Withdrawal[] | undefined, method: WithdrawalMethod): Withdrawal | null {
  return withdrawals?.find((w) => w.method === method && w.status !== 'failed') ?? null;
}

/** One line naming an earlier payout's account, its number masked as the server gives it. */
function accountLine(w: Withdrawal, accountType: (type: string) => string): string {
  if (w.method !== 'bank') return `${w.accountName} · ${w.accountNumberMasked}`;
  return [`${w.bankName ?? ''} ${w.branchName ?? ''}`.trim(), w.accountType ? accountType(w.accountType) : null, w.accountNumberMasked, w.accountHolderKana].filter(Boolean).join(' · ');
}

/** The earlier account, chosen (with a way to type another) or offered with one tap. */
export function SameAccount({ earlier, using, onChange }: { earlier: Withdrawal; using: boolean; onChange: (use: boolean) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="rounded-lg border border-stone-200 p-3 dark:border-stone-700" data-testid="same-account">
      <p className="text-sm font-medium">{using ? t('same.using') : t('same.offer')}</p>
      <p className="mt-1 break-words text-sm text-stone-600 dark:text-stone-400" lang={earlier.method === 'bank' ? 'ja' : undefined}>
        {accountLine(earlier, (type) => t(`bank.accountTypes.${type}`))}
      </p>
      <Button type="button" size="sm" variant="outline" className="mt-2" onClick={() => onChange(!using)}>
        {using ? t('same.other') : t('same.use')}
      </Button>
    </div>
  );
}
