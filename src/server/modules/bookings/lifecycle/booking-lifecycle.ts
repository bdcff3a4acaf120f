import { addDays, todayInZone } from '../../../../shared/availability';
import { completionOf } from '../../../../shared/booking/guide-net';
import { addWorkingDays, EARNINGS_HOLD_WORKING_DAYS } from '../../../../shared/booking/money-rules';
import { refundArrival } from '../../../../shared/booking/cancellation-terms';
import { startOfTourDay } from '../../../../shared/booking/schedule';
import { nextStatus, NO_SHOW_AFTER_MINUTES, type BookingStatus } from '../../../../shared/booking/state-machine';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CancellationQuote } from '../../../../shared/schemas/booking-answers';
import { enqueueJob, type ClaimedJob } from '../../../jobs/index';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import type { BookingCancellation } from './booking-cancellation';
import { JOB, type BookingCore, type Side } from '../booking/booking-core';
import type { BookingReplacement } from '../trouble/booking-replacement';
import { factsOf, heldDepositCents, isPaidDeposit, paymentDueAt } from '../booking/booking-view';
import * as repo from '../booking/bookings.repository';
import { quoteRefunds, type RefundInfo } from './cancellation-refunds';
import { replacementCoverCents } from '../trouble/replacement.repository';

/** Where a booking of several days is between its first and its last day: the days go on. */
const ON_TOUR: readonly BookingStatus[] = ['awaiting_start', 'start_confirmed', 'ongoing'];

/** The reminder job of day `day` of a booking of several days, at 00:00 of that date in the guide's zone. */
const tourDayJob = (b: { id: number; date: string; timeZone: string }, day: number) => ({
  kind: JOB.tourDay,
  payload: { bookingId: b.id, day, date: b.date },
  runAt: startOfTourDay(addDays(b.date, day - 1), b.timeZone),
  dedupeKey: `${JOB.tourDay}:${b.id}:${b.date}:${day}`,
});

/**
 * A paid booking's life after checkout (docs/rules/booking-lifecycle.md): the guide's answer, cancellation by anyone
 * with its refund, the scheduled steps (expiries, the tour day), confirming the start and completing.
 */
export class BookingLifecycle {
  constructor(
    private readonly core: BookingCore,
    private readonly replacement: BookingReplacement,
    /** Every case of a cancellation and its one shared ending (`booking-cancellation.ts`). */
    private readonly cancellation: BookingCancellation,
  ) {}

