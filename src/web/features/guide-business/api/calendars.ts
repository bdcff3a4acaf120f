import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarBody, CalendarsReply, CalendarView } from '../../../../shared/schemas/calendars';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['guide-business', 'calendars'] as const;
const BASE = '/api/v2/guides/me/calendars';

/** Her other calendars (decision 200): their names, hosts, last reads and problems. */
export function useMyCalendars() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest<CalendarsReply>(BASE) });
}

/** Her busy times changed: the list, and every slot of hers shown anywhere, are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: KEY });
    void qc.invalidateQueries({ queryKey: ['guides'] });
  };
}

export function useAddCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CalendarBody) => apiRequest<CalendarView>(BASE, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSyncCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<CalendarView>(`${BASE}/${id}/sync`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useRemoveCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
