import { ownAmountOf, paidPostings } from '../../../../shared/booking/charge';
import { toMajor } from '../../../../shared/currency';
import { extensionPostings, extensionRefundPostings } from '../../../../shared/booking/ledger';
import { PAYMENT_WINDOW_MINUTES } from '../../../../shared/booking/schedule';
import { addedMinutesByDay, currentTourDay, tourDays } from '../../../../shared/booking/tour-days';
import { nextStatus } from '../../../../shared/booking/state-machine';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import type { ExtensionPaymentBody, RequestExtensionReply } from '../../../../shared/schemas/tour';
import { pgErrorCode, type Database } from '../../../db/client';
import { enqueueJob, type ClaimedJob } from '../../../jobs/index';
import { AppError, notFound } from '../../../lib/app-error';
import { checkTotalInBounds } from '../../../lib/money-bounds';
import type { AuthUser } from '../../auth/index';
import { JOB, MINUTE_MS, paymentInProgress, type BookingCore, type Publish, type Side } from '../booking/booking-core';
import { factsOf } from '../booking/booking-view';
import { extensionFee, extensionsCounted } from '../booking/extension-rules';
import * as repo from '../booking/bookings.repository';
import { guideBusyRanges } from '../booking/busy.repository';
import type { BookingRow, ExtensionRow, PaymentRow } from '../booking/bookings.repository';
import { claimExtra, type AttemptKeys, type ExtraCharge, type ExtraClaim } from '../checkout/extra-charges';

/**
 * The day an extension asked now lengthens (decision 155: the current tour day; 1 for a tour of hours),
 * that day's end with the extensions already on it, and the next day's start (null on the last day).
 */
function extendedDay(booking: BookingRow, extensions: ExtensionRow[], now: Date) {
  const day = currentTourDay(booking, now);
  const schedule = tourDays(booking, addedMinutesByDay(extensions, booking.days));
  return { day, endsAt: schedule[day - 1]!.endsAt, nextStartsAt: schedule[day]?.startsAt ?? null };
}

/**
 * Extensions on tour (docs/rules/booking-lifecycle.md): the traveler asks and pays, the guide approves or
 * rejects (a paid fee refunded in full), the traveler confirms and the tour grows by the extension.
 */
export class BookingExtensions implements ExtraCharge {
  constructor(private readonly core: BookingCore) {}

