import { reversalPostings } from '../../../../shared/booking/ledger';
import { nextStatus } from '../../../../shared/booking/state-machine';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { JOB, type BookingCore } from '../booking/booking-core';
import { factsOf, respondBy } from '../booking/booking-view';
import * as repo from '../booking/bookings.repository';
import type { BookingRow } from '../booking/bookings.repository';
import { jobAfterDeposit, paidEvents } from './payment-charge';

/**
 * A reseller's reservation (decision 202): the checkout's own booking, held until `until` for the reseller
 * `channelId`, and `within` run in its transaction with the row just written (the reseller's handle on it).
 */
export interface ResellerHold {
  until: Date;
  channelId: number;
  within: (db: Database, booking: BookingRow) => Promise<void>;
}

/** What a reseller's step writes in the booking's transaction: its own row and the ledger, given the booking. */
type Within = (db: Database, booking: BookingRow, guideUserId: number) => Promise<void>;

/**
 * A reseller's booking on account (decision 202): no card is charged; the reseller owes its net, which the OCTO
 * module posts through `within` in the transaction of each status change here. Every change goes through the
 * shared state machine as a checkout's would.
 */
export class BookingOnAccount {
  constructor(private readonly core: BookingCore) {}

  /**
   * The hold confirmed: the deposit's step without a payment (`deposit_paid`), so an instant-booking guide's booking
   * is `upcoming` at once and any other a request she answers within the usual window, with the same jobs and events.
   */
  async confirm(bookingId: number, within: Within): Promise<BookingRow> {
    const { core } = this;
    const now = core.now();
    return core.transaction(async (db, publish) => {
      const locked = await repo.lockBookingWithGuide(db, bookingId);
      if (!locked) throw new AppError('not_found', 'Booking not found');
      const { booking, guideUserId } = locked;
      const decision = nextStatus(factsOf(booking), 'deposit_paid', 'system', { now });
      if (!decision.ok) throw new AppError('UNPROCESSABLE_ENTITY', 'This booking is no longer on hold');
      const accepted = decision.to === 'upcoming';
      const paid = (await repo.transitionBooking(db, booking.id, decision.from, decision.to, {
        paidAt: now,
        ...(accepted && { acceptedAt: now }),
      }))!;
      const answerBy = respondBy(paid)!;
      publish.job(jobAfterDeposit(paid, accepted, answerBy));
      const events = paidEvents(
        booking,
        guideUserId,
        { amountCents: 0, currency: booking.currency },
        accepted,
        answerBy,
      );
      for (const e of events) await publish(e.name, e.payload);
      await within(db, paid, guideUserId);
      return paid;
    }, now);
  }

  /** The hold lasts until `until`: its expiry (the unpaid checkout's) moved, while it has not run. */
  async extendHold(db: Database, bookingId: number, until: Date): Promise<void> {
    await repo.moveQueuedJob(db, `${JOB.paymentExpiry}:${bookingId}`, until);
  }

  /**
   * The reseller cancels (the traveler's `cancel`, from a hold or a booking): the time is free at once, and `within`
   * undoes what it owed in the same transaction. Undefined when the booking can no longer be cancelled.
   */
  async cancel(bookingId: number, reason: string | null, within: Within): Promise<BookingRow | undefined> {
    const { core } = this;
    const now = core.now();
    return core.transaction(async (db, publish) => {
      const locked = await repo.lockBookingWithGuide(db, bookingId);
      if (!locked) return undefined;
      const { booking, guideUserId } = locked;
      const decision = nextStatus(factsOf(booking), 'cancel', 'traveler', { now });
      if (!decision.ok) return undefined;
      const ended = await repo.transitionBooking(db, booking.id, decision.from, decision.to, {
        cancelledAt: now,
        cancelledBy: 'traveler',
        cancelReason: reason,
      });
      if (booking.status !== 'pending')
        await publish('booking.cancelled', {
          bookingId: booking.id,
          travelerId: booking.travelerId,
          guideUserId,
          by: 'traveler',
          reason: 'cancel',
          note: reason,
          refundCents: 0,
        });
      await within(db, ended!, guideUserId);
      return ended;
    }, now);
  }
}

/**
 * A reseller's booking ended before its tour without owing anything (decision 202): what it owed and earned is
 * posted back, in the ending's transaction. The guide's side keeps the date her earnings were due, so her pending
 * figure nets to nothing.
 */
export async function undoResellerSale(db: Database, booking: BookingRow, guideUserId: number): Promise<void> {
  if (booking.channelId === null) return;
  const entries = await repo.ledgerOf(db, booking.id);
  const due = entries.find((e) => e.account === 'guide')?.availableAt ?? null;
  await repo.insertPostings(db, booking.id, reversalPostings(entries), {
    travelerId: booking.travelerId,
    guideUserId,
    guideAvailableAt: due,
  });
}
