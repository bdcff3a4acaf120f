import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../lib/toast';
import { usePayoutAccount, useRemovePayoutAccount } from './api';
import { PayoutAccountForm } from './payout-account-form';
import { AccountLine } from './same-account';

/**
 * The guide's saved payout account (decision 172), shown whatever her balance, so she can add it
 * before her first payout: loading, failed (with a retry), none yet (an invitation to add one), or
 * the account with its number masked, to edit or remove.
 */
export function PayoutAccountCard() {
  const { t } = useTranslation('wallet');
  const saved = usePayoutAccount();
  const remove = useRemovePayoutAccount();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => (setConfirming(false), showToast({ title: t('account.removed'), variant: 'success' })),
      onError: () => showToast({ title: t('account.removeFailed'), variant: 'destructive' }),
    });

  let body;
  if (saved.isPending) body = <Spinner />;
  else if (saved.isError) {
    body = (
      <div role="alert">
        <p className="text-sm">{t('account.loadFailed')}</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void saved.refetch()}>
          {t('common:states.retry')}
        </Button>
      </div>
    );
  } else if (editing) body = <PayoutAccountForm initial={saved.data} onDone={() => setEditing(false)} />;
  else if (saved.data === null) {
    body = (
      <>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('account.empty')}</p>
        <Button size="sm" className="mt-3" onClick={() => setEditing(true)}>
          {t('account.add')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="mt-1 text-sm font-medium">{t(`methods.${saved.data.method}`)}</p>
        <AccountLine account={saved.data} />
        {confirming ? (
          <div className="mt-3 rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60">
            <p className="text-sm">{t('account.removeConfirm')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="danger" busy={remove.isPending} onClick={onRemove}>
                {t('account.removeYes')}
              </Button>
              <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => setConfirming(false)}>
                {t('account.keep')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {t('account.edit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t('account.remove')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby="payout-account-title"
      className="mt-6 rounded-lg border border-stone-200 p-4 dark:border-stone-700"
      data-testid="payout-account"
    >
      <h3 id="payout-account-title" className="text-sm font-semibold">
        {t('account.title')}
      </h3>
      {body}
    </section>
  );
}
