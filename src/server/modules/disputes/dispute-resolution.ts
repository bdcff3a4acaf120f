import { ownLeftOf, refundedThroughExchange } from '../../../shared/booking/charge';
import { disputeResolutionPostings, refundableCents } from '../../../shared/booking/dispute-ledger';
import { ledgerBalance, type Posting } from '../../../shared/booking/ledger';
import { addWorkingDays, EARNINGS_HOLD_WORKING_DAYS } from '../../../shared/booking/money-rules';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import { formatMoney } from '../../../shared/money-format';
import type { resolveDisputeBodySchema } from '../../../shared/schemas/disputes';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import {
  guideUserIdOf,
  insertPostings,
  ledgerOf,
  lockBooking,
  replacementCoverCents,
  transitionBooking,
  type BookingRow,
} from '../bookings/index';
import * as repo from './disputes.repository';
import type { DisputeRow, PaymentRow } from './disputes.repository';

/**
 * The steps of an admin's resolution (DisputeReviewService.resolve), each inside its one transaction and
 * in its order: the locks, what may be refunded, the ledger postings, the booking's move, the audit.
 */

type ResolveBody = z.output<typeof resolveDisputeBodySchema>;
/** One payment's share of the refund (`refundParts`): in the booking's currency and in the payment's own. */
type RefundPart = { payment: PaymentRow; ownCents: number; amountCents: number };

/** The open dispute and its booking: the booking locked first, then the dispute; 404 or 409 otherwise. */
export async function lockOpenDispute(db: Database, id: number): Promise<{ dispute: DisputeRow; booking: BookingRow }> {
  const pre = await repo.disputeById(db, id);
  if (!pre) throw notFound('Dispute');
  const booking = (await lockBooking(db, pre.bookingId))!;
  const dispute = (await repo.disputeById(db, id, true))!;
  if (dispute.status !== 'open') throw new AppError('conflict', 'This dispute is already resolved');
  return { dispute, booking };
}

/** The booking's balance and its payments refundable online; a refund above what they leave is refused. */
export async function refundableOnline(db: Database, booking: BookingRow, refundCents: number) {
  const entries = await ledgerOf(db, booking.id);
  const balance = ledgerBalance(entries, booking.currency);
  const payable = await repo.refundablePayments(db, booking.id);
  // In the booking's currency (decision 164): what is left of each payment, read at its own rate.
  const providerRefundable = payable.reduce((s, p) => s + ownLeftOf(p, booking.currency), 0);
  const maxRefund = Math.min(refundableCents(balance), providerRefundable);
  if (refundCents > maxRefund) {
    throw new AppError(
      'validation_failed',
      `The refund can be at most ${formatMoney(maxRefund, booking.currency, 'en')} (what the traveler paid online)`,
      [{ path: 'refundCents', message: `at most ${maxRefund}` }],
    );
  }
  return { balance, payable };
}

/**
 * The refund and the settlement as ledger postings, the refund's parts through the exchange where charged in another
 * currency.
 */
export async function resolutionPostings(
  db: Database,
  r: {
    booking: BookingRow;
    dispute: DisputeRow;
    body: ResolveBody;
    balance: ReturnType<typeof ledgerBalance>;
    parts: RefundPart[];
    commissionRate: number;
  },
): Promise<Posting[]> {
  const { booking, body } = r;
  const written = disputeResolutionPostings({
    balance: r.balance,
    // A contested no-show (decision 138) was settled by its cancellation, like a completed tour by its completion.
    settled: r.dispute.previousStatus === 'completed' || r.dispute.previousStatus === 'cancelled',
    resolution: body.resolution,
    refundCents: body.refundCents,
    commissionCents: booking.commissionCents,
    commissionRate: r.commissionRate,
    platformAdds: { coveredCents: await replacementCoverCents(db, booking.id), creditCents: booking.creditCents },
  });
  return refundedThroughExchange(written, booking.currency, r.parts);
}

/** Writes the postings; returns the guide's user, whom they pay. */
export async function postResolution(
  db: Database,
  booking: BookingRow,
  postings: Posting[],
  now: Date,
): Promise<number> {
  const guideUserId = (await guideUserIdOf(db, booking.guideId))!;
  // What the settlement pays the guide is pending like a completion's earnings (decision 061), counted from the
  // resolution.
  const guideAvailableAt = addWorkingDays(now, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone);
  await insertPostings(db, booking.id, postings, { travelerId: booking.travelerId, guideUserId, guideAvailableAt });
  return guideUserId;
}

/** The booking completed or cancelled by the resolution; a booking that changed meanwhile is refused. */
export async function moveResolvedBooking(
  db: Database,
  booking: BookingRow,
  decision: { from: BookingStatus; to: BookingStatus },
  now: Date,
): Promise<BookingRow> {
  const moved = await transitionBooking(
    db,
    booking.id,
    decision.from,
    decision.to,
    decision.to === 'completed'
      ? { completedAt: booking.completedAt ?? now }
      : { cancelledAt: now, cancelledBy: 'system', cancelReason: 'dispute' },
  );
  if (!moved) throw new AppError('invalid_transition', 'The booking changed meanwhile; try again');
  return moved;
}

/** The dispute resolved, with the admin and their note. */
export async function markResolved(
  db: Database,
  admin: AuthUser,
  id: number,
  body: ResolveBody,
  now: Date,
): Promise<DisputeRow> {
  return (await repo.updateDispute(db, id, {
    status: 'resolved',
    resolution: body.resolution,
    refundCents: body.refundCents,
    resolutionNote: body.note ?? null,
    resolvedBy: admin.id,
    resolvedAt: now,
  }))!;
}

/** The admin's action in the audit log: the dispute and the booking before and after. */
export async function recordResolution(
  db: Database,
  admin: AuthUser,
  r: { dispute: DisputeRow; booking: BookingRow; body: ResolveBody; to: BookingStatus },
): Promise<void> {
  await recordAdminAction(db, {
    adminUserId: admin.id,
    action: 'dispute.resolve',
    entityType: 'dispute',
    entityId: r.dispute.id,
    before: { status: r.dispute.status, bookingId: r.booking.id, bookingStatus: r.booking.status },
    after: { status: 'resolved', resolution: r.body.resolution, refundCents: r.body.refundCents, bookingStatus: r.to },
    note: r.body.note ?? null,
  });
}
