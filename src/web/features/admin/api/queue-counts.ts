import { useQuery } from '@tanstack/react-query';
import type { Dispute } from '../../../../shared/schemas/disputes';
import type { AdminWithdrawal } from '../../../../shared/schemas/wallet';
import { ADMIN_KEY, get } from './request';

// The sidebar's counts: what waits in each queue.

const totalOf = (path: string, query: Record<string, string | number>) =>
  get<{ total: number }>(path, { ...query, page: 1, limit: 1 }).then((r) => r.total);

/** What waits in each queue (from the lists' totals); undefined while loading or when a list failed. */
export function useQueueCounts() {
  const counts = useQuery({
    queryKey: [...ADMIN_KEY, 'counts'],
    queryFn: async () => {
      const settle = async (p: Promise<number>) => p.catch(() => undefined);
      const [submitted, underReview, identity, disputes, withdrawals, support, licences] = await Promise.all([
        settle(totalOf('/api/admin/applications', { status: 'submitted' })),
        settle(totalOf('/api/admin/applications', { status: 'under_review' })),
        settle(totalOf('/api/admin/identity', { status: 'submitted' })),
        settle(get<{ data: Dispute[] }>('/api/admin/disputes').then((r) => r.data.length)),
        settle(
          get<{ withdrawals: AdminWithdrawal[] }>('/api/admin/withdrawals').then(
            (r) => r.withdrawals.filter((w) => w.status === 'requested' || w.status === 'approved').length,
          ),
        ),
        settle(totalOf('/api/admin/support/threads', { status: 'open' })),
        settle(totalOf('/api/admin/credentials', { status: 'submitted' })),
      ]);
      return {
        applications: submitted === undefined || underReview === undefined ? undefined : submitted + underReview,
        identity,
        disputes,
        withdrawals,
        support,
        licences,
      } as Partial<Record<string, number>>;
    },
  });
  return counts.data ?? {};
}
