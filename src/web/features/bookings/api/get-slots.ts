import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlotsReply } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** GET /api/v2/guides/{id}/slots?date=&durationHours=: bookable starts in the guide's zone. */
export function getSlots(guideId: number, date: string, durationHours: number): Promise<SlotsReply> {
  return apiRequest<SlotsReply>(`/api/v2/guides/${guideId}/slots`, { query: { date, durationHours } });
}

/**
 * Slots change as other travelers book, so unlike most data they go stale after a minute; the
 * previous day's answer stays on screen while the next loads.
 */
export function useSlots(guideId: number, date: string | null, durationHours: number) {
  return useQuery({
    queryKey: bookingKeys.slots(guideId, date ?? '', durationHours),
    queryFn: () => getSlots(guideId, date!, durationHours),
    enabled: !!date,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
