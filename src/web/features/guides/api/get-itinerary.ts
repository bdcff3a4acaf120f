import { useQuery } from '@tanstack/react-query';
import type { Itinerary } from '../../../../shared/schemas/guides';
import { recheckWhilePending } from '../../../components/ui/machine-translated';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage } from '../../../lib/reader-language';
import { guideKeys } from './keys';

/** GET /api/v2/itineraries/{id}: an itinerary with its stops and its guide. */
export function getItinerary(id: number): Promise<Itinerary> {
  return apiRequest<Itinerary>(`/api/v2/itineraries/${id}`, { headers: readerLanguage() });
}

export function useItinerary(id: number) {
  return useQuery({
    queryKey: guideKeys.itinerary(id),
    queryFn: () => getItinerary(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) =>
      recheckWhilePending(query.state.data?.translation?.status === 'pending', query.state.dataUpdateCount),
  });
}
