import { useQuery } from '@tanstack/react-query';
import type { CancellationQuote } from '../../../../shared/schemas/booking-answers';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** GET /api/v2/bookings/{id}/cancellation-quote: what cancelling now refunds, and when it arrives. */
export function getCancellationQuote(id: number): Promise<CancellationQuote> {
  return apiRequest<CancellationQuote>(`/api/v2/bookings/${id}/cancellation-quote`);
}

/** The refund depends on the clock, so a quote is fetched afresh every time the dialog opens. */
export function useCancellationQuote(id: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.quote(id),
    queryFn: () => getCancellationQuote(id),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
