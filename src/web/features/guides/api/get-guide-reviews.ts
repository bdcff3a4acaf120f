import { useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared/schemas/guides';
import { apiRequest } from '../../../lib/api-client';
import { guideKeys } from './keys';

/** GET /api/v2/reviews/guides/{guideId}: an array of published reviews, newest first. */
export function getGuideReviews(guideId: number): Promise<Review[]> {
  return apiRequest<Review[]>(`/api/v2/reviews/guides/${guideId}`, { query: { limit: 50 } });
}

export function useGuideReviews(guideId: number) {
  return useQuery({ queryKey: guideKeys.reviews(guideId), queryFn: () => getGuideReviews(guideId) });
}
