import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking } from '../../../shared/schemas/bookings';

const PAID = new Set(['succeeded', 'partially_refunded', 'refunded']);

/** A booking whose deposit has been paid has a confirmation PDF (/pdf-preview/{id}). */
export function hasBookingPdf(b: Pick<Booking, 'status' | 'payments'>): boolean {
  return b.status !== 'pending' && b.payments.some((p) => p.kind === 'deposit' && PAID.has(p.status));
}

/** The trip card's link to the booking PDF. Renders nothing before the deposit is paid. */
export function BookingPdfLink({
  booking,
}: {
  booking: Pick<Booking, 'id' | 'bookingNumber' | 'status' | 'payments'>;
}) {
  // No suspense: a card in a list must not blank the page while this namespace loads.
  const { t, ready } = useTranslation('pdf', { useSuspense: false });
  if (!ready || !hasBookingPdf(booking)) return null;
  return (
    <Link
      to={`/pdf-preview/${booking.id}`}
      aria-label={t('linkLabel', { number: booking.bookingNumber })}
      className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold text-primary-700 ring-1 ring-inset ring-primary-600/40 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:text-primary-300 dark:hover:bg-stone-800"
    >
      <FileText className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t('link')}
    </Link>
  );
}
