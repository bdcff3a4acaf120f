import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/travelers/{id}/saved-guides/{guideId}. */
export function unsaveGuide(travelerId: number, guideId: number) {
  return apiRequest<{ guideId: number; saved: boolean }>(`/api/travelers/${travelerId}/saved-guides/${guideId}`, {
    method: 'DELETE',
  });
}
