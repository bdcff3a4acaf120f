import { FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { proofStatusOf } from '../../../../shared/schemas/payment-proofs';
import type { Booking } from '../../../../shared/schemas/bookings';
import { formatMoney } from '../../../../shared/money-format';
import { currentLocale } from '../../../lib/i18n';
import { VerifyProofButton } from './verify-proof-button';

/**
 * The guide dashboard's list of payment proofs waiting for a check: each with the traveler, the
 * booking, the amount paid in person in its own currency (decision 164), 'View proof' and 'Mark as verified'. Nothing
 * when none wait.
 */
export function ProofsToCheck({ bookings }: { bookings: readonly Booking[] | undefined }) {
  const { t } = useTranslation('proofs');
  const waiting = (bookings ?? []).filter((b) => proofStatusOf(b.payments) === 'uploaded');
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="proofs-to-check" className="mt-8">
      <h2 id="proofs-to-check" className="flex items-center gap-2 text-xl font-semibold">
        <FileCheck2 className="h-5 w-5 text-amber-600" aria-hidden />
        {t('toCheck.title')}
      </h2>
      <ul className="mt-4 space-y-3">
        {waiting.map((b) => {
          const final = b.payments.find((p) => p.kind === 'final_payment');
          return (
            <li
              key={b.id}
              className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-amber-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-900/60 dark:bg-stone-900"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {t('toCheck.item', { traveler: b.traveler.fullName, number: b.bookingNumber })}
                </p>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {t('toCheck.amount', {
                    amount: formatMoney(final?.amountCents ?? 0, final?.currency ?? b.currency, currentLocale()),
                  })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/booking/${b.id}/payment-proof`}
                  className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
                >
                  {t('toCheck.view')}
                </Link>
                <VerifyProofButton bookingId={b.id} size="sm" />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
