import { todayInZone } from '../../../shared/availability';
import { cancellationPostings, completionPostings } from '../../../shared/booking/ledger';
import { TRAVEL_CREDIT_DAYS } from '../../../shared/booking/credit';
import { addWorkingDays, cancellationSplit, cancellationTier, EARNINGS_HOLD_WORKING_DAYS, refundArrival, type RefundSplit } from '../../../shared/booking/money-rules';
import { startOfTourDay } from '../../../shared/booking/schedule';
import { nextStatus, NO_SHOW_AFTER_MINUTES, type Actor, type BookingStatus } from '../../../shared/booking/state-machine';
import type { Booking, CancellationQuote } from '../../../shared/schemas/bookings';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { JOB, type BookingCore, type Side } from './booking-core';
import type { BookingReplacement } from './booking-replacement';
import { factsOf, NO_SHOW_REASONS, paymentDueAt } from './booking-view';
import * as repo from './bookings.repository';
import * as credits from './credits.repository';
import { replacementCoverCents } from './replacement.repository';
import type { BookingRow } from './bookings.repository';

/** The start a traveler's cancellation is measured against: the earlier of the booked and the current start. */
export const tierStart = (b: Pick<BookingRow, 'startsAt' | 'firstStartsAt'>): Date =>
  b.firstStartsAt && b.firstStartsAt < b.startsAt ? b.firstStartsAt : b.startsAt;

export interface RefundInfo {
  amountCents: number;
  method: string | null;
  minBusinessDays: number;
  maxBusinessDays: number;
}

/**
 * A paid booking's life after checkout (docs/rules/booking-lifecycle.md): the guide's answer, cancellation by anyone with
 * its refund, the scheduled steps (expiries, the tour day), confirming the start and completing.
 */
