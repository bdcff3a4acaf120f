import { useQuery } from '@tanstack/react-query';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { recheckWhilePending } from '../../../components/ui/machine-translated';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readerLanguage } from '../../../lib/reader-language';
import { guideKeys } from './keys';

/**
 * GET /api/v2/guides/{id}. A failure reads 'Failed to fetch guide profile: {status}' (docs/rules/look-and-language.md).
 */
export async function getGuide(id: number): Promise<GuideDetail> {
  try {
    return await apiRequest<GuideDetail>(`/api/v2/guides/${id}`, { headers: readerLanguage() });
  } catch (err) {
    if (err instanceof ApiError) {
      const wrapped = new ApiError(err.status, err.bodyText, err.body);
      wrapped.message = `Failed to fetch guide profile: ${err.status}`;
      throw wrapped;
    }
    throw err;
  }
}

export function useGuide(id: number) {
  return useQuery({
    queryKey: guideKeys.detail(id),
    queryFn: () => getGuide(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => recheckWhilePending(translationPending(query.state.data), query.state.dataUpdateCount),
  });
}

/** Whether a text of the profile (bio, descriptions, itineraries) has its translation on the way (decision 145). */
const translationPending = (g: GuideDetail | undefined) =>
  !!g &&
  [
    g.bioTranslation,
    g.ethicsDescriptionTranslation,
    g.boundaryDescriptionTranslation,
    g.supportiveDescriptionTranslation,
    ...g.itineraries.map((it) => it.translation),
  ].some((x) => x?.status === 'pending');
