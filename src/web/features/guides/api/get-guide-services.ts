import { useQuery } from '@tanstack/react-query';
import type { ServiceCategory } from '../../../../shared/schemas/catalog';
import { apiRequest } from '../../../lib/api-client';
import { guideKeys } from './keys';

/** GET /api/v2/service-categories/guides/{guideId}/choices/with-subcategories. */
export async function getGuideChoices(guideId: number): Promise<ServiceCategory[]> {
  return (
    await apiRequest<{ data: ServiceCategory[] }>(
      `/api/v2/service-categories/guides/${guideId}/choices/with-subcategories`,
    )
  ).data;
}

export function useGuideChoices(guideId: number) {
  return useQuery({ queryKey: guideKeys.choices(guideId), queryFn: () => getGuideChoices(guideId) });
}
