import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalBody, GuideEarnings, Wallet, Withdrawal } from '../../../shared/schemas/wallet';
import { apiRequest } from '../../lib/api-client';

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

export function useRequestWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWithdrawalBody) =>
      apiRequest<{ withdrawal: Withdrawal; earnings: GuideEarnings }>('/api/v2/wallet/withdrawals', { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}

/** Fen to a yuan string: 12345 → "123.45". */
export const yuan = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
