import { useInfiniteQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared/schemas/guides';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** The public list's largest page (reviewsQuerySchema). */
const PAGE = 100;

/**
 * Every published review of a guide, newest first, a page at a time from the public list the
 * profile reads (`GET /api/v2/reviews/guides/{guideId}`). Under `reviewKeys.all`, so a reply sent
 * from a card refreshes it.
 */
export function useAllGuideReviews(guideId: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...reviewKeys.all, 'guide', guideId],
    queryFn: ({ pageParam }) =>
      apiRequest<Review[]>(`/api/v2/reviews/guides/${guideId}`, { query: { page: pageParam, limit: PAGE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length === PAGE ? pages.length + 1 : undefined),
    enabled: guideId !== undefined,
  });
}
