import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeCategory, OpenDisputeBody } from '../../../../shared/schemas/disputes';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v2/disputes {bookingId, category, reason}: the booking becomes disputed. */
export function openDispute(body: OpenDisputeBody): Promise<Dispute> {
  return apiRequest<Dispute>('/api/v2/disputes', { method: 'POST', body });
}

/** POST /api/v2/disputes/{id}/evidence: one file (image or PDF) as multipart field "file". */
export function uploadEvidence(disputeId: number, file: File): Promise<Dispute> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Dispute>(`/api/v2/disputes/${disputeId}/evidence`, { method: 'POST', body: form });
}

/** Opens the dispute, then sends each evidence file; reports the files that failed. */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { bookingId: number; category: DisputeCategory; reason: string; files: File[] }) => {
      const dispute = await openDispute({ bookingId: v.bookingId, category: v.category, reason: v.reason });
      const failed: string[] = [];
      for (const f of v.files) {
        try {
          await uploadEvidence(dispute.id, f);
        } catch {
          failed.push(f.name);
        }
      }
      return { dispute, failed };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
      ]),
  });
}
