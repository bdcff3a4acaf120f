import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementsReply, TravelCreditsReply } from '../../../../shared/schemas/replacements';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';
import type { StatusReply } from './update-booking-status';

/** GET /api/v2/bookings/{id}/replacements: the guides free to take the tour over (decision 137). */
function getReplacements(id: number): Promise<ReplacementsReply> {
  return apiRequest<ReplacementsReply>(`/api/v2/bookings/${id}/replacements`);
}

/** Who is free changes by the minute, so the list is read afresh whenever the panel shows. */
export function useReplacements(id: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.replacements(id),
    queryFn: () => getReplacements(id),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/v2/bookings/{id}/replacements {guideId}: the booking becomes a paid request to that guide. */
export function useChooseReplacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; guideId: number; startsAt?: string }) =>
      apiRequest<Booking>(`/api/v2/bookings/${v.id}/replacements`, {
        method: 'POST',
        body: v.startsAt ? { guideId: v.guideId, startsAt: v.startsAt } : { guideId: v.guideId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/**
 * POST /api/v2/bookings/{id}/report-no-show {note?, replacement?}: the other side did not come (decision 138);
 * with `replacement` the traveler asks for another guide later the same day instead of the refund (decision 140).
 */
export function useReportNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; note?: string; replacement?: boolean }) =>
      apiRequest<StatusReply>(`/api/v2/bookings/${v.id}/report-no-show`, {
        method: 'POST',
        body: { ...(v.note ? { note: v.note } : {}), ...(v.replacement ? { replacement: true } : {}) },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** GET /api/me/travel-credits (decision 139): the credit the next checkout takes off, for its preview. */
export function useTravelCredits(enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.credits,
    queryFn: () => apiRequest<TravelCreditsReply>('/api/me/travel-credits'),
    enabled,
  });
}
