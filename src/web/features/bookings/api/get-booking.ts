import { useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage, useRefetchOnLanguageChange } from '../../../lib/reader-language';
import { bookingKeys } from './keys';

/**
 * GET /api/v2/bookings/{id}: for its traveler or its guide (404 for anyone else), its price lines
 * labelled in the reader's language (decision 151).
 */
export function getBooking(id: number): Promise<Booking> {
  return apiRequest<Booking>(`/api/v2/bookings/${id}`, { headers: readerLanguage() });
}

/**
 * The booking, kept in the cache. `fresh`: read again when the component mounts, whatever the cache
 * holds, for a page that tells the outcome of a step just taken elsewhere (the payment's result).
 */
export function useBooking(id: number | undefined, opts: { enabled?: boolean; fresh?: boolean } = {}) {
  useRefetchOnLanguageChange(bookingKeys.detail(id ?? 0), { exact: true, enabled: id !== undefined });
  return useQuery({
    queryKey: bookingKeys.detail(id ?? 0),
    queryFn: () => getBooking(id!),
    enabled: id !== undefined && Number.isInteger(id) && id > 0 && opts.enabled !== false,
    ...(opts.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
