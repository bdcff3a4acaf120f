import { useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** GET /api/v2/bookings/{id}: for its traveler or its guide (404 for anyone else). */
export function getBooking(id: number): Promise<Booking> {
  return apiRequest<Booking>(`/api/v2/bookings/${id}`);
}

export function useBooking(id: number | undefined, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: bookingKeys.detail(id ?? 0),
    queryFn: () => getBooking(id!),
    enabled: id !== undefined && Number.isInteger(id) && id > 0 && opts.enabled !== false,
  });
}
