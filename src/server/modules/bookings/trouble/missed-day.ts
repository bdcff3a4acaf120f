import { ownAmountOf, paidPostings } from '../../../../shared/booking/charge';
import { completionPostings, extensionRefundPostings } from '../../../../shared/booking/ledger';
import { addWorkingDays, EARNINGS_HOLD_WORKING_DAYS } from '../../../../shared/booking/money-rules';
import type { Database } from '../../../db/client';
import type { BookingCore } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow } from '../booking/bookings.repository';

/**
 * When what a day missed on a later day of several days pays the guide becomes withdrawable: as a
 * completion's earnings, five working days on (decision 061), so a contested report (decision 138)
 * still finds the money with the platform.
 */
export const earningsAvailableAt = (booking: Pick<BookingRow, 'timeZone'>, now: Date): Date =>
  addWorkingDays(now, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone);

/**
 * The on-tour extensions of a booking of several days that a no-show report ends on its day `day`
 * (decision 158). The platform holds what was paid for them until completion, which will not come:
 * those of the days given are released now as a completion releases them (the guide's earnings less
 * the commission on them, `completionPostings` with the commission the completion takes); one asked
 * on the missed day or after is refunded when the guide was absent, as a rejected extension is
 * (`extensionRefundPostings` and the provider's refund), and kept with the rest when the traveler
 * was (nothing back, as for the deposit). Returns the refund jobs to run after the commit.
 */
export async function settleExtensions(
  db: Database,
  core: BookingCore,
  booking: BookingRow,
  parties: { travelerId: number; guideUserId: number },
  day: number,
  absent: 'guide' | 'traveler',
  now: Date,
): Promise<number[]> {
  const confirmed = (await repo.extensionsOf(db, booking.id)).filter((e) => e.status === 'confirmed');
  // An extension without a day (made before decision 155) lengthened the last day.
  const missed = (e: { day: number | null }) => absent === 'guide' && (e.day ?? booking.days) >= day;
  const keptCents = confirmed.filter((e) => !missed(e)).reduce((sum, e) => sum + e.priceCents, 0);
  if (keptCents > 0) {
    const postings = completionPostings({
      depositCents: 0,
      extensionsCents: keptCents,
      commissionCents: Math.round(keptCents * core.rates.commissionRate),
    });
    await repo.insertPostings(db, booking.id, postings, {
      ...parties,
      guideAvailableAt: earningsAvailableAt(booking, now),
    });
  }
  const jobs: number[] = [];
  for (const e of confirmed.filter(missed)) {
    const payment = e.paymentId === null ? undefined : await repo.paymentById(db, e.paymentId);
    if (!payment || payment.status !== 'succeeded') continue;
    await repo.insertPostings(
      db,
      booking.id,
      paidPostings(extensionRefundPostings(ownAmountOf(payment)), booking.currency, payment),
      { ...parties, paymentId: payment.id },
    );
    const job = await core.enqueueRefund(db, payment, payment.amountCents, now);
    if (job) jobs.push(job);
  }
  return jobs;
}
