import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlotsReply } from '../../../../shared/schemas/slots';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/**
 * GET /api/v2/guides/{id}/slots?date=&durationHours=[&days=][&exceptBooking=]: bookable starts in the guide's zone
 * (every day's, decision 154); `exceptBooking`, a booking of the reader's being moved, does not count against its own
 * new time.
 * `byDay`: the days are sent even when one, a whole day booked by the day (decision 176).
 */
export function getSlots(
  guideId: number,
  date: string,
  durationHours: number,
  days = 1,
  exceptBooking?: number,
  byDay = days > 1,
): Promise<SlotsReply> {
  return apiRequest<SlotsReply>(`/api/v2/guides/${guideId}/slots`, {
    query: { date, durationHours, ...(byDay && { days }), ...(exceptBooking !== undefined && { exceptBooking }) },
  });
}

/**
 * Slots change as other travelers book, so unlike most data they go stale after a minute; the
 * previous day's answer stays on screen while the next loads.
 */
export function useSlots(
  guideId: number,
  date: string | null,
  durationHours: number,
  days = 1,
  exceptBooking?: number,
  byDay = days > 1,
) {
  const key = bookingKeys.slots(guideId, date ?? '', durationHours);
  return useQuery({
    queryKey: byDay || exceptBooking !== undefined ? [...key, days, exceptBooking ?? null, byDay] : key,
    queryFn: () => getSlots(guideId, date!, durationHours, days, exceptBooking, byDay),
    enabled: !!date,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
