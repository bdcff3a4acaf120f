import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { savedGuideKeys } from './keys';
import { unsaveGuide } from './unsave-guide';

/** POST /api/travelers/{id}/saved-guides/{guideId} with an empty body. */
export function saveGuide(travelerId: number, guideId: number) {
  return apiRequest<{ guideId: number; saved: boolean }>(`/api/travelers/${travelerId}/saved-guides/${guideId}`, {
    method: 'POST',
  });
}

/** Saves or removes a guide, then refreshes every guide list and the saved list (their `isSaved` flags). */
export function useToggleSavedGuide(travelerId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guideId, save }: { guideId: number; save: boolean }) =>
      save ? saveGuide(travelerId!, guideId) : unsaveGuide(travelerId!, guideId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['guides'] }),
        queryClient.invalidateQueries({ queryKey: savedGuideKeys.all }),
      ]),
  });
}