export class BookingLifecycle {
  constructor(
    private readonly core: BookingCore,
    private readonly replacement: BookingReplacement,
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
        // A same-day replacement's tour day has begun and its first job has run: this one moves it on at once (decision 140).
        dedupeKey: `${JOB.startDay}:${id}${handed?.sameDay ? `:r${handed.id}` : ''}`,
      });
      await publish('booking.accepted', { bookingId: id, travelerId: row.travelerId, guideUserId: user.id });
    });
    return core.view(id, user.id);
  }

  async decline(user: AuthUser, id: number, reason: string): Promise<Booking> {
    const { side } = await this.core.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    await this.cancel(id, 'decline', 'guide', { reason });
    return this.core.view(id, user.id);
  }

  /**
   * PATCH /api/bookings/{id}/status: `cancelled` (refund by the tiers) or `completed` ('Complete
   * Service' by either side: the guide's earnings become pending). Other statuses have their own routes.
   */
  async setStatus(user: AuthUser, id: number, status: BookingStatus, reason?: string): Promise<Booking & { refund: RefundInfo | null }> {
    const { side } = await this.core.ownBooking(user, id);
    if (status === 'completed') {
      await this.complete(id, side);
      return { ...(await this.core.view(id, user.id)), refund: null };
    }
    if (status !== 'cancelled') throw new AppError('invalid_transition', `Moving a booking to ${status} is not available here`);
    const { refund } = await this.cancel(id, 'cancel', side, { reason: reason || undefined });
    return { ...(await this.core.view(id, user.id)), refund };
  }

  /** How a cancellation by `actor` at `now` splits what was paid (decision 004). */
  private split(booking: BookingRow, paidCents: number, actor: Actor, now: Date, event?: 'report_no_show', replacing = false): { split: RefundSplit; tier: string } {
    // Decision 137: the guide cancelled; whether the traveler takes the refund (also while a replacement is
    // asked) or the choice lapses, all of it comes back.
    if (booking.status === 'awaiting_replacement' || replacing) return { split: { refundCents: paidCents, guideCents: 0, platformCents: 0 }, tier: 'guide' };
    // Decision 138: a guide reported absent refunds everything; a traveler reported absent is the no-show tier.
    if (event === 'report_no_show' && actor === 'traveler') return { split: { refundCents: paidCents, guideCents: 0, platformCents: 0 }, tier: 'guide' };
    if (event === 'report_no_show') {
      return { split: cancellationSplit({ depositCents: paidCents, cancelledBy: 'traveler', tier: 'no_show', commissionRate: this.core.rates.commissionRate }), tier: 'no_show' };
    }
    // The typhoon rule (decision 093): while a JMA warning is in force for the area, either side
    // cancels with everything paid online back to the traveler and nothing kept by the guide or us.
    if (booking.weatherWarning && (actor === 'traveler' || actor === 'guide')) return { split: { refundCents: paidCents, guideCents: 0, platformCents: 0 }, tier: 'weather' };
    if (actor !== 'traveler') return { split: { refundCents: paidCents, guideCents: 0, platformCents: 0 }, tier: actor === 'guide' ? 'guide' : 'system' };
    // Decision 079: after a reschedule, the stricter tier of the first and the current start.
    const tier = cancellationTier(tierStart(booking), now);
    return { split: cancellationSplit({ depositCents: paidCents, cancelledBy: 'traveler', tier, commissionRate: this.core.rates.commissionRate }), tier };
  }

  /**
   * Cancels by any route (traveler, guide decline, expiry jobs, a no-show report): transition, ledger
   * release of the paid deposit by the split, and the refund job, in one transaction; the refund runs
   * right after. A guide's cancellation that can offer a replacement opens the choice instead, and a
   * replacement guide's decline returns to it (decision 137): no money moves then.
   */
  private async cancel(
    id: number,
    event: 'cancel' | 'decline' | 'payment_expired' | 'request_expired' | 'replacement_lapsed' | 'report_no_show',
    actor: Actor,
    opts: { reason?: string; now?: Date; admin?: AuthUser; sameDay?: boolean },
  ): Promise<{ refund: RefundInfo | null }> {
    const { core } = this;
    const now = opts.now ?? core.now();
    let refundJob: number | undefined;
    let refund: RefundInfo | null = null;
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      // An admin's cancellation for the guide is audited with the change it makes, and the guide, who did not do it, is told.
      const audit = async (to: BookingStatus) => {
        if (!opts.admin) return;
        await recordAdminAction(db, { adminUserId: opts.admin.id, action: 'booking.cancel_for_guide', entityType: 'booking', entityId: id, before: { status: booking.status }, after: { status: to }, note: opts.reason ?? null });
        await publish('booking.cancelled_for_guide', { bookingId: id, travelerId: booking.travelerId, guideUserId, note: opts.reason ?? '' });
      };
      // Decision 140: the guide did not come, and the traveler would rather have another guide later that day than the refund now.
      if (event === 'report_no_show' && actor === 'traveler' && opts.sameDay) {
        const decision = core.decide(booking, event, actor, now, { replaceable: true });
        const lapsesAt = await this.replacement.offerableToday(db, booking, now);
        if (!lapsesAt) throw new AppError('no_replacement_today', 'No other guide is free later today; the full refund is still yours to take');
        await repo.transitionBooking(db, id, decision.from, decision.to);
        await this.replacement.open(db, publish, booking, guideUserId, opts.reason, now, lapsesAt);
        return;
      }
      if (event === 'cancel' && (actor === 'guide' || actor === 'admin') && (await this.replacement.offerable(db, booking, now))) {
        const decision = core.decide(booking, event, actor, now, { replaceable: true });
        await repo.transitionBooking(db, id, decision.from, decision.to);
        await audit(decision.to);
        await this.replacement.open(db, publish, booking, guideUserId, opts.reason, now);
        return;
      }
      // A replacement guide asked and not yet answered (decision 137): the booking is still the cancelling guide's to answer for.
      const asked = booking.status === 'confirmed' ? await this.replacement.requested(db, id) : undefined;
      const replacing = asked?.status === 'requested';
      if (event === 'decline' || event === 'request_expired') {
        if (asked && replacing) {
          // The first guide's 48-hour answer deadline does not apply to a replacement: its own job decides.
          if (event === 'request_expired') return;
          const decision = core.decide(booking, event, actor, now, { replacing: true });
          if (decision.to !== 'awaiting_replacement') throw new AppError('invalid_transition', 'A replacement request returns to the choice');
          await this.replacement.returnToChoice(db, publish, booking, asked, decision.to, 'declined', now);
          return;
        }
      }
      const decision = core.decide(booking, event, actor, now);
      const paid = (await repo.depositPayments(db, id)).find((p) => p.status === 'succeeded');
      const { split } = this.split(booking, paid?.amountCents ?? 0, actor, now, event === 'report_no_show' ? event : undefined, replacing);
      const closed = booking.status === 'awaiting_replacement' || replacing ? await this.replacement.refunded(db, id, now) : undefined;
      // The side reported absent, if this ends a no-show: the report itself, or a same-day choice after the
      // guide's no-show that ends in the refund (decision 140), contestable like the report.
      const absent = event === 'report_no_show' ? (actor === 'traveler' ? 'guide' : 'traveler') : closed?.sameDay ? 'guide' : null;
      // An admin's cancellation is made on the guide's behalf, and counts as theirs.
      const cancelledBy = absent ?? (closed ? 'guide' : actor === 'system' ? 'system' : actor === 'guide' || actor === 'admin' ? 'guide' : 'traveler');
      const cancelReason = absent ? NO_SHOW_REASONS[absent] : closed ? (closed.reason ?? 'cancel') : (opts.reason ?? event);
      await repo.transitionBooking(db, id, decision.from, decision.to, { cancelledAt: now, cancelledBy, cancelReason });
      await audit(decision.to);
      if (booking.creditCents > 0) await credits.restoreCredit(db, id);
      // Decision 139: a paid booking the guide ended (their cancellation, however it was finished, or their
      // absence) gives the traveler a credit for the next one, with the refund.
      const guideEnded = closed || absent === 'guide' || (event === 'cancel' && (actor === 'guide' || actor === 'admin'));
      const creditCents = core.deps.config.payments.travelCreditCents;
      // The traveler's notice of the refund names the credit that came with it.
      let credit: { creditCents: number; creditExpiresAt: string } | undefined;
      if (paid && guideEnded && creditCents > 0) {
        const expiresAt = new Date(now.getTime() + TRAVEL_CREDIT_DAYS * 86_400_000);
        await credits.issueCredit(db, { travelerId: booking.travelerId, amountCents: creditCents, reason: absent === 'guide' ? 'guide_no_show' : 'guide_cancelled', sourceBookingId: id, expiresAt, createdAt: now });
        credit = { creditCents, creditExpiresAt: expiresAt.toISOString() };
      }
      if (paid) {
        await repo.insertPostings(db, id, cancellationPostings(paid.amountCents, split), { travelerId: booking.travelerId, guideUserId, paymentId: paid.id });
        if (split.refundCents > 0) refundJob = await core.enqueueRefund(db, paid, split.refundCents, now);
        refund = { amountCents: split.refundCents, method: paid.method, ...refundArrival(paid.method === 'cash' ? 'bank_transfer' : paid.method) };
      }
      const base = { bookingId: id, travelerId: booking.travelerId, guideUserId, ...credit };
      if (event === 'decline') await publish('booking.declined', { ...base, reason: opts.reason ?? '', refundCents: split.refundCents });
      else if (event === 'report_no_show' || absent) await publish('booking.no_show_reported', { ...base, by: absent === 'guide' ? 'traveler' : 'guide', note: event === 'report_no_show' ? (opts.reason ?? null) : (closed?.reason ?? null), refundCents: split.refundCents });
      else if (closed) await publish('booking.cancelled', { ...base, by: 'guide', reason: 'cancel', note: closed.reason, refundCents: split.refundCents });
      else await publish('booking.cancelled', { ...base, by: cancelledBy, reason: event === 'replacement_lapsed' ? 'cancel' : event, note: event === 'cancel' ? (opts.reason ?? null) : null, refundCents: split.refundCents });
    }, now);
    if (refundJob) await core.deps.jobs.runNow(refundJob, now);
    return { refund };
  }

  /**
   * POST /api/v2/bookings/{id}/report-no-show (decision 138): from NO_SHOW_AFTER_MINUTES after the start,
   * a side whose other side has not confirmed the start reports them absent. A guide reported absent
   * refunds the traveler in full at once; a traveler reported absent forfeits the deposit (the no-show
   * tier). The reported side may contest with a dispute within NO_SHOW_CONTEST_HOURS.
   */
  async reportNoShow(user: AuthUser, id: number, note?: string, sameDay = false): Promise<Booking & { refund: RefundInfo | null }> {
    const { side } = await this.core.ownBooking(user, id);
    const booking = (await repo.findBooking(this.core.db, id))!;
    const check = nextStatus(factsOf(booking), 'report_no_show', side, { now: this.core.now() });
    if (!check.ok && check.reason === 'too_early_for_no_show') {
      throw new AppError('too_early', `The other side may be reported absent from ${NO_SHOW_AFTER_MINUTES} minutes after the start`);
    }
    const { refund } = await this.cancel(id, 'report_no_show', side, { reason: note || undefined, sameDay: sameDay && side === 'traveler' });
    return { ...(await this.core.view(id, user.id)), refund };
  }

  /**
   * POST /api/admin/bookings/{id}/cancel-for-guide: an admin cancels an accepted booking on the guide's
   * behalf, exactly as the guide's own cancellation (a replacement offered, or the full refund).
   */
  async cancelForGuide(admin: AuthUser, id: number, reason: string): Promise<Booking & { refund: RefundInfo | null }> {
    const booking = await repo.findBooking(this.core.db, id);
    if (!booking) throw notFound('Booking');
    const { refund } = await this.cancel(id, 'cancel', 'admin', { reason, admin });
    return { ...(await this.core.view(id, booking.travelerId)), refund };
  }

  async quote(user: AuthUser, id: number): Promise<CancellationQuote> {
    const { core } = this;
    const { booking, side } = await core.ownBooking(user, id);
    const now = core.now();
    const cancellable = nextStatus(factsOf(booking), 'cancel', side, { now }).ok;
    const paid = (await repo.depositPayments(core.db, id)).find((p) => p.status === 'succeeded');
    const paidCents = paid?.amountCents ?? 0;
    const replacing = booking.status === 'confirmed' && (await this.replacement.requested(core.db, id))?.status === 'requested';
    const { split, tier } = this.split(booking, paidCents, side, now, undefined, replacing);
    const arrival = refundArrival(!paid || paid.method === 'cash' ? 'card' : paid.method);
    return {
      bookingId: id,
      cancellable,
      cancelledBy: side,
      tier,
      depositPaidCents: paidCents,
      refundCents: split.refundCents,
      refundPercent: paidCents ? Math.round((split.refundCents / paidCents) * 10_000) / 100 : 0,
      guideCents: split.guideCents,
      platformCents: split.platformCents,
      method: paid?.method ?? null,
      ...arrival,
      hoursUntilStart: Math.round(((booking.startsAt.getTime() - now.getTime()) / 3_600_000) * 100) / 100,
      quotedAt: now.toISOString(),
    };
  }

  /** Job handlers: each is a no-op when the booking has moved on (paid, answered, cancelled). */
  async expireUnpaid(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'pending', () => this.cancel(Number(job.payload.bookingId), 'payment_expired', 'system', { now }));
  }

  /** A checkout still unpaid a while after it was made: the traveler is told until when its time is held. */
  async heldUnpaid(job: ClaimedJob, now: Date): Promise<void> {
    const id = Number(job.payload.bookingId);
    await this.ifStatus(job, 'pending', () =>
      this.core.transaction(async (db, publish) => {
        const booking = (await repo.lockBooking(db, id))!;
        if (booking.status !== 'pending') return;
        const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
        await publish('booking.payment_held', { bookingId: id, travelerId: booking.travelerId, guideUserId, paymentDueAt: paymentDueAt(booking).toISOString() });
      }, now),
    );
  }

  async expireRequest(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'confirmed', () => this.cancel(Number(job.payload.bookingId), 'request_expired', 'system', { now }));
  }

  /** Decision 137: nobody chosen (or accepted) by the choice's lapse: the full refund. */
  async lapseReplacement(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'awaiting_replacement', () => this.cancel(Number(job.payload.bookingId), 'replacement_lapsed', 'system', { now }));
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
        await publish('booking.awaiting_start', { bookingId: id, travelerId: booking.travelerId, guideUserId });
      }, now);
    });
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
   * PATCH /api/bookings/{id}/confirm-start (docs/rules/booking-lifecycle.md): on the tour day (guide's zone) either side
   * confirms; the second confirmation makes the tour `ongoing`. Confirming twice changes nothing.
   */
  async confirmStart(user: AuthUser, id: number, userType: Side): Promise<Booking> {
    const { core } = this;
    const { side, guideUserId } = await core.ownBooking(user, id);
    core.checkUserType(side, userType);
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      if ((side === 'traveler' ? booking.travelerConfirmedStart : booking.guideConfirmedStart) && ['start_confirmed', 'ongoing'].includes(booking.status)) return;
      const decision = core.decide(booking, 'start_confirm', side, now);
      if (todayInZone(booking.timeZone, now) < booking.date) throw new AppError('too_early', `The tour starts on ${booking.date}; confirm the start on that day`);
      const row = await repo.transitionBooking(db, id, decision.from, decision.to, side === 'traveler' ? { travelerConfirmedStart: true } : { guideConfirmedStart: true });
      if (!row) return;
      const status = row.status === 'ongoing' ? 'ongoing' : 'start_confirmed';
      await publish('booking.start_confirmed', { bookingId: id, travelerId: row.travelerId, guideUserId, by: side, status });
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
      const deposit = (await repo.depositPayments(db, id)).find((p) => p.status === 'succeeded');
      const extensions = (await repo.extensionsOf(db, id)).filter((e) => e.status === 'confirmed');
      const extensionsCents = extensions.reduce((sum, e) => sum + e.priceCents, 0);
      const commissionCents = booking.commissionCents + Math.round(extensionsCents * core.rates.commissionRate);
      const coveredCents = await replacementCoverCents(db, id);
      const creditCents = booking.creditCents;
      const postings = completionPostings({ depositCents: deposit?.amountCents ?? 0, extensionsCents, commissionCents, coveredCents, creditCents });
      await repo.transitionBooking(db, id, decision.from, decision.to, { completedAt: now });
      await repo.insertPostings(db, id, postings, {
        travelerId: booking.travelerId,
        guideUserId,
        guideAvailableAt: addWorkingDays(now, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone),
      });
      const earnings = postings.find((p) => p.kind === 'guide_earnings')?.amountCents ?? 0;
      await publish('booking.completed', { bookingId: id, travelerId: booking.travelerId, guideUserId, by: side, guideEarningsCents: earnings });
    });
  }
}
