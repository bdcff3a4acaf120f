import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TotalUnread } from '../../../../shared/schemas/messaging';
import { apiRequest } from '../../../lib/api-client';
import { messagingKeys, UNREAD_POLL_MS } from './keys';

const ZERO: TotalUnread = { totalUnreadCount: 0, chatUnreadCount: 0, systemUnreadCount: 0 };

/** GET /api/conversations/total-unread-count/{userId}; docs/rules/look-and-language.md: a failure counts as 0. */
export async function getUnread(userId: number): Promise<TotalUnread> {
  try {
    return await apiRequest<TotalUnread>(`/api/conversations/total-unread-count/${userId}`);
  } catch {
    return ZERO;
  }
}

/**
 * docs/rules/messaging.md notification polling: starts when logged in, stops on logout, pauses while the page is
 * hidden and refreshes at once when it is visible again.
 */
export function useUnread(userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient, userId]);
  return useQuery({
    queryKey: messagingKeys.unread(userId ?? 0),
    queryFn: () => getUnread(userId!),
    enabled: !!userId,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: ZERO,
  });
}
