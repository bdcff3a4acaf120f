import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputToMinor, type Currency } from '../../../shared/currency';
import {
  WITHDRAWAL_LIMITS,
  WITHDRAWAL_METHODS,
  type CurrencyBalance,
  type WithdrawalMethod,
} from '../../../shared/schemas/wallet';
import { Button } from '../../components/ui/button';
import { Panel, SelectField, TextField } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { openSupport } from '../support/index';
import {
  ACCOUNT_ERRORS,
  AccountFields,
  draftFields,
  draftProblem,
  EMPTY_DRAFT,
  firstMethod,
  type AccountDraft,
  type AccountField,
} from './account-fields';
import { day, money, usePayoutAccount, useRequestWithdrawal, useWallet, useWithdrawals } from './api';
import { BalanceSum, OtherBalances } from './balance-sum';
import { lastAccountOf, SameAccount } from './same-account';
import { YenEstimate } from './yen-estimate';

/** The fields an error is shown on (outlined, the words under it); `form` for one that names no field. */
type Field = 'amount' | AccountField | 'form';
/** What the server's codes for a refused request mean to the guide, and the field they are about. */
const ERRORS: Record<string, [Field, string]> = {
  insufficient_balance: ['amount', 'errors.insufficient'],
  ...ACCOUNT_ERRORS,
};

