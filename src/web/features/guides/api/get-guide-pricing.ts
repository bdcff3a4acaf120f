import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { guideKeys } from './keys';

export interface GuidePricing {
  subcategoryId: number;
  priceCents: number;
}

/** GET /api/v2/service-categories/guides/{guideId}/pricing. */
export async function getGuidePricing(guideId: number): Promise<GuidePricing[]> {
  return (await apiRequest<{ data: GuidePricing[] }>(`/api/v2/service-categories/guides/${guideId}/pricing`)).data;
}

export function useGuidePricing(guideId: number) {
  return useQuery({ queryKey: guideKeys.pricing(guideId), queryFn: () => getGuidePricing(guideId) });
}
