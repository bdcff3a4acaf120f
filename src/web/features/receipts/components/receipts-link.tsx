import { Receipt as ReceiptIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking } from '../../../../shared/schemas/bookings';

const RECEIPTED = new Set(['succeeded', 'partially_refunded', 'refunded']);

/** The trip card's link to the booking's receipts: shown once a payment was received online. */
export function ReceiptsLink({ booking }: { booking: Pick<Booking, 'id' | 'bookingNumber' | 'payments'> }) {
  // No suspense: a card in a list must not blank the page while this namespace loads.
  const { t, ready } = useTranslation('receipts', { useSuspense: false });
  if (
    !ready ||
    !booking.payments.some((p) => p.kind !== 'final_payment' && p.method !== 'cash' && RECEIPTED.has(p.status))
  )
    return null;
  return (
    <Link
      to={`/booking/${booking.id}/receipts`}
      aria-label={t('linkLabel', { number: booking.bookingNumber })}
      className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold text-primary-700 ring-1 ring-inset ring-primary-600/40 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:text-primary-300 dark:hover:bg-stone-800"
    >
      <ReceiptIcon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t('link')}
    </Link>
  );
}
