import { ownAmountOf, paidPostings } from '../../../../shared/booking/charge';
import { depositPostings } from '../../../../shared/booking/ledger';
import { PAYMENT_WINDOW_MINUTES } from '../../../../shared/booking/schedule';
import type { BookingChange, ChangeBody, ChangeQuote } from '../../../../shared/schemas/booking-changes';
import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import type { Database } from '../../../db/client';
import type { ClaimedJob } from '../../../jobs/index';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import { MINUTE_MS, paymentInProgress, type BookingCore, type Publish } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import * as changes from './changes.repository';
import type { ChangeRow } from './changes.repository';
import { applyChange } from './change-apply';
import { allBack } from './change-cancel';
import {
  CHANGEABLE,
  changeAnswerBy,
  changeNeedsGuide,
  checkAddedDays,
  checkChangeable,
  pricedChange,
  withRefunds,
} from './change-checks';
import { claimExtra, type AttemptKeys, type ExtraCharge, type ExtraClaim } from '../checkout/extra-charges';

/** The job that closes an open change at its `expiresAt`. */
export const CHANGE_LAPSE_JOB = 'booking.change_lapse';

export function toChange(row: ChangeRow): BookingChange {
  return {
    ...row.quote,
    id: row.id,
    bookingId: row.bookingId,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
  };
}

/**
 * Changing a booked trip (decision 177): the traveler asks for another group or number of days; the
 * price is `priceChange`'s; a higher deposit is paid first (`claimPayment`, `paymentSucceeded`, as an
 * extension is), a lower one released under the tiers when the change applies. A change that asks
 * more of the guide waits for their yes unless they take instant bookings; the booking as it was
 * stays valid until the change applies, and every write is under the booking's row lock.
 */
export class BookingChanges implements ExtraCharge {
  constructor(private readonly core: BookingCore) {}

  /** GET …/changes/quote: the change priced and checked, nothing written. */
  async quote(user: AuthUser, id: number, body: ChangeBody): Promise<ChangeQuote> {
    const { booking } = await this.travelerOf(user, id);
    const guide = (await repo.guideForBooking(this.core.db, booking.guideId))!;
    const now = this.core.now();
    const priced = pricedChange(booking, guide, body, now, this.core.rates);
    if (body.days > booking.days) await checkAddedDays(this.core, this.core.db, booking, guide, body.days, now, false);
    const left = await changes.depositPaymentsLeft(this.core.db, id);
    return { ...withRefunds(priced.quote, left, booking.currency), needsGuide: changeNeedsGuide(priced, guide, now) };
  }

  /** GET …/changes: both sides read them, newest first. */
  async list(user: AuthUser, id: number): Promise<BookingChange[]> {
    await this.core.ownBooking(user, id);
    return (await changes.changesOf(this.core.db, id)).map(toChange);
  }

