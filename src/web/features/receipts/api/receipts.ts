import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Receipt, ReceiptLanguage, ReceiptList } from '../../../../shared/schemas/receipts';
import { apiFile, apiRequest } from '../../../lib/api-client';

export const receiptKeys = {
  booking: (bookingId: number) => ['receipts', bookingId] as const,
};

/** GET …/bookings/{id}/receipts: the booking's receipts and credit notes (its traveler only). */
export function useReceipts(bookingId: number | undefined, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: receiptKeys.booking(bookingId ?? 0),
    queryFn: () => apiRequest<ReceiptList>(`/api/v2/bookings/${bookingId}/receipts`),
    enabled: bookingId !== undefined && Number.isInteger(bookingId) && bookingId > 0 && opts.enabled !== false,
    retry: (count, err) => count < 2 && !(err instanceof Error && /^40[134]/.test(err.message)),
  });
}

/** PATCH …/receipts/{id}: who the receipt is made out to; the list is refreshed (credit notes follow). */
export function useUpdateAddressee(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, addressee }: { id: number; addressee: string }) =>
      apiRequest<Receipt>(`/api/v2/receipts/${id}`, { method: 'PATCH', body: { addressee } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: receiptKeys.booking(bookingId) }),
  });
}

/** Fetches the PDF (it needs the bearer token) and hands it to the browser as a download. */
export async function downloadReceiptPdf(
  receipt: Pick<Receipt, 'id' | 'number'>,
  lang: ReceiptLanguage,
): Promise<void> {
  const blob = await apiFile(`/api/v2/receipts/${receipt.id}/pdf`, { query: { lang } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `Tabi-Guides-${receipt.number}-${lang}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
