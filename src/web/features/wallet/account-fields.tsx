import { useTranslation } from 'react-i18next';
import {
  BANK_ACCOUNT_TYPES,
  type BankAccountType,
  type PayoutAccountView,
  type WithdrawalMethod,
} from '../../../shared/schemas/wallet';
import { isZenginName } from '../../../shared/zengin-name';
import { SelectField, TextField } from '../../components/ui/form';
import { currentLocale } from '../../lib/i18n';
import { BankPicker, type BankChoice } from './bank-picker';

/**
 * The account a payout goes to, as the guide types it: one set of fields and checks for the withdrawal
 * form and the saved payout account (decision 172), as the server has one set of rules for both.
 */
export interface AccountDraft {
  accountName: string;
  accountNumber: string;
  bank: BankChoice;
  accountType: BankAccountType;
  holderKana: string;
}

/** The fields an account's error is shown on (outlined, the words under it). */
export type AccountField = 'bank' | 'accountNumber' | 'holderKana';

export const EMPTY_DRAFT: AccountDraft = {
  accountName: '',
  accountNumber: '',
  bank: { bank: null, branch: null },
  accountType: 'ordinary',
  holderKana: '',
};

/**
 * A saved account as a draft to edit: everything but the number, which the browser only ever has
 * masked and the guide types again. The holder's name comes back half-width, as the transfer file
 * keeps it, and is shown full-width, as she typed it.
 */
export function draftOf(account: PayoutAccountView | null): AccountDraft {
  if (!account) return EMPTY_DRAFT;
  const bank =
    account.bankCode && account.branchCode
      ? {
          bank: { code: account.bankCode, name: account.bankName ?? '', kana: '' },
          branch: { code: account.branchCode, name: account.branchName ?? '', kana: '' },
        }
      : EMPTY_DRAFT.bank;
  return {
    accountName: account.accountName,
    accountNumber: '',
    bank,
    accountType: account.accountType ?? 'ordinary',
    holderKana: (account.accountHolderKana ?? '').normalize('NFKC'),
  };
}

/** A guide reading Japanese lives in Japan: her bank comes first (a yen balance goes nowhere else). */
export const firstMethod = (): WithdrawalMethod => (currentLocale() === 'ja' ? 'bank' : 'alipay');

/** What the server's codes for a refused account mean to the guide, and the field they are about (`form`: none). */
export const ACCOUNT_ERRORS: Record<string, [AccountField | 'form', string]> = {
  validation_failed: ['form', 'errors.invalid'],
  // About the bank and branch already chosen (the picker shows them as chosen): said under the form.
  unknown_bank: ['form', 'errors.unknownBank'],
  unknown_branch: ['form', 'errors.unknownBranch'],
  invalid_kana_name: ['holderKana', 'errors.kana'],
};

/** The first thing the browser can tell the server would refuse in a bank account: its field and message key. */
export function draftProblem(method: WithdrawalMethod, d: AccountDraft): [AccountField, string] | null {
  if (method !== 'bank') return null;
  if (!d.bank.bank || !d.bank.branch) return ['bank', 'errors.pickBank'];
  if (!/^\d{7}$/.test(d.accountNumber.trim())) return ['accountNumber', 'errors.accountNumber'];
  if (!isZenginName(d.holderKana)) return ['holderKana', 'errors.kana'];
  return null;
}

/** The draft as the API's account fields (a withdrawal's and a saved account's). */
export function draftFields(method: WithdrawalMethod, d: AccountDraft) {
  const named = { accountName: d.accountName, accountNumber: d.accountNumber.trim() };
  const { bank, branch } = d.bank;
  return method === 'bank' && bank && branch
    ? {
        ...named,
        bankCode: bank.code,
        branchCode: branch.code,
        accountType: d.accountType,
        accountHolderKana: d.holderKana,
      }
    : named;
}

interface AccountFieldsProps {
  method: WithdrawalMethod;
  draft: AccountDraft;
  onChange: (patch: Partial<AccountDraft>) => void;
  errorOn: (field: AccountField) => string | null;
  /** Where a field's input is kept, so the field with an error can take the focus. */
  inputRef: (field: AccountField) => (el: HTMLInputElement | null) => void;
}

/**
 * The account's fields for `method`: a bank's found on the Zengin list (or by ゆうちょ numbers), a wallet's name and
 * account.
 */
export function AccountFields({ method, draft, onChange, errorOn, inputRef }: AccountFieldsProps) {
  const { t } = useTranslation('wallet');
  // The holder's name is checked as it is typed: once it holds what a transfer cannot carry, it says so at
  // once, and the words go as soon as the name is right again.
  const kanaInvalid = draft.holderKana.trim() !== '' && !isZenginName(draft.holderKana);
  const name = (
    <TextField
      label={t('form.accountName')}
      value={draft.accountName}
      onChange={(e) => onChange({ accountName: e.target.value })}
      required
      maxLength={100}
    />
  );
  if (method !== 'bank') {
    return (
      <>
        {name}
        <TextField
          label={t('form.account')}
          value={draft.accountNumber}
          onChange={(e) => onChange({ accountNumber: e.target.value })}
          required
          maxLength={64}
        />
      </>
    );
  }
  return (
    <>
      {name}
      <BankPicker
        value={draft.bank}
        onChange={(bank) => onChange({ bank })}
        onYucho={(a) => onChange({ accountType: a.accountType, accountNumber: a.accountNumber })}
        error={errorOn('bank')}
      />
      <SelectField
        label={t('bank.accountType')}
        value={draft.accountType}
        onChange={(e) => onChange({ accountType: e.target.value as BankAccountType })}
      >
        {BANK_ACCOUNT_TYPES.map((a) => (
          <option key={a} value={a}>
            {t(`bank.accountTypes.${a}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        ref={inputRef('accountNumber')}
        label={t('form.bankAccount')}
        hint={t('bank.accountNumberHint')}
        inputMode="numeric"
        value={draft.accountNumber}
        onChange={(e) => onChange({ accountNumber: e.target.value })}
        error={errorOn('accountNumber')}
        required
        maxLength={7}
      />
      <TextField
        ref={inputRef('holderKana')}
        label={t('bank.holderKana')}
        hint={t('bank.holderKanaHint')}
        value={draft.holderKana}
        onChange={(e) => onChange({ holderKana: e.target.value })}
        error={kanaInvalid ? t('errors.kana') : errorOn('holderKana')}
        required
        maxLength={60}
        lang="ja"
      />
    </>
  );
}