  /**
   * POST /api/bookings/{id}/request-extension: the traveler asks for more time; the server prices it
   * (the guide's declared overtime rate × hours, else round(total / duration) RMB per hour × hours:
   * docs/rules/money-and-cancellation.md, decision 152) and ignores a price the client sends.
   */
  async request(user: AuthUser, id: number, hours: number): Promise<RequestExtensionReply> {
    const { core } = this;
    const { side, guideUserId } = await core.ownBooking(user, id);
    if (side !== 'traveler') throw new AppError('invalid_transition', 'Only the traveler asks for an extension');
    const now = core.now();
    const minutes = Math.round(hours * 60);
    const ext = await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const extensions = await repo.extensionsOf(db, id);
      const decision = core.decide(booking, 'request_extension', 'traveler', now, {
        extensionCount: extensionsCounted(booking, extensions, now),
      });
      const priceCents = extensionFee(booking, extensions, hours);
      // The tour with every extension asked so far stays inside the total's bound (decision 182).
      checkTotalInBounds(
        booking.totalPriceCents + extensions.reduce((sum, e) => sum + e.priceCents, 0) + priceCents,
        booking.currency,
        'hours',
      );
      const { day, endsAt, nextStartsAt } = extendedDay(booking, extensions, now);
      const newEnd = new Date(endsAt.getTime() + minutes * MINUTE_MS);
      // Decision 155: a day before the last may grow until the next day's start; the booking already
      // holds the nights, so no other booking can be in the way there.
      if (nextStartsAt && newEnd > nextStartsAt)
        throw new AppError('extension_into_next_day', 'This extension would run into the start of the next tour day');
      if (!nextStartsAt) {
        await repo.lockGuideSchedule(db, booking.guideId);
        const clash = await guideBusyRanges(db, booking.guideId, booking.endsAt, newEnd, id);
        if (clash.length)
          throw new AppError('slot_unavailable', 'Your guide has another booking right after this tour');
      }
      const row = await repo.insertExtension(db, { bookingId: id, day, minutes, priceCents, requestedAt: now });
      await repo.transitionBooking(db, id, decision.from, decision.to, {
        extensionPriceCents: priceCents,
        travelerConfirmedExtension: false,
      });
      // Unpaid when the payment window closes, it lapses: the tour goes on as it was.
      await enqueueJob(db, {
        kind: JOB.extensionLapse,
        payload: { bookingId: id, extensionId: row.id },
        runAt: new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS),
        dedupeKey: `${JOB.extensionLapse}:${row.id}`,
      });
      await publish('booking.extension_requested', {
        bookingId: id,
        travelerId: user.id,
        guideUserId,
        hours,
        priceCents: row.priceCents,
        currency: booking.currency,
      });
      return row;
    });
    const view = await core.view(id, user.id);
    return {
      ...view,
      extensionDetails: { hours, price: toMajor(ext.priceCents, view.currency), priceCents: ext.priceCents },
    };
  }

  /** POST /api/v2/bookings/{id}/extension/withdraw: the traveler takes back a request not yet paid. */
  async withdraw(user: AuthUser, id: number): Promise<Booking> {
    const { side } = await this.core.ownBooking(user, id);
    if (side !== 'traveler') throw notFound('Booking');
    await this.close(id, 'traveler', this.core.now());
    return this.core.view(id, user.id);
  }

  /** Job: the extension's payment window closed; a request still unpaid lapses (a no-op otherwise). */
  async lapse(job: ClaimedJob, now: Date): Promise<void> {
    const { bookingId, extensionId } = job.payload as { bookingId: number; extensionId: number };
    const open = await repo.openExtension(this.core.db, bookingId);
    if (open?.id !== extensionId || open.status !== 'requested') return;
    try {
      await this.close(bookingId, 'system', now);
    } catch (err) {
      // Paid, or moved on, between the check and the lock: nothing to do.
      if (
        err instanceof AppError &&
        (err.code === 'invalid_transition' || err.code === 'already_paid' || err.code === 'payment_in_progress')
      )
        return;
      throw err;
    }
  }

  /**
   * Withdraws (traveler) or lapses (system) the open, unpaid request: the tour is `ongoing` again and
   * nothing is charged. A card being charged right now is waited for (409); money that still arrives
   * later for it (a wallet approved late) is refunded by `paymentSucceeded`, since the request is closed.
   */
  private async close(id: number, by: 'traveler' | 'system', now: Date): Promise<void> {
    const { core } = this;
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const decision = core.decide(booking, by === 'traveler' ? 'withdraw_extension' : 'extension_lapsed', by, now);
      const open = await repo.openExtension(db, id);
      if (!open) throw new AppError('invalid_transition', 'There is no extension request to withdraw');
      if (open.status !== 'requested')
        throw new AppError('already_paid', 'This extension is already paid; ask your guide instead');
      const attempt = open.paymentId ? await repo.paymentById(db, open.paymentId) : undefined;
      if (attempt?.status === 'processing')
        throw paymentInProgress('A payment of this extension is being processed; try again shortly');
      await repo.updateExtension(db, open.id, { status: by === 'traveler' ? 'withdrawn' : 'lapsed', decidedAt: now });
      await repo.transitionBooking(db, id, decision.from, decision.to, { extensionPriceCents: null });
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      await publish('booking.extension_withdrawn', {
        bookingId: id,
        travelerId: booking.travelerId,
        guideUserId,
        hours: open.minutes / 60,
        by,
      });
    }, now);
  }

  /**
   * Inside a deposit-or-extension payment's claim: the open, unpaid extension's attempt. Its open
   * attempt is reused, waited for or to be cancelled first (decision 100: an attempt of an earlier,
   * closed request counts as another charge's, and is cancelled); otherwise a new payment row at the
   * server's price.
   */
  async claimPayment(
    db: Database,
    booking: BookingRow,
    user: Pick<AuthUser, 'id'>,
    body: CreatePaymentBody,
    k: AttemptKeys,
  ): Promise<ExtraClaim> {
    const ext = await repo.openExtension(db, booking.id);
    if (!ext || booking.status !== 'extend_requested')
      throw new AppError('invalid_transition', 'There is no extension to pay');
    if (ext.status !== 'requested') throw new AppError('already_paid', 'This extension is already paid');
    const step = await claimExtra(db, this.core.deps.provider.name, booking, user, body, k, {
      kind: 'extension',
      cents: ext.priceCents,
      attempts: await repo.extensionPayments(db, booking.id),
      ownPaymentId: ext.paymentId,
    });
    if (step.do === 'open') await repo.updateExtension(db, ext.id, { paymentId: step.payment.id });
    return step;
  }

  /**
   * Inside a payment's success: the traveler's money is held by the platform (ledger), the extension is
   * paid and the booking records `extension_paid`. Money for an extension no longer open (rejected
   * meanwhile) goes straight back.
   */
  async paymentSucceeded(
    db: Database,
    booking: BookingRow,
    payment: PaymentRow,
    parties: { travelerId: number; guideUserId: number; paymentId: number },
    now: Date,
    after: (() => Promise<void>)[],
    publish: Publish,
  ) {
    const { core } = this;
    await repo.insertPostings(
      db,
      booking.id,
      paidPostings(extensionPostings(ownAmountOf(payment)), booking.currency, payment),
      parties,
    );
    const ext = await repo.extensionByPayment(db, payment.id);
    const decision = nextStatus(factsOf(booking), 'extension_paid', 'system', { now });
    if (ext && ext.status === 'requested' && decision.ok) {
      await repo.updateExtension(db, ext.id, { status: 'paid', paidAt: now });
      await repo.transitionBooking(db, booking.id, decision.from, decision.to, { extensionPriceCents: null });
      await publish('booking.extension_paid', {
        bookingId: booking.id,
        travelerId: booking.travelerId,
        guideUserId: parties.guideUserId,
        hours: ext.minutes / 60,
        priceCents: ext.priceCents,
        currency: booking.currency,
      });
      return;
    }
    await repo.insertPostings(
      db,
      booking.id,
      paidPostings(extensionRefundPostings(ownAmountOf(payment)), booking.currency, payment),
      parties,
    );
    const jobId = await core.enqueueRefund(db, payment, payment.amountCents, now);
    if (jobId) after.push(async () => void (await core.deps.jobs.runNow(jobId, now)));
  }

  /**
   * PATCH /api/bookings/{id}/extension-payment: the client reports its payment; the server
   * checks its own record of it (the payment id in transactionData.transactionId, a succeeded
   * extension payment of this booking by the caller) and answers with the booking.
   */
  async markPaid(user: AuthUser, id: number, body: ExtensionPaymentBody): Promise<Booking> {
    const { core } = this;
    const { side } = await core.ownBooking(user, id);
    if (side !== 'traveler') throw new AppError('invalid_transition', 'Only the traveler pays an extension');
    if (!body.paid) throw new AppError('extension_not_paid', 'The extension is not paid yet');
    const paymentId = Number(body.transactionData.transactionId);
    const payment =
      Number.isSafeInteger(paymentId) && paymentId > 0 ? await repo.paymentById(core.db, paymentId) : undefined;
    if (!payment || payment.bookingId !== id || payment.kind !== 'extension' || payment.payerId !== user.id) {
      throw new AppError('validation_failed', 'Unknown transaction', [
        { path: 'transactionData.transactionId', message: 'not a payment of this extension' },
      ]);
    }
    if (payment.status === 'processing' || payment.status === 'pending')
      throw paymentInProgress('This payment is still being processed; try again shortly');
    if (payment.status === 'failed')
      throw new AppError('payment_failed', 'Payment failed. Please check your information and try again.');
    const ext = await repo.extensionByPayment(core.db, payment.id);
    if (!ext || ext.status === 'requested') throw new AppError('extension_not_paid', 'The extension is not paid yet');
    return core.view(id, user.id);
  }

  /** POST /api/v2/bookings/{id}/extension/approve: the guide agrees to the paid extension. */
  async approve(user: AuthUser, id: number): Promise<Booking> {
    const { core } = this;
    const { side } = await core.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const decision = core.decide(booking, 'approve_extension', 'guide', now);
      const open = await repo.openExtension(db, id);
      if (!open || open.status !== 'paid')
        throw new AppError('extension_not_paid', 'The traveler has not paid this extension yet');
      await repo.updateExtension(db, open.id, { status: 'approved', decidedAt: now });
      await repo.transitionBooking(db, id, decision.from, decision.to);
      await publish('booking.extension_approved', {
        bookingId: id,
        travelerId: booking.travelerId,
        guideUserId: user.id,
        hours: open.minutes / 60,
      });
    });
    return core.view(id, user.id);
  }

  /** POST /api/v2/bookings/{id}/extension/reject: the guide declines; a paid fee is refunded in full. */
  async reject(user: AuthUser, id: number): Promise<Booking> {
    const { core } = this;
    const { side } = await core.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    const now = core.now();
    let refundJob: number | undefined;
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const decision = core.decide(booking, 'reject_extension', 'guide', now);
      const open = await repo.openExtension(db, id);
      let refund = { amountCents: 0, currency: booking.chargeCurrency };
      if (open) {
        await repo.updateExtension(db, open.id, { status: 'rejected', decidedAt: now });
        const payment = open.paymentId ? await repo.paymentById(db, open.paymentId) : undefined;
        if (open.status === 'paid' && payment?.status === 'succeeded') {
          refund = { amountCents: payment.amountCents, currency: payment.currency };
          const postings = paidPostings(extensionRefundPostings(ownAmountOf(payment)), booking.currency, payment);
          await repo.insertPostings(db, id, postings, {
            travelerId: booking.travelerId,
            guideUserId: user.id,
            paymentId: payment.id,
          });
          refundJob = await core.enqueueRefund(db, payment, payment.amountCents, now);
        }
      }
      await repo.transitionBooking(db, id, decision.from, decision.to, { extensionPriceCents: null });
      await publish('booking.extension_rejected', {
        bookingId: id,
        travelerId: booking.travelerId,
        guideUserId: user.id,
        hours: (open?.minutes ?? 0) / 60,
        refundCents: refund.amountCents,
        currency: refund.currency,
      });
    });
    if (refundJob) await core.deps.jobs.runNow(refundJob, now);
    return core.view(id, user.id);
  }

  /**
   * PATCH /api/bookings/{id}/confirm-extension: the traveler confirms the approved extension; the
   * booking goes back to `ongoing`, longer by the extension, with one more extension counted.
   */
  async confirm(user: AuthUser, id: number, userType: Side): Promise<Booking> {
    const { core } = this;
    const { side, guideUserId } = await core.ownBooking(user, id);
    core.checkUserType(side, userType);
    const now = core.now();
    try {
      await core.transaction(async (db, publish) => {
        const booking = (await repo.lockBooking(db, id))!;
        const decision = core.decide(booking, 'confirm_extension', side, now);
        const open = await repo.openExtension(db, id);
        if (!open || open.status !== 'approved')
          throw new AppError('invalid_transition', 'There is no approved extension to confirm');
        await repo.updateExtension(db, open.id, { status: 'confirmed', confirmedAt: now });
        // Several days (decisions 154, 155): the extension lengthens the day it was asked on, so one day's
        // length stays; only the last day's moves the booking's end.
        const lastDay = (open.day ?? booking.days) >= booking.days;
        await repo.transitionBooking(db, id, decision.from, decision.to, {
          durationMinutes: booking.durationMinutes + (booking.days > 1 ? 0 : open.minutes),
          endsAt: lastDay ? new Date(booking.endsAt.getTime() + open.minutes * MINUTE_MS) : booking.endsAt,
          extensionCount: booking.extensionCount + 1,
          travelerConfirmedExtension: true,
          extensionPriceCents: null,
        });
        await publish('booking.extension_confirmed', {
          bookingId: id,
          travelerId: user.id,
          guideUserId,
          hours: open.minutes / 60,
        });
      });
    } catch (err) {
      if (pgErrorCode(err) === '23P01')
        throw new AppError('slot_unavailable', 'Your guide has another booking right after this tour');
      throw err;
    }
    return core.view(id, user.id);
  }
}
