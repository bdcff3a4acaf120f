import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toApiQuery, type GuideSearchParams } from '../../../../shared/guide-search-query';
import type { GuideListReply } from '../../../../shared/schemas/guides';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage } from '../../../lib/reader-language';
import { guideKeys } from './keys';

/** GET /api/v2/guides: the reply field `data` holds the guides. */
export function getGuides(params: GuideSearchParams, limit = 12): Promise<GuideListReply> {
  return apiRequest<GuideListReply>('/api/v2/guides', { query: toApiQuery(params, limit), headers: readerLanguage() });
}

export const guidesQuery = (params: GuideSearchParams, limit = 12) =>
  queryOptions({
    queryKey: [...guideKeys.list(params), limit],
    queryFn: () => getGuides(params, limit),
    placeholderData: keepPreviousData,
  });

export function useGuides(params: GuideSearchParams, limit = 12, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...guidesQuery(params, limit), enabled: opts.enabled ?? true });
}