/** /withdrawal: the guide's balances, a payout request form, and their requests with statuses. */
export function WithdrawalPanel() {
  const { t } = useTranslation('wallet');
  const wallet = useWallet();
  const list = useWithdrawals();
  const request = useRequestWithdrawal();
  // The saved payout account is asked for only once the wallet says this is a guide's (decision 172).
  const saved = usePayoutAccount(!!wallet.data?.earnings);
  const [amount, setAmount] = useState('');
  // The method the guide chose; until then her saved account's, else the first for her language.
  const [chosenMethod, setMethod] = useState<WithdrawalMethod | null>(null);
  // The balance paid out: the guide's own currency's until they choose the other (decision 167).
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const [draft, setDraft] = useState<AccountDraft>(EMPTY_DRAFT);
  const [error, setErrorState] = useState<{ field: Field; message: string } | null>(null);
  // The offered account is chosen until the guide asks to type another (decision 142).
  const [typeAnother, setTypeAnother] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // The field with the error takes the focus, so a screen reader reads its label and its error together.
  const setError = (field: Field, message: string) => (
    setErrorState({ field, message }),
    inputs.current[field]?.focus()
  );
  const errorOn = (field: Field) => (error?.field === field ? error.message : null);

  // A saved account that could not be read is not offered; the form still works without it.
  if (wallet.isPending || (wallet.data?.earnings && saved.isPending)) return <Spinner />;
  if (wallet.isError || !wallet.data) {
    return (
      <div role="alert" className="py-10 text-center">
        <p>{t('loadFailed')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void wallet.refetch()}>
          {t('common:states.retry')}
        </Button>
      </div>
    );
  }
  const own = wallet.data.earnings;
  if (!own) return <p className="py-10 text-center text-stone-600 dark:text-stone-400">{t('guidesOnly')}</p>;
  const balances: CurrencyBalance[] = [
    { currency: wallet.data.currency, assetBalanceCents: wallet.data.assetBalanceCents, earnings: own },
    ...wallet.data.otherBalances,
  ];
  const chosen = balances.find((b) => b.currency === chosenCurrency) ?? balances[0]!;
  const { currency, earnings } = chosen;
  const limits = WITHDRAWAL_LIMITS[currency];
  // A yen balance is paid to a Japanese bank account, as it is (decision 167).
  const method: WithdrawalMethod = currency === 'JPY' ? 'bank' : (chosenMethod ?? saved.data?.method ?? firstMethod());

  // The saved account first, else the last payout's of this method (decision 172).
  const savedOffer = saved.data?.method === method ? saved.data : null;
  const earlier = savedOffer ? null : lastAccountOf(list.data, method);
  const offer = savedOffer ?? earlier;
  const sameAccount = offer !== null && !typeAnother;
  // Yen are whole, yuan have at most two decimals (`inputToMinor`).
  const typed = inputToMinor(amount, currency);
  const estimateCents = typed !== null && typed > 0 ? typed : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrorState(null);
    const cents = typed;
    if (cents === null) return setError('amount', t(currency === 'JPY' ? 'errors.wholeYen' : 'errors.amountFormat'));
    if (cents < limits.min) return setError('amount', t('errors.amountMin', { amount: money(limits.min, currency) }));
    if (cents > earnings.withdrawableCents) return setError('amount', t('errors.insufficient'));
    if (cents > limits.max) return setError('amount', t('errors.amountMax', { amount: money(limits.max, currency) }));
    const problem = sameAccount ? null : draftProblem(method, draft);
    if (problem) return setError(problem[0], t(problem[1]));
    const paid = { amountCents: cents, currency, method };
    request.mutate(
      !sameAccount
        ? { ...paid, ...draftFields(method, draft) }
        : earlier
          ? { ...paid, sameAccountAs: earlier.id }
          : { ...paid, savedAccount: true },
      {
        onSuccess: () => {
          setAmount('');
          void list.refetch();
          showToast({ title: t('toasts.requested'), variant: 'success' });
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : undefined;
          const [field, key] = ERRORS[code ?? ''] ?? ['form', 'errors.failed'];
          setError(field, t(key));
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <Panel id="balances" title={t('earnings.title')}>
        <BalanceSum earnings={own} balanceCents={wallet.data.assetBalanceCents} currency={wallet.data.currency} />
        {own.nextAvailableAt && (
          <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">
            {t('pendingNote', { date: day(own.nextAvailableAt) })}
          </p>
        )}
        <OtherBalances balances={wallet.data.otherBalances} />
      </Panel>

      <Panel id="request" title={t('form.title')} description={t('form.description')}>
        <form onSubmit={submit} noValidate className="space-y-4">
          {balances.length > 1 && (
            <SelectField
              label={t('form.currency')}
              value={currency}
              onChange={(e) => {
                setCurrency(e.target.value as Currency);
                setAmount('');
                setTypeAnother(false);
              }}
            >
              {balances.map((b) => (
                <option key={b.currency} value={b.currency}>
                  {t('form.balanceOption', {
                    currency: t(`currencies.${b.currency}`),
                    amount: money(b.earnings.withdrawableCents, b.currency),
                  })}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            ref={(el) => void (inputs.current.amount = el)}
            label={t(currency === 'JPY' ? 'form.amountYen' : 'form.amount')}
            inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errorOn('amount')}
            hint={t('form.amountHint', { amount: money(earnings.withdrawableCents, currency) })}
            required
          />
          {currency === 'JPY' ? (
            <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="yen-to-bank">
              {t('form.yenToBank')}
            </p>
          ) : (
            <SelectField
              label={t('form.method')}
              value={method}
              onChange={(e) => {
                setMethod(e.target.value as WithdrawalMethod);
                setTypeAnother(false);
              }}
            >
              {WITHDRAWAL_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`methods.${m}`)}
                </option>
              ))}
            </SelectField>
          )}
          {/* The estimate in yen is for yuan sent to a Japanese bank; yen are sent as they are. */}
          {method === 'bank' && currency === 'CNY' && <YenEstimate amountCents={estimateCents} />}
          {offer && (
            <SameAccount
              account={offer}
              saved={savedOffer !== null}
              using={sameAccount}
              onChange={(use) => setTypeAnother(!use)}
            />
          )}
          {!sameAccount && (
            <AccountFields
              method={method}
              draft={draft}
              onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
              errorOn={errorOn}
              inputRef={(field) => (el) => void (inputs.current[field] = el)}
            />
          )}
          {error?.field === 'form' && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={request.isPending || earnings.withdrawableCents < limits.min}>
            {t('form.submit')}
          </Button>
        </form>
      </Panel>

      <Panel id="history" title={t('history.title')}>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <p role="alert">{t('loadFailed')}</p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('history.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-200 dark:divide-stone-800">
            {list.data.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium tabular-nums">{money(w.amountCents, w.currency)}</p>
                  <p className="truncate text-sm text-stone-600 dark:text-stone-400">
                    {t(`methods.${w.method}`)}
                    {w.bankName ? ` · ${w.bankName} ${w.branchName ?? ''}` : ''} · {w.accountNumberMasked} ·{' '}
                    {day(w.createdAt)}
                  </p>
                  {w.status === 'failed' && w.failureReason && (
                    <p className="text-sm text-red-600 dark:text-red-400">{w.failureReason}</p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium dark:bg-stone-800">
                    {t(`statuses.${w.status}`)}
                  </span>
                  {w.status === 'failed' && (
                    <Button size="sm" variant="outline" onClick={() => void openSupport('payout_failure')}>
                      {t('contactSupport')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
