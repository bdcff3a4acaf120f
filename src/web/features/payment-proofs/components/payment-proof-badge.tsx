import { CheckCircle2, Clock3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROOF_BOOKING_STATUSES, proofStatusOf, type ProofStatus } from '../../../../shared/schemas/payment-proofs';
import type { Booking } from '../../../../shared/schemas/bookings';
import { cn } from '../../../lib/cn';

const TONE: Record<ProofStatus, string> = {
  verified: 'bg-green-100 text-green-900 ring-green-600/30 dark:bg-green-900/40 dark:text-green-100',
  uploaded: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/40 dark:text-amber-100',
  none: 'bg-white text-primary-700 ring-primary-600/40 hover:bg-primary-50 dark:bg-stone-900 dark:text-primary-300',
};

/** The badge's look for a known status, without a link (the proof page shows it next to the heading). */
export function ProofStatusPill({ status, className }: { status: ProofStatus; className?: string }) {
  const { t } = useTranslation('proofs');
  // 'none' reads '+ upload payment proof' (docs/rules/money-and-cancellation.md): its '+' is the text itself, no icon.
  const Icon = status === 'verified' ? CheckCircle2 : status === 'uploaded' ? Clock3 : null;
  return (
    <span
      data-proof-status={status}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
        TONE[status],
        className,
      )}
    >
      {Icon && <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />}
      {t(`badge.${status}`)}
    </span>
  );
}

/**
 * docs/rules/money-and-cancellation.md payment-proof badge on a trip: verified (green), uploaded and awaiting the
 * guide's check (yellow), or '+ upload payment proof'. Shown once the tour has begun or a proof exists; it links to
 * /booking/{id}/payment-proof.
 */
export function PaymentProofBadge({ booking }: { booking: Pick<Booking, 'id' | 'status' | 'payments'> }) {
  const status = proofStatusOf(booking.payments);
  const applies = (PROOF_BOOKING_STATUSES as readonly string[]).includes(booking.status);
  if (status === 'none' && !applies) return null;
  return (
    <Link
      to={`/booking/${booking.id}/payment-proof`}
      className="inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
    >
      <ProofStatusPill status={status} />
    </Link>
  );
}
