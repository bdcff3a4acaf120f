// A trip change still open when its booking ends (decision 194): closed, and its paid difference given back whole.
import { ownAmountOf, paidPostings } from '../../../../shared/booking/charge';
import { cancellationPostings } from '../../../../shared/booking/ledger';
import type { Database } from '../../../db/client';
import type { BookingCore } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import * as changes from './changes.repository';
import type { ChangeRow } from './changes.repository';

/**
 * A change's paid difference released back to the traveler whole: declined, withdrawn, lapsed, overtaken or
 * cancelled with its booking.
 */
export const allBack = (payment: PaymentRow) => {
  const own = ownAmountOf(payment);
  return cancellationPostings(own, { refundCents: own, guideCents: 0, platformCents: 0 });
};

/** An open change and the payment of it the platform holds, if it was paid. */
interface OpenChange {
  change: ChangeRow;
  paid: PaymentRow | undefined;
}

/**
 * The booking's open change (awaiting its payment or the guide's answer) and its succeeded payment: a change not yet
 * applied is no part of the trip, so all of what was paid for it comes back, whatever the tier.
 */
export async function openChangeOf(db: Database, bookingId: number): Promise<OpenChange | undefined> {
  const change = await changes.openChange(db, bookingId);
  if (!change) return undefined;
  const payment = change.paymentId ? await repo.paymentById(db, change.paymentId) : undefined;
  return { change, paid: payment?.status === 'succeeded' ? payment : undefined };
}

/**
 * Closes the open change as `cancelled` in the ending's transaction, under the booking's row lock: its paid
 * difference, held as deposit since it was paid (`BookingChanges.paymentSucceeded`), is released back whole (ledger
 * postings beside the status) and refunded as a job, as a declined change's is. An attempt still with the provider is
 * not waited for: should it succeed later, `paymentSucceeded` finds the change closed and gives it straight back.
 * Returns what is refunded, in what was paid, and the refund job to run after the commit.
 */
export async function cancelOpenChange(
  db: Database,
  core: BookingCore,
  booking: BookingRow,
  guideUserId: number,
  now: Date,
): Promise<{ paid: PaymentRow; jobId: number | undefined } | undefined> {
  const open = await openChangeOf(db, booking.id);
  if (!open) return undefined;
  await changes.updateChange(db, open.change.id, { status: 'cancelled', decidedAt: now });
  const { paid } = open;
  if (!paid) return undefined;
  await repo.insertPostings(db, booking.id, paidPostings(allBack(paid), booking.currency, paid), {
    travelerId: booking.travelerId,
    guideUserId,
    paymentId: paid.id,
  });
  return { paid, jobId: await core.enqueueRefund(db, paid, paid.amountCents, now) };
}
