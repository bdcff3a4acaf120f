import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EligibilityReply } from '../../../../shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** GET /api/v2/reviews/bookings/{id}/eligibility (canReview and reason). */
export function getEligibility(bookingId: number): Promise<EligibilityReply> {
  return apiRequest<EligibilityReply>(`/api/v2/reviews/bookings/${bookingId}/eligibility`);
}

export const eligibilityQuery = (bookingId: number) =>
  queryOptions({ queryKey: reviewKeys.eligibility(bookingId), queryFn: () => getEligibility(bookingId) });

export function useEligibility(bookingId: number, enabled: boolean) {
  return useQuery({ ...eligibilityQuery(bookingId), enabled });
}
