// A trip change applied (decision 177): the trip rewritten and a released deposit refunded, once BookingChanges agrees.
import { refundedThroughExchange, refundParts } from '../../../../shared/booking/charge';
import { dropDayPlans } from '../../../../shared/booking/family-plans';
import { cancellationPostings } from '../../../../shared/booking/ledger';
import { pgErrorCode, type Database } from '../../../db/client';
import { enqueueJob } from '../../../jobs/index';
import { AppError } from '../../../lib/app-error';
import { JOB, type Publish, type ReceiptIssuing } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow } from '../booking/bookings.repository';
import * as changes from './changes.repository';
import type { ChangeRow } from './changes.repository';

/**
 * The change made: the booking's new trip written, a released deposit share split by the tiers
 * (ledger postings with the refund from the latest payments first), and both sides told. Returns the
 * refund jobs to run after the commit.
 */
export async function applyChange(
  db: Database,
  publish: Publish,
  receipts: Pick<ReceiptIssuing, 'receipts'>,
  booking: BookingRow,
  change: ChangeRow,
  guideUserId: number,
  now: Date,
): Promise<number[]> {
  const a = change.apply;
  const written = await changes
    .writeChangedTrip(db, booking.id, {
      travelers: a.travelers,
      children: a.children,
      infants: a.infants,
      days: a.days,
      endsAt: new Date(a.endsAt),
      totalPriceCents: a.totalPriceCents,
      depositCents: a.depositCents,
      commissionCents: a.commissionCents,
      priceLines: a.priceLines,
      depositChangeCents: booking.depositChangeCents + a.depositChangeCents,
      // A day dropped takes its plan with it (decision 178); the ages given were of the group as it was.
      dayPlans: dropDayPlans(booking.dayPlans, a.days),
      childAges: a.children === booking.children && a.infants === booking.infants ? booking.childAges : null,
    })
    .catch((err: unknown) => {
      if (pgErrorCode(err) === '23P01')
        throw new AppError('slot_unavailable', 'Your guide has another booking on the days added');
      throw err;
    });
  if (!written)
    throw new AppError('change_not_allowed', 'A trip changes once its deposit is paid and before it starts');
  await changes.updateChange(db, change.id, { status: 'applied', decidedAt: now });
  // The deposit's receipt stated the trip as it was: a new one states it now, the old one kept (decision 204).
  await receipts.receipts(db, booking.id, now);
  const jobs: number[] = [];
  const release = -a.depositChangeCents;
  if (release > 0) {
    const parts = refundParts(a.split.refundCents, await changes.depositPaymentsLeft(db, booking.id), booking.currency);
    const postings = refundedThroughExchange(cancellationPostings(release, a.split), booking.currency, parts);
    await repo.insertPostings(db, booking.id, postings, {
      travelerId: booking.travelerId,
      guideUserId,
      paymentId: parts[0]?.payment.id,
    });
    for (const part of parts) {
      const job = await enqueueJob(db, {
        kind: JOB.refund,
        payload: { paymentId: part.payment.id, amountCents: part.amountCents, key: `change-${change.id}` },
        runAt: now,
        dedupeKey: `${JOB.refund}:${part.payment.id}:change:${change.id}`,
      });
      if (job) jobs.push(job);
    }
  }
  await publish('booking.changed', {
    bookingId: booking.id,
    travelerId: booking.travelerId,
    guideUserId,
    changeId: change.id,
    travelers: a.travelers,
    days: a.days,
    refundCents: change.quote.money.refundCents,
    currency: booking.currency,
  });
  return jobs;
}
