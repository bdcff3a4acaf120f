import { PAYMENT_HELD_NOTICE_MINUTES, PAYMENT_WINDOW_MINUTES } from '../../../../shared/booking/schedule';
import type { Database } from '../../../db/client';
import { JOB, MINUTE_MS, NEW_BOOKING_ID, type Publish } from '../booking/booking-core';
import type { BookingRow, NewBooking } from '../booking/bookings.repository';
import { insertBookingWithJobs } from './checkout.repository';

/**
 * The one way a booking is inserted, for the checkout and for a guide's offer alike: the row, its
 * payment expiry (the usual window), the notice if it is left unpaid, and its `booking.created` event in one statement
 * (decision 090), inside the caller's `BookingCore.transaction`. Jobs published before this go into the same statement.
 */
export async function insertNewBooking(
  db: Database,
  publish: Publish,
  values: NewBooking & { createdAt: Date },
  parties: { guideUserId: number; fromOffer: boolean; creditId?: number; holdUntil?: Date },
): Promise<BookingRow> {
  const now = values.createdAt;
  // A reseller's hold (decision 202) lapses when the reseller said, by the same expiry as an unpaid checkout; nobody
  // is asked to pay it, so no reminder.
  publish.job({
    kind: JOB.paymentExpiry,
    payload: { bookingId: NEW_BOOKING_ID },
    runAt: parties.holdUntil ?? new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS),
    dedupeKey: `${JOB.paymentExpiry}:${NEW_BOOKING_ID}`,
  });
  if (!parties.holdUntil)
    publish.job({
      kind: JOB.paymentHeld,
      payload: { bookingId: NEW_BOOKING_ID },
      runAt: new Date(now.getTime() + PAYMENT_HELD_NOTICE_MINUTES * MINUTE_MS),
      dedupeKey: `${JOB.paymentHeld}:${NEW_BOOKING_ID}`,
    });
  // The statement puts the new id where NEW_BOOKING_ID stands.
  await publish('booking.created', {
    bookingId: NEW_BOOKING_ID,
    travelerId: values.travelerId,
    guideUserId: parties.guideUserId,
    fromOffer: parties.fromOffer,
    ...(values.instantBook && { instantBook: true }),
  });
  const written = await insertBookingWithJobs(db, values, publish.take(), parties.creditId);
  publish.wrote(written.jobs);
  return written.booking;
}
