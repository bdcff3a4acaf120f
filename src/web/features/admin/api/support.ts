import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminSupportMetrics, AdminSupportThread, SupportMessage } from '../../../../shared/schemas/support';
import { recheckWhilePending } from '../../../components/ui/machine-translated';
import { ADMIN_KEY, get, useReaderLocale, type Paged } from './request';

export function useSupportThreads(status: string, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'support', { status, page }],
    queryFn: () => get<Paged<AdminSupportThread>>('/api/admin/support/threads', { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
    // An urgent thread must be seen within minutes (decision 132): the queue looks again every 30 s.
    refetchInterval: 30_000,
  });
}
export const useSupportMetrics = (days: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'support-metrics', days],
    queryFn: () => get<AdminSupportMetrics>('/api/admin/support/metrics', { days }),
    refetchInterval: 60_000,
  });
export function useSupportThread(id: number | undefined) {
  const lang = useReaderLocale();
  return useQuery({
    queryKey: [...ADMIN_KEY, 'support-thread', id, lang],
    queryFn: () =>
      get<{ thread: AdminSupportThread; messages: SupportMessage[] }>(`/api/admin/support/threads/${id}`, { lang }),
    enabled: !!id,
    refetchInterval: (q) =>
      recheckWhilePending(
        Boolean(q.state.data?.messages.some((m) => m.translation?.status === 'pending')),
        q.state.dataUpdateCount,
      ),
  });
}
