import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_METHODS, type PayoutAccountView, type WithdrawalMethod } from '../../../shared/schemas/wallet';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import {
  ACCOUNT_ERRORS,
  AccountFields,
  draftFields,
  draftOf,
  draftProblem,
  firstMethod,
  type AccountDraft,
  type AccountField,
} from './account-fields';
import { useSavePayoutAccount } from './api';

type Field = AccountField | 'form';

/**
 * The saved payout account typed anew or edited (decision 172), with the withdrawal form's fields and
 * checks. Editing keeps everything but the number, which the browser only has masked: it is typed again.
 */
export function PayoutAccountForm({ initial, onDone }: { initial: PayoutAccountView | null; onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const save = useSavePayoutAccount();
  const [method, setMethod] = useState<WithdrawalMethod>(() => initial?.method ?? firstMethod());
  const [draft, setDraft] = useState<AccountDraft>(() => draftOf(initial));
  const [error, setErrorState] = useState<{ field: Field; message: string } | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // The field with the error takes the focus, so a screen reader reads its label and its error together.
  const setError = (field: Field, message: string) => (
    setErrorState({ field, message }),
    inputs.current[field]?.focus()
  );
  const errorOn = (field: Field) => (error?.field === field ? error.message : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrorState(null);
    const problem = draftProblem(method, draft);
    if (problem) return setError(problem[0], t(problem[1]));
    save.mutate(
      { method, ...draftFields(method, draft) },
      {
        onSuccess: () => {
          showToast({ title: t('account.saved'), variant: 'success' });
          onDone();
        },
        onError: (err) => {
          const [field, key] = ACCOUNT_ERRORS[(err instanceof ApiError && err.code) || ''] ?? [
            'form',
            'account.saveFailed',
          ];
          setError(field, t(key));
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-4"
      aria-label={t(initial ? 'account.editTitle' : 'account.addTitle')}
    >
      <SelectField
        label={t('form.method')}
        value={method}
        onChange={(e) => (setMethod(e.target.value as WithdrawalMethod), setErrorState(null))}
      >
        {WITHDRAWAL_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`methods.${m}`)}
          </option>
        ))}
      </SelectField>
      {initial && (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {t('account.retypeNumber', { masked: initial.accountNumberMasked })}
        </p>
      )}
      <AccountFields
        method={method}
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        errorOn={errorOn}
        inputRef={(field) => (el) => void (inputs.current[field] = el)}
      />
      {error?.field === 'form' && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('account.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('account.cancel')}
        </Button>
      </div>
    </form>
  );
}
