import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminDisputeDetailSchema, Dispute } from '../../../../shared/schemas/disputes';
import { recheckWhilePending } from '../../../components/ui/machine-translated';
import { ADMIN_KEY, get, useReaderLocale } from './request';

export const useDisputes = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'disputes'],
    queryFn: async () => (await get<{ data: Dispute[] }>('/api/admin/disputes')).data,
  });

/** GET /api/admin/disputes/{id}: the dispute, the booking's ledger and both sides' latest messages. */
export type DisputeDetail = z.infer<typeof adminDisputeDetailSchema>;
export function useDisputeDetail(id: number | undefined) {
  const lang = useReaderLocale();
  return useQuery({
    queryKey: [...ADMIN_KEY, 'dispute', id, lang],
    queryFn: () => get<DisputeDetail>(`/api/admin/disputes/${id}`, { lang }),
    enabled: !!id,
    refetchInterval: (q) => {
      const d = q.state.data;
      return recheckWhilePending(
        Boolean(
          d &&
          (d.dispute.reasonTranslation?.status === 'pending' ||
            d.messages.some((m) => m.translation?.status === 'pending')),
        ),
        q.state.dataUpdateCount,
      );
    },
  });
}
