import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlotsReply } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** GET /api/v2/guides/{id}/slots?date=&durationHours=[&days=]: bookable starts in the guide's zone (every day's, decision 154). */
export function getSlots(guideId: number, date: string, durationHours: number, days = 1): Promise<SlotsReply> {
  return apiRequest<SlotsReply>(`/api/v2/guides/${guideId}/slots`, { query: days > 1 ? { date, durationHours, days } : { date, durationHours } });
}

/**
 * Slots change as other travelers book, so unlike most data they go stale after a minute; the
 * previous day's answer stays on screen while the next loads.
 */
export function useSlots(guideId: number, date: string | null, durationHours: number, days = 1) {
  return useQuery({
    queryKey: days > 1 ? [...bookingKeys.slots(guideId, date ?? '', durationHours), days] : bookingKeys.slots(guideId, date ?? '', durationHours),
    queryFn: () => getSlots(guideId, date!, durationHours, days),
    enabled: !!date,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