  /** POST …/changes: priced, checked and recorded; applied at once when nothing is to pay and nobody must agree. */
  async request(user: AuthUser, id: number, body: ChangeBody): Promise<BookingChange> {
    await this.travelerOf(user, id);
    const now = this.core.now();
    const refunds: number[] = [];
    const row = await this.run(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      checkChangeable(booking, now);
      if (await changes.openChange(db, id))
        throw new AppError('change_open', 'Another change of this trip is open; finish or withdraw it first');
      const guide = (await repo.guideForBooking(db, booking.guideId))!;
      const priced = pricedChange(booking, guide, body, now, this.core.rates);
      if (body.days > booking.days) await checkAddedDays(this.core, db, booking, guide, body.days, now, true);
      const needsGuide = changeNeedsGuide(priced, guide, now);
      const payNow = priced.quote.money.payNowCents;
      const status = payNow > 0 ? 'awaiting_payment' : needsGuide ? 'requested' : 'applied';
      const expiresAt =
        status === 'awaiting_payment'
          ? new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS)
          : status === 'requested'
            ? changeAnswerBy(booking, now)
            : null;
      const inserted = await changes.insertChange(db, {
        bookingId: id,
        requesterId: user.id,
        status,
        quote: {
          ...withRefunds(priced.quote, await changes.depositPaymentsLeft(db, id), booking.currency),
          needsGuide,
        },
        apply: priced.apply,
        payNowCents: payNow,
        releaseCents: Math.max(0, -priced.apply.depositChangeCents),
        needsGuide,
        expiresAt,
        decidedAt: status === 'applied' ? now : null,
        createdAt: now,
      });
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      if (status === 'applied') refunds.push(...(await applyChange(db, publish, booking, inserted, guideUserId, now)));
      else {
        publish.job({
          kind: CHANGE_LAPSE_JOB,
          payload: { bookingId: id, changeId: inserted.id },
          runAt: expiresAt!,
          dedupeKey: `${CHANGE_LAPSE_JOB}:${inserted.id}:${status}`,
        });
        if (status === 'requested') await this.tellGuide(publish, booking, inserted, guideUserId);
      }
      return inserted;
    });
    await this.runRefunds(refunds, now);
    return toChange((await changes.changeById(this.core.db, id, row.id))!);
  }

  /** POST …/changes/{changeId}/accept: the guide takes the change; it applies now. */
  async accept(user: AuthUser, id: number, changeId: number): Promise<BookingChange> {
    await this.guideOf(user, id);
    const now = this.core.now();
    const refunds: number[] = [];
    await this.run(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const change = await this.openOf(db, id, changeId, 'requested');
      checkChangeable(booking, now);
      const guide = (await repo.guideForBooking(db, booking.guideId))!;
      if (change.apply.days > booking.days)
        await checkAddedDays(this.core, db, booking, guide, change.apply.days, now, true);
      refunds.push(...(await applyChange(db, publish, booking, change, user.id, now)));
    });
    await this.runRefunds(refunds, now);
    return toChange((await changes.changeById(this.core.db, id, changeId))!);
  }

  /** POST …/changes/{changeId}/decline: the guide says no and why; a paid difference goes back in full. */
  async decline(user: AuthUser, id: number, changeId: number, reason: string): Promise<BookingChange> {
    await this.guideOf(user, id);
    return this.close(id, changeId, 'declined', this.core.now(), reason);
  }

  /** POST …/changes/{changeId}/withdraw: the traveler takes the change back; a paid difference goes back in full. */
  async withdraw(user: AuthUser, id: number, changeId: number): Promise<BookingChange> {
    await this.travelerOf(user, id);
    return this.close(id, changeId, 'withdrawn', this.core.now());
  }

  /** Job: an open change unpaid or unanswered by its time lapses; the booking stays as it was. */
  async lapse(job: ClaimedJob, now: Date): Promise<void> {
    const { bookingId, changeId } = job.payload as { bookingId: number; changeId: number };
    const open = await changes.openChange(this.core.db, bookingId);
    if (open?.id !== changeId || !open.expiresAt || open.expiresAt > now) return;
    try {
      await this.close(bookingId, changeId, 'lapsed', now);
    } catch (err) {
      // Paid or answered between the check and the lock: nothing to do.
      if (err instanceof AppError && (err.code === 'change_not_open' || err.code === 'payment_in_progress')) return;
      throw err;
    }
  }

  /**
   * Inside a payment's claim (`kind: 'change'`): the open change's attempt, reused, waited for or to be
   * cancelled first (decision 100), else a new payment of the server's difference.
   */
  async claimPayment(
    db: Database,
    booking: BookingRow,
    user: Pick<AuthUser, 'id'>,
    body: CreatePaymentBody,
    k: AttemptKeys,
  ): Promise<ExtraClaim> {
    const change = await changes.openChange(db, booking.id);
    if (!change || change.status !== 'awaiting_payment')
      throw new AppError('change_not_open', 'There is no change of this trip to pay');
    const step = await claimExtra(db, this.core.deps.provider.name, booking, user, body, k, {
      kind: 'change',
      cents: change.payNowCents,
      attempts: await changes.changePayments(db, booking.id),
      ownPaymentId: change.paymentId,
    });
    if (step.do === 'open') await changes.updateChange(db, change.id, { paymentId: step.payment.id });
    return step;
  }

  /**
   * Inside a payment's success: the platform holds the difference as deposit; the change then waits
   * for the guide or applies. Money for a change no longer open, or whose added days were taken
   * meanwhile, goes straight back.
   */
  async paymentSucceeded(
    db: Database,
    booking: BookingRow,
    payment: PaymentRow,
    parties: { travelerId: number; guideUserId: number; paymentId: number },
    now: Date,
    after: (() => Promise<void>)[],
    publish: Publish,
  ): Promise<void> {
    await repo.insertPostings(
      db,
      booking.id,
      paidPostings(depositPostings(ownAmountOf(payment)), booking.currency, payment),
      parties,
    );
    const change = await changes.changeByPayment(db, payment.id);
    const open = change?.status === 'awaiting_payment' && CHANGEABLE.has(booking.status) && booking.startsAt > now;
    if (open && change.needsGuide) {
      const expiresAt = changeAnswerBy(booking, now);
      const requested = (await changes.updateChange(db, change.id, { status: 'requested', expiresAt }))!;
      publish.job({
        kind: CHANGE_LAPSE_JOB,
        payload: { bookingId: booking.id, changeId: change.id },
        runAt: expiresAt,
        dedupeKey: `${CHANGE_LAPSE_JOB}:${change.id}:requested`,
      });
      await this.tellGuide(publish, booking, requested, parties.guideUserId);
      return;
    }
    if (open) {
      const guide = (await repo.guideForBooking(db, booking.guideId))!;
      const free =
        change.apply.days <= booking.days ||
        (await checkAddedDays(this.core, db, booking, guide, change.apply.days, now, true).then(
          () => true,
          () => false,
        ));
      if (free) {
        const refunds = await applyChange(db, publish, booking, change, parties.guideUserId, now);
        after.push(() => this.runRefunds(refunds, now));
        return;
      }
      await changes.updateChange(db, change.id, {
        status: 'declined',
        declineReason: 'slot_unavailable',
        decidedAt: now,
      });
    }
    await repo.insertPostings(db, booking.id, paidPostings(allBack(payment), booking.currency, payment), parties);
    const jobId = await this.core.enqueueRefund(db, payment, payment.amountCents, now);
    if (jobId) after.push(async () => void (await this.core.deps.jobs.runNow(jobId, now)));
  }

  // ── What the steps share ─────────────────────────────────────────────────────────────────────

  /** Closes the open change without applying it; a paid difference goes back in full. */
  private async close(
    id: number,
    changeId: number,
    status: 'declined' | 'withdrawn' | 'lapsed',
    now: Date,
    reason?: string,
  ): Promise<BookingChange> {
    const refunds: number[] = [];
    await this.run(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const change = await this.openOf(db, id, changeId);
      const payment = change.paymentId ? await repo.paymentById(db, change.paymentId) : undefined;
      if (payment && (payment.status === 'processing' || payment.status === 'pending'))
        throw paymentInProgress('A payment of this change is being processed; try again shortly');
      await changes.updateChange(db, change.id, { status, decidedAt: now, declineReason: reason ?? null });
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      if (payment?.status === 'succeeded') {
        await repo.insertPostings(db, id, paidPostings(allBack(payment), booking.currency, payment), {
          travelerId: booking.travelerId,
          guideUserId,
          paymentId: payment.id,
        });
        const job = await this.core.enqueueRefund(db, payment, payment.amountCents, now);
        if (job) refunds.push(job);
      }
      if (status !== 'withdrawn') {
        await publish('booking.change_closed', {
          bookingId: id,
          travelerId: booking.travelerId,
          guideUserId,
          changeId,
          how: status,
          reason: reason ?? null,
        });
      }
    }, now);
    await this.runRefunds(refunds, now);
    return toChange((await changes.changeById(this.core.db, id, changeId))!);
  }

  private async openOf(db: Database, id: number, changeId: number, status?: ChangeRow['status']): Promise<ChangeRow> {
    const change = await changes.changeById(db, id, changeId);
    if (!change) throw notFound('Change');
    if (change.status !== 'awaiting_payment' && change.status !== 'requested')
      throw new AppError('change_not_open', 'This change is no longer open');
    if (status && change.status !== status)
      throw new AppError('change_not_open', 'This change is waiting for its payment, not for an answer');
    return change;
  }

  private async travelerOf(user: AuthUser, id: number) {
    const own = await this.core.ownBooking(user, id);
    if (own.side !== 'traveler') throw notFound('Booking');
    return own;
  }

  private async guideOf(user: AuthUser, id: number) {
    const own = await this.core.ownBooking(user, id);
    if (own.side !== 'guide') throw notFound('Booking');
    return own;
  }

  private run<T>(fn: (db: Database, publish: Publish) => Promise<T>, now?: Date): Promise<T> {
    return this.core.transaction(fn, now);
  }

  private async runRefunds(jobs: number[], now: Date): Promise<void> {
    for (const job of jobs) await this.core.deps.jobs.runNow(job, now);
  }

  private async tellGuide(
    publish: Publish,
    booking: BookingRow,
    change: ChangeRow,
    guideUserId: number,
  ): Promise<void> {
    await publish('booking.change_requested', {
      bookingId: booking.id,
      travelerId: booking.travelerId,
      guideUserId,
      changeId: change.id,
      travelers: change.apply.travelers,
      days: change.apply.days,
      answerBy: change.expiresAt?.toISOString() ?? '',
    });
  }
}
