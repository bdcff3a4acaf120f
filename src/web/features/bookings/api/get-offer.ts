import { useQuery } from '@tanstack/react-query';
import type { Offer, OfferReply, OpenOffersReply } from '../../../../shared/schemas/offers';
import { bookingKeys } from './keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v2/offers/{id}: a guide's offer, for the checkout that books it (decision 078). */
export function getOffer(id: number): Promise<Offer> {
  return apiRequest<OfferReply>(`/api/v2/offers/${id}`).then((r) => r.data);
}

export function useOffer(id: number | undefined, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['offers', 'detail', id ?? 0] as const,
    queryFn: () => getOffer(id!),
    enabled: id !== undefined && Number.isInteger(id) && id > 0 && opts.enabled !== false,
  });
}

/**
 * GET /api/me/open-offers: the guides' offers waiting for the traveler, closest expiry first. Kept
 * under the bookings' key, so a booking made from one (or any booking change) reads them again.
 */
export function useOpenOffers(userId: number | undefined) {
  return useQuery({
    queryKey: bookingKeys.openOffers(userId ?? 0),
    queryFn: () => apiRequest<OpenOffersReply>('/api/me/open-offers').then((r) => r.data),
    enabled: userId !== undefined,
  });
}