  async accept(user: AuthUser, id: number): Promise<Booking> {
    const { core } = this;
    const { side } = await core.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const decision = core.decide(booking, 'accept', 'guide', now);
      const row = (await repo.transitionBooking(db, id, decision.from, decision.to, { acceptedAt: now }))!;
      const handed = await this.replacement.handedOver(db, id, now);
      await enqueueJob(db, {
        kind: JOB.startDay,
        payload: { bookingId: id },
        runAt: startOfTourDay(row.date, row.timeZone),
        // A same-day replacement's tour day has begun and its first job has run: this one moves it on at once
        // (decision 140).
        dedupeKey: `${JOB.startDay}:${id}${handed?.sameDay ? `:r${handed.id}` : ''}`,
      });
      await publish('booking.accepted', { bookingId: id, travelerId: row.travelerId, guideUserId: user.id });
    });
    return core.view(id, user.id);
  }

  async decline(user: AuthUser, id: number, reason: string): Promise<Booking> {
    const { side } = await this.core.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    await this.cancellation.declined(id, reason);
    return this.core.view(id, user.id);
  }

  /**
   * PATCH /api/bookings/{id}/status: `cancelled` (refund by the tiers) or `completed` ('Complete
   * Service' by either side: the guide's earnings become pending). Other statuses have their own routes.
   */
  async setStatus(
    user: AuthUser,
    id: number,
    status: BookingStatus,
    reason?: string,
  ): Promise<Booking & { refund: RefundInfo | null }> {
    const { side } = await this.core.ownBooking(user, id);
    if (status === 'completed') {
      await this.complete(id, side);
      return { ...(await this.core.view(id, user.id)), refund: null };
    }
    if (status !== 'cancelled')
      throw new AppError('invalid_transition', `Moving a booking to ${status} is not available here`);
    const { refund } =
      side === 'traveler'
        ? await this.cancellation.byTraveler(id, reason || undefined)
        : await this.cancellation.byGuide(id, reason || undefined);
    return { ...(await this.core.view(id, user.id)), refund };
  }

  /**
   * POST /api/v2/bookings/{id}/report-no-show (decision 138): from NO_SHOW_AFTER_MINUTES after the start,
   * a side whose other side has not confirmed the start reports them absent. A guide reported absent
   * refunds the traveler in full at once; a traveler reported absent forfeits the deposit (the no-show
   * tier). On a later day of several days (decision 158), from that day's start, either side, the
   * deposit split by day (`noShowSplit`). The reported side may contest with a dispute within
   * NO_SHOW_CONTEST_HOURS.
   */
  async reportNoShow(
    user: AuthUser,
    id: number,
    note?: string,
    sameDay = false,
  ): Promise<Booking & { refund: RefundInfo | null }> {
    const { side } = await this.core.ownBooking(user, id);
    const booking = (await repo.findBooking(this.core.db, id))!;
    const now = this.core.now();
    const facts = factsOf(booking, {}, now);
    const check = nextStatus(facts, 'report_no_show', side, { now });
    if (!check.ok && check.reason === 'too_early_for_no_show') {
      throw new AppError(
        'too_early',
        `The other side may be reported absent from ${NO_SHOW_AFTER_MINUTES} minutes after the start`,
      );
    }
    // Decision 158: another guide the same day is found for the first day's hours only (decision 140); a
    // later day ends with its refund, so nothing changes and the refund stays the traveler's to take.
    if (sameDay && side === 'traveler' && facts.laterDay) {
      throw new AppError(
        'no_replacement_today',
        'On a later day of a tour of several days, no other guide is offered; the refund of the days not given is still yours to take',
      );
    }
    const { refund } = await this.cancellation.noShow(id, side, note || undefined, sameDay);
    return { ...(await this.core.view(id, user.id)), refund };
  }

  /**
   * POST /api/admin/bookings/{id}/cancel-for-guide: an admin cancels an accepted booking on the guide's
   * behalf, exactly as the guide's own cancellation (a replacement offered, or the full refund).
   */
  async cancelForGuide(admin: AuthUser, id: number, reason: string): Promise<Booking & { refund: RefundInfo | null }> {
    const booking = await repo.findBooking(this.core.db, id);
    if (!booking) throw notFound('Booking');
    const { refund } = await this.cancellation.byAdmin(admin, id, reason);
    return { ...(await this.core.view(id, booking.travelerId)), refund };
  }

  async quote(user: AuthUser, id: number): Promise<CancellationQuote> {
    const { core } = this;
    const { booking, side } = await core.ownBooking(user, id);
    const now = core.now();
    const facts = factsOf(booking, {}, now);
    const cancellable = nextStatus(facts, 'cancel', side, { now }).ok;
    // Decision 158: on a later day of several days the one ending open to the caller is their no-show
    // report, so the quote is what it charges.
    const reporting = Boolean(facts.laterDay) && nextStatus(facts, 'report_no_show', side, { now }).ok;
    const paid = (await repo.depositPayments(core.db, id)).find(isPaidDeposit);
    // The split is in the booking's currency; what comes back is the same share of what was charged (decision 164).
    const paidCents = heldDepositCents(booking, paid);
    const replacing =
      booking.status === 'confirmed' && (await this.replacement.requested(core.db, id))?.status === 'requested';
    const { split, tier } = this.cancellation.split(
      booking,
      paidCents,
      side,
      now,
      reporting ? 'report_no_show' : undefined,
      replacing,
    );
    const arrival = refundArrival(!paid || paid.method === 'cash' ? 'card' : paid.method);
    const refunds = cancellable || reporting ? await quoteRefunds(core.db, booking, paid, split.refundCents) : [];
    const paidCurrency = paid?.currency ?? booking.chargeCurrency;
    const inPaid = (rows: typeof refunds) =>
      rows.filter((r) => r.currency === paidCurrency).reduce((sum, r) => sum + r.amountCents, 0);
    return {
      bookingId: id,
      cancellable,
      cancelledBy: side,
      tier,
      depositPaidCents: paidCents,
      refundCents: split.refundCents,
      currency: booking.currency,
      paidCurrency,
      refundPaidCents: inPaid(refunds.filter((r) => !r.open)),
      backPaidCents: inPaid(refunds),
      refundPercent: paidCents ? Math.round((split.refundCents / paidCents) * 10_000) / 100 : 0,
      guideCents: split.guideCents,
      platformCents: split.platformCents,
      method: paid?.method ?? null,
      ...arrival,
      hoursUntilStart: Math.round(((booking.startsAt.getTime() - now.getTime()) / 3_600_000) * 100) / 100,
      quotedAt: now.toISOString(),
      refunds,
    };
  }

  /** Job handlers: each is a no-op when the booking has moved on (paid, answered, cancelled). */
  async expireUnpaid(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'pending', () => this.cancellation.paymentExpired(Number(job.payload.bookingId), now));
  }

  /** A checkout still unpaid a while after it was made: the traveler is told until when its time is held. */
  async heldUnpaid(job: ClaimedJob, now: Date): Promise<void> {
    const id = Number(job.payload.bookingId);
    await this.ifStatus(job, 'pending', () =>
      this.core.transaction(async (db, publish) => {
        const booking = (await repo.lockBooking(db, id))!;
        if (booking.status !== 'pending') return;
        const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
        await publish('booking.payment_held', {
          bookingId: id,
          travelerId: booking.travelerId,
          guideUserId,
          paymentDueAt: paymentDueAt(booking).toISOString(),
        });
      }, now),
    );
  }

  async expireRequest(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'confirmed', () => this.cancellation.requestExpired(Number(job.payload.bookingId), now));
  }

  /** Decision 137: nobody chosen (or accepted) by the choice's lapse: the full refund. */
  async lapseReplacement(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'awaiting_replacement', () =>
      this.cancellation.replacementLapsed(Number(job.payload.bookingId), now),
    );
  }

  /** Decision 137: the asked replacement guide did not answer in time: back to the traveler's choice. */
  async replacementUnanswered(job: ClaimedJob, now: Date): Promise<void> {
    const { core } = this;
    const id = Number(job.payload.bookingId);
    await this.ifStatus(job, 'confirmed', () =>
      core.transaction(async (db, publish) => {
        const booking = (await repo.lockBooking(db, id))!;
        const row = await this.replacement.requested(db, id);
        if (booking.status !== 'confirmed' || !row || !this.replacement.isStillAsked(job, row)) return;
        const decision = core.decide(booking, 'request_expired', 'system', now, { replacing: true });
        if (decision.to !== 'awaiting_replacement') return;
        await this.replacement.returnToChoice(db, publish, booking, row, decision.to, 'expired', now);
      }, now),
    );
  }

  async startDay(job: ClaimedJob, now: Date): Promise<void> {
    const { core } = this;
    const id = Number(job.payload.bookingId);
    await this.ifStatus(job, 'upcoming', async () => {
      await core.transaction(async (db, publish) => {
        const booking = (await repo.lockBooking(db, id))!;
        // A rescheduled tour's old start-day job: not its day (the new date has its own job).
        if (now < startOfTourDay(booking.date, booking.timeZone)) return;
        const decision = core.decide(booking, 'start_day', 'system', now);
        await repo.transitionBooking(db, id, decision.from, decision.to);
        const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
        const span = booking.days > 1 ? { day: 1, days: booking.days } : {};
        await publish('booking.awaiting_start', {
          bookingId: id,
          travelerId: booking.travelerId,
          guideUserId,
          ...span,
        });
        // Each later day has its own reminder, one job after the other (decision 154, amended).
        if (booking.days > 1) await enqueueJob(db, tourDayJob(booking, 2));
      }, now);
    });
  }

  /**
   * Job: the morning of day `day` (2..days) of a booking of several days: both sides are reminded, once
   * (the job's and the notices' dedupe keys name the day), and the next day's job is written. A booking
   * moved since (another first date: its own chain starts with its start-day job) or no longer on tour
   * (cancelled, completed) is left alone.
   */
  async tourDay(job: ClaimedJob, now: Date): Promise<void> {
    const { core } = this;
    const id = Number(job.payload.bookingId);
    const day = Number(job.payload.day);
    await core.transaction(async (db, publish) => {
      const booking = await repo.lockBooking(db, id);
      if (!booking || booking.date !== job.payload.date || !ON_TOUR.includes(booking.status) || day > booking.days)
        return;
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      await publish('booking.tour_day', {
        bookingId: id,
        travelerId: booking.travelerId,
        guideUserId,
        day,
        days: booking.days,
      });
      if (day < booking.days) await enqueueJob(db, tourDayJob(booking, day + 1));
    }, now);
  }

  private async ifStatus(job: ClaimedJob, status: BookingStatus, run: () => Promise<unknown>): Promise<void> {
    const booking = await repo.findBooking(this.core.db, Number(job.payload.bookingId));
    if (booking?.status !== status) return;
    try {
      await run();
    } catch (err) {
      // Someone else moved the booking between the check and the lock: nothing left to do.
      if (err instanceof AppError && err.code === 'invalid_transition') return;
      throw err;
    }
  }

  /**
   * PATCH /api/bookings/{id}/confirm-start (docs/rules/booking-lifecycle.md): on the tour day (guide's zone) either
   * side confirms; the second confirmation makes the tour `ongoing`. Confirming twice changes nothing.
   */
  async confirmStart(user: AuthUser, id: number, userType: Side): Promise<Booking> {
    const { core } = this;
    const { side, guideUserId } = await core.ownBooking(user, id);
    core.checkUserType(side, userType);
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      if (
        (side === 'traveler' ? booking.travelerConfirmedStart : booking.guideConfirmedStart) &&
        ['start_confirmed', 'ongoing'].includes(booking.status)
      )
        return;
      const decision = core.decide(booking, 'start_confirm', side, now);
      if (todayInZone(booking.timeZone, now) < booking.date)
        throw new AppError('too_early', `The tour starts on ${booking.date}; confirm the start on that day`);
      const row = await repo.transitionBooking(
        db,
        id,
        decision.from,
        decision.to,
        side === 'traveler' ? { travelerConfirmedStart: true } : { guideConfirmedStart: true },
      );
      if (!row) return;
      const status = row.status === 'ongoing' ? 'ongoing' : 'start_confirmed';
      await publish('booking.start_confirmed', {
        bookingId: id,
        travelerId: row.travelerId,
        guideUserId,
        by: side,
        status,
      });
    });
    return core.view(id, user.id);
  }

  /**
   * 'Complete Service' by either side: `completed`, and in the same transaction the platform releases
   * what it holds (deposit and paid extensions): the commission stays, the rest is the guide's earnings,
   * pending until five working days after completion (decision 061).
   */
  private async complete(id: number, side: Side): Promise<void> {
    const { core } = this;
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const decision = core.decide(booking, 'service_complete', side, now);
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      const deposit = (await repo.depositPayments(db, id)).find(isPaidDeposit);
      const extensions = (await repo.extensionsOf(db, id)).filter((e) => e.status === 'confirmed');
      const extensionsCents = extensions.reduce((sum, e) => sum + e.priceCents, 0);
      const coveredCents = await replacementCoverCents(db, id);
      // The deposit as the booking's currency holds it (decision 164): a card may have paid it in the other.
      // `completionOf` is also what the guide's booking shows she will receive (decision 175).
      const postings = completionOf({
        paidDepositCents: heldDepositCents(booking, deposit),
        extensionsCents,
        coveredCents,
        creditCents: booking.creditCents,
        bookingCommissionCents: booking.commissionCents,
        commissionRate: core.rates.commissionRate,
      });
      await repo.transitionBooking(db, id, decision.from, decision.to, { completedAt: now });
      await repo.insertPostings(db, id, postings, {
        travelerId: booking.travelerId,
        guideUserId,
        guideAvailableAt: addWorkingDays(now, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone),
      });
      const earnings = postings.find((p) => p.kind === 'guide_earnings')?.amountCents ?? 0;
      await publish('booking.completed', {
        bookingId: id,
        travelerId: booking.travelerId,
        guideUserId,
        by: side,
        guideEarningsCents: earnings,
      });
    });
  }
}
