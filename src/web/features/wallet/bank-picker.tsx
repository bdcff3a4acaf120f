import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bank } from '../../../shared/schemas/payouts';
import { YUCHO_BANK_CODE, type YuchoTransferAccount } from '../../../shared/yucho';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { branchesQuery, useBankSearch, useBranchSearch } from './api';
import { YuchoNumbers } from './yucho-numbers';

export interface BankChoice {
  bank: Bank | null;
  branch: Bank | null;
}

/**
 * The bank and its branch, searched by name (kanji or kana) or code on the server's Zengin list
 * (decision 128): a search box and the matches as buttons; the choice shows with a way to change it.
 * For ゆうちょ the passbook's 記号・番号 can be typed instead: the branch they convert to is chosen, and
 * `onYucho` is given the account type and number for the rest of the form.
 */
export function BankPicker({
  value,
  onChange,
  onYucho,
  error,
}: {
  value: BankChoice;
  onChange: (v: BankChoice) => void;
  onYucho?: (account: YuchoTransferAccount) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('wallet');
  const [bankQ, setBankQ] = useState('');
  const [branchQ, setBranchQ] = useState('');
  const bankTerm = useDebouncedValue(bankQ.trim(), 250);
  const branchTerm = useDebouncedValue(branchQ.trim(), 250);
  const banks = useBankSearch(bankTerm);
  const branches = useBranchSearch(value.bank?.code ?? null, branchTerm);
  const queryClient = useQueryClient();
  // The branch a ゆうちょ number converts to, looked up and chosen; false when the list has no such branch.
  const chooseYucho = async (account: YuchoTransferAccount) => {
    const list = await queryClient.fetchQuery(branchesQuery(YUCHO_BANK_CODE, account.branchCode));
    const branch = list.find((b) => b.code === account.branchCode);
    if (!branch || !value.bank) return false;
    onChange({ ...value, branch });
    onYucho?.(account);
    return true;
  };
  return (
    <div className="space-y-4">
      <Step
        testId="bank"
        label={t('bank.bank')}
        searchLabel={t('bank.searchBank')}
        hint={t('bank.searchBankHint')}
        chosen={value.bank}
        q={bankQ}
        onQ={setBankQ}
        results={bankQ.trim() ? banks : undefined}
        looking={!!bankQ.trim() && (bankQ.trim() !== bankTerm || banks.isFetching)}
        onPick={(bank) => (onChange({ bank, branch: null }), setBranchQ(''))}
        onClear={() => onChange({ bank: null, branch: null })}
        error={value.bank ? null : error}
      />
      {value.bank?.code === YUCHO_BANK_CODE && !value.branch && onYucho && <YuchoNumbers onConverted={chooseYucho} />}
      {value.bank && (
        <Step
          testId="branch"
          label={t('bank.branch')}
          searchLabel={t('bank.searchBranch')}
          hint={t('bank.searchBranchHint')}
          chosen={value.branch}
          q={branchQ}
          onQ={setBranchQ}
          results={branches}
          looking={branchQ.trim() !== branchTerm || branches.isFetching}
          onPick={(branch) => onChange({ ...value, branch })}
          onClear={() => onChange({ ...value, branch: null })}
          error={value.branch ? null : error}
        />
      )}
    </div>
  );
}

interface StepProps {
  testId: string;
  label: string;
  searchLabel: string;
  hint: string;
  chosen: Bank | null;
  q: string;
  onQ: (q: string) => void;
  results: { isError: boolean; data?: Bank[] } | undefined;
  /** A search is waiting for the typing to pause or for the server's answer: only then does it say so. */
  looking: boolean;
  onPick: (b: Bank) => void;
  onClear: () => void;
  error?: string | null;
}

function Step({
  testId,
  label,
  searchLabel,
  hint,
  chosen,
  q,
  onQ,
  results,
  looking,
  onPick,
  onClear,
  error,
}: StepProps) {
  const { t } = useTranslation('wallet');
  if (chosen) {
    return (
      <div
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-3 dark:border-stone-700"
        data-testid={`${testId}-chosen`}
      >
        <div className="min-w-0">
          <p className="text-xs text-stone-600 dark:text-stone-400">{label}</p>
          <p className="font-medium">
            <span className="font-mono tabular-nums">{chosen.code}</span> {chosen.name}
          </p>
        </div>
        <Button size="sm" variant="outline" onClick={onClear} aria-label={t('bank.changeLabel', { what: label })}>
          {t('bank.change')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <TextField
        label={searchLabel}
        hint={hint}
        value={q}
        onChange={(e) => onQ(e.target.value)}
        maxLength={40}
        autoComplete="off"
        error={error}
        data-testid={`${testId}-search`}
      />
      {results &&
        (results.isError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('bank.loadFailed')}
          </p>
        ) : looking ? (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-primary-200 border-t-primary-600"
              aria-hidden
            />
            {t('bank.lookingUp')}
          </p>
        ) : results.data === undefined ? null : results.data.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('bank.none')}</p>
        ) : (
          <ul
            aria-label={t('bank.matches', { what: label })}
            className="max-h-64 divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-700"
          >
            {results.data.map((b) => (
              <li key={b.code}>
                <button
                  type="button"
                  onClick={() => onPick(b)}
                  className="flex w-full items-baseline gap-3 px-3 py-2.5 text-left hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800"
                >
                  <span className="font-mono text-sm tabular-nums text-stone-600 dark:text-stone-400">{b.code}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{b.name}</span>
                    <span className="block text-xs text-stone-600 dark:text-stone-400">{b.kana}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
