import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api-client';

const SESSIONS_KEY = ['me', 'sessions'] as const;

/** The account's signed-in sessions (decision 185). */
export function useAccountSessions(enabled: boolean) {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await apiRequest<{ sessions: AccountSession[] }>('/api/me/sessions')).sessions,
    enabled,
  });
}

/** Ends one session: its device is signed out at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
