import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bank } from '../../../shared/schemas/payouts';
import type {
  CreateWithdrawalBody,
  GuideEarnings,
  PayoutAccountBody,
  PayoutAccountView,
  PayoutRate,
  Wallet,
  Withdrawal,
} from '../../../shared/schemas/wallet';
import type { Currency } from '../../../shared/currency';
import { formatMoney, formatRmb } from '../../../shared/money-format';
import { apiRequest } from '../../lib/api-client';
import { currentLocale } from '../../lib/i18n';
import { formatInstant } from '../../lib/format';

export const WALLET_KEY = ['wallet'] as const;
export const WITHDRAWALS_KEY = ['wallet', 'withdrawals'] as const;

export function useWallet(enabled = true) {
  return useQuery({ queryKey: WALLET_KEY, queryFn: () => apiRequest<Wallet>('/api/v2/wallet'), enabled });
}

export function useWithdrawals(enabled = true) {
  return useQuery({
    queryKey: WITHDRAWALS_KEY,
    queryFn: async () => (await apiRequest<{ withdrawals: Withdrawal[] }>('/api/v2/wallet/withdrawals')).withdrawals,
    enabled,
  });
}

/** The latest yen rate a bank payout used, with its transfer day; null before the first (decision 142). */
export function usePayoutRate(enabled = true) {
  return useQuery({
    queryKey: ['wallet', 'payout-rate'],
    queryFn: async () => (await apiRequest<{ rate: PayoutRate | null }>('/api/v2/wallet/payout-rate')).rate,
    enabled,
    staleTime: 600_000,
  });
}

export function useRequestWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWithdrawalBody) =>
      apiRequest<{ withdrawal: Withdrawal; earnings: GuideEarnings }>('/api/v2/wallet/withdrawals', {
        method: 'POST',
        body,
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}

const PAYOUT_ACCOUNT_KEY = ['wallet', 'payout-account'] as const;
const PAYOUT_ACCOUNT_URL = '/api/v2/wallet/payout-account';

/** The guide's saved payout account, null before she saves one (decision 172); the number comes masked. */
export function usePayoutAccount(enabled = true) {
  return useQuery({
    queryKey: PAYOUT_ACCOUNT_KEY,
    queryFn: async () => (await apiRequest<{ account: PayoutAccountView | null }>(PAYOUT_ACCOUNT_URL)).account,
    enabled,
  });
}

export function useSavePayoutAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayoutAccountBody) =>
      (await apiRequest<{ account: PayoutAccountView }>(PAYOUT_ACCOUNT_URL, { method: 'PUT', body })).account,
    onSuccess: (account) => qc.setQueryData(PAYOUT_ACCOUNT_KEY, account),
  });
}

export function useRemovePayoutAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(PAYOUT_ACCOUNT_URL, { method: 'DELETE' }),
    onSuccess: () => qc.setQueryData(PAYOUT_ACCOUNT_KEY, null),
  });
}

/**
 * Fen as docs/rules/look-and-language.md writes money: `1,234.50 RMB` / `1,234.50 元`, never a bare ¥ (it reads as yen
 * in Japan).
 */
export const rmb = (cents: number) => formatRmb(cents, currentLocale());

/** An amount in its own currency (decision 167): yuan as `rmb`, yen as `¥4,000 (JPY)` / `4,000 日元` / `4,000円`. */
export const money = (minor: number, currency: Currency) => formatMoney(minor, currency, currentLocale());

/** A day as docs/rules/look-and-language.md writes dates (Nov 22, 2026 / 2026年11月22日), in the reader's language. */
export const day = (iso: string) => formatInstant(iso, currentLocale()).date;

/** Banks whose code or name matches `q` (the server searches the Zengin list; decision 128). */
export function useBankSearch(q: string) {
  return useQuery({
    queryKey: ['banks', q],
    queryFn: async () => (await apiRequest<{ banks: Bank[] }>('/api/v2/banks', { query: { q } })).banks,
    enabled: q.length > 0,
    staleTime: 3_600_000,
  });
}

/** A bank's branches matching `q`: the search's query, also fetched at once for a ゆうちょ number. */
export const branchesQuery = (bankCode: string | null, q: string) => ({
  queryKey: ['banks', bankCode, 'branches', q],
  queryFn: async () =>
    (await apiRequest<{ branches: Bank[] }>(`/api/v2/banks/${bankCode}/branches`, { query: { q } })).branches,
  staleTime: 3_600_000,
});

export function useBranchSearch(bankCode: string | null, q: string) {
  return useQuery({ ...branchesQuery(bankCode, q), enabled: bankCode !== null });
}
