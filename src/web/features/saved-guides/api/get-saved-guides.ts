import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SAVED_GUIDES_PAGE_SIZE } from '../../../../shared/price-range';
import type { SavedGuidesReply } from '../../../../shared/schemas/guides';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage } from '../../../lib/reader-language';
import { savedGuideKeys } from './keys';

/** GET /api/travelers/{id}/saved-guides?page&limit: 6 per page. */
export function getSavedGuides(travelerId: number, page: number): Promise<SavedGuidesReply> {
  return apiRequest<SavedGuidesReply>(`/api/travelers/${travelerId}/saved-guides`, {
    query: { page, limit: SAVED_GUIDES_PAGE_SIZE },
    headers: readerLanguage(),
  });
}

export function useSavedGuides(travelerId: number | undefined, page: number) {
  return useQuery({
    queryKey: savedGuideKeys.page(travelerId ?? 0, page),
    queryFn: () => getSavedGuides(travelerId!, page),
    enabled: travelerId !== undefined,
    placeholderData: keepPreviousData,
  });
}
