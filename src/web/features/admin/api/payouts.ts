import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Currency } from '../../../../shared/currency';
import type { PayoutBatch, PayoutBatchSummary } from '../../../../shared/schemas/payouts';
import type { AdminWithdrawal } from '../../../../shared/schemas/wallet';
import { ADMIN_KEY, get } from './request';

// Money going out to guides: withdrawals with their ledgers, and payout batches.

export interface PayoutLedger {
  /** Every entry in the withdrawal's currency (decision 167). */
  entries: {
    id: number;
    account: string;
    userId: number | null;
    kind: string;
    amountCents: number;
    currency: Currency;
    createdAt: string;
  }[];
  total: number;
}

export const useWithdrawals = (status: string | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'withdrawals', { status }],
    queryFn: async () =>
      (await get<{ withdrawals: AdminWithdrawal[] }>('/api/admin/withdrawals', { status })).withdrawals,
    placeholderData: keepPreviousData,
  });
export const useWithdrawalLedger = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'withdrawal-ledger', id],
    queryFn: () => get<PayoutLedger>(`/api/admin/withdrawals/${id}/ledger`),
    enabled: !!id,
  });

/** Payout batches (decisions 128, 130), newest first, and one with its lines. */
export const usePayoutBatches = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'payout-batches'],
    queryFn: async () => (await get<{ batches: PayoutBatchSummary[] }>('/api/admin/payout-batches')).batches,
  });
export const usePayoutBatch = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'payout-batches', id],
    queryFn: () => get<PayoutBatch>(`/api/admin/payout-batches/${id}`),
    enabled: id !== undefined,
  });
