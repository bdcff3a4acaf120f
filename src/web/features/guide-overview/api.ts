import { useQuery } from '@tanstack/react-query';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import { apiRequest } from '../../lib/api-client';
import { bookingKeys } from '../bookings';

/**
 * Under the bookings' key on purpose: every booking change and every pushed notice (use-realtime)
 * invalidates `bookingKeys.all`, so the figures follow the other side's steps without polling.
 */
export const overviewKey = (userId: number) => [...bookingKeys.all, 'guide-overview', userId] as const;

/** GET /api/v2/guides/me/overview: what /guide shows. */
export function useGuideOverview(userId: number | undefined) {
  return useQuery({
    queryKey: overviewKey(userId ?? 0),
    queryFn: () => apiRequest<GuideOverview>('/api/v2/guides/me/overview'),
    enabled: userId !== undefined,
  });
}
