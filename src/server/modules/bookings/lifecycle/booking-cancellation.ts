import { instantBookPausedUntil } from '../../../../shared/booking/instant-book';
import { cancellationSplit, cancellationTier, type RefundSplit } from '../../../../shared/booking/money-rules';
import { noShowSplit } from '../../../../shared/booking/no-show-split';
import { laterTourDay } from '../../../../shared/booking/tour-days';
import type { Actor, BookingStatus } from '../../../../shared/booking/state-machine';
import { AppError } from '../../../lib/app-error';
import { recordAdminAction } from '../../audit/index';
import type { AuthUser } from '../../auth/index';
import type { BookingCore } from '../booking/booking-core';
import type { BookingReplacement } from '../trouble/booking-replacement';
import { heldDepositCents, isPaidDeposit } from '../booking/booking-view';
import * as repo from '../booking/bookings.repository';
import type { BookingRow } from '../booking/bookings.repository';
import { endedBy, tell, type End } from './cancellation-notice';
import {
  issueTravelCredit,
  payBack,
  refundInfoOf,
  type Ctx,
  type Ended,
  type RefundInfo,
} from './cancellation-refunds';
import { cancelOpenChange } from '../changes/change-cancel';
import { undoResellerSale } from '../checkout/on-account';
import * as credits from '../booking/credits.repository';
import { settleExtensions } from '../trouble/missed-day';
import type { ReplacementRow } from '../trouble/replacement.repository';

/** The start a traveler's cancellation is measured against: the earlier of the booked and the current start. */
export const tierStart = (b: Pick<BookingRow, 'startsAt' | 'firstStartsAt'>): Date =>
  b.firstStartsAt && b.firstStartsAt < b.startsAt ? b.firstStartsAt : b.startsAt;

const FULL = (paidCents: number): RefundSplit => ({ refundCents: paidCents, guideCents: 0, platformCents: 0 });

/**
 * Every way a booking is cancelled before its tour (docs/rules/booking-lifecycle.md; ARCHITECTURE.md,
 * "Where a cancellation is decided"): one small function per case — the traveler's, the guide's, an
 * admin's for the guide, a no-show report, the guide's decline, the scheduled expiries and a
 * replacement choice's lapse — each deciding whether money moves at all, and one shared ending (`end`)
 * for the cases that refund: transition, the split's ledger postings, the refund job, the travel
 * credit and the notice, in the booking's transaction. A guide's cancellation that can offer a
 * replacement opens the choice instead, and a replacement guide's decline returns to it (decision
 * 137): no money moves then.
 */
export class BookingCancellation {
  constructor(
    private readonly core: BookingCore,
    private readonly replacement: BookingReplacement,
  ) {}

  /** How a cancellation by `actor` at `now` splits what was paid (decision 004). */
  split(
    booking: BookingRow,
    paidCents: number,
    actor: Actor,
    now: Date,
    event?: 'report_no_show',
    replacing = false,
  ): { split: RefundSplit; tier: string } {
    // Decision 137: the guide cancelled; whether the traveler takes the refund (also while a replacement is
    // asked) or the choice lapses, all of it comes back.
    if (booking.status === 'awaiting_replacement' || replacing) return { split: FULL(paidCents), tier: 'guide' };
    // Decision 138: a guide reported absent refunds everything; a traveler reported absent is the no-show tier.
    // Decision 158: on a later day of several days, only for the days from that day on; the days given are the guide's.
    if (event === 'report_no_show') {
      const later = laterTourDay(booking, now);
      const absent = actor === 'traveler' ? 'guide' : 'traveler';
      const split = noShowSplit({
        depositCents: paidCents,
        commissionCents: booking.commissionCents,
        days: booking.days,
        day: later?.day ?? 1,
        absent,
        commissionRate: this.core.rates.commissionRate,
      });
      return { split, tier: absent === 'traveler' ? 'no_show' : later ? 'missed_day' : 'guide' };
    }
    // The typhoon rule (decision 093): while a JMA warning is in force for the area, either side
    // cancels with everything paid online back to the traveler and nothing kept by the guide or us.
    if (booking.weatherWarning && (actor === 'traveler' || actor === 'guide'))
      return { split: FULL(paidCents), tier: 'weather' };
    if (actor !== 'traveler') return { split: FULL(paidCents), tier: actor === 'guide' ? 'guide' : 'system' };
    // Decision 079: after a reschedule, the stricter tier of the first and the current start.
    const tier = cancellationTier(tierStart(booking), now);
    return {
      split: cancellationSplit({
        depositCents: paidCents,
        cancelledBy: 'traveler',
        tier,
        commissionRate: this.core.rates.commissionRate,
      }),
      tier,
    };
  }

  // ── The cases ────────────────────────────────────────────────────────────────────────────────

  /**
   * The traveler's own cancellation: by the tiers; taking the refund from a replacement choice, or while
   * a replacement guide is asked, is everything back and stays the guide's cancellation (decision 137).
   */
  byTraveler(id: number, reason: string | undefined): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, this.core.now(), async (ctx) =>
      this.end(ctx, { event: 'cancel', actor: 'traveler', reason, replacing: await this.replacing(ctx) }),
    );
  }

  /** The guide's own cancellation: a replacement choice when one can be offered, else the full refund. */
  byGuide(id: number, reason: string | undefined): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, this.core.now(), (ctx) => this.forTheGuide(ctx, 'guide', reason));
  }

  /** An admin's cancellation for the guide: exactly the guide's own, audited, and the guide told. */
  byAdmin(admin: AuthUser, id: number, reason: string): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, this.core.now(), (ctx) => this.forTheGuide(ctx, 'admin', reason, admin));
  }

  /**
   * A no-show report (decision 138). The traveler whose guide did not come may ask for another guide
   * later that day instead of the refund (decision 140), only when one is free.
   */
  noShow(
    id: number,
    side: 'traveler' | 'guide',
    note: string | undefined,
    sameDay: boolean,
  ): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, this.core.now(), async (ctx) => {
      if (side === 'traveler' && sameDay) return this.openSameDayChoice(ctx, note);
      return this.end(ctx, {
        event: 'report_no_show',
        actor: side,
        reason: note,
        replacing: await this.replacing(ctx),
      });
    });
  }

  /**
   * The guide declines a paid request. A replacement guide's decline returns the traveler to the
   * choice (decision 137); the first guide's is the full refund.
   */
  declined(id: number, reason: string): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, this.core.now(), async (ctx) => {
      const asked = await this.askedReplacement(ctx);
      if (!asked) return this.end(ctx, { event: 'decline', actor: 'guide', reason, replacing: false });
      const decision = this.core.decide(ctx.booking, 'decline', 'guide', ctx.now, { replacing: true });
      if (decision.to !== 'awaiting_replacement')
        throw new AppError('invalid_transition', 'A replacement request returns to the choice');
      await this.replacement.returnToChoice(ctx.db, ctx.publish, ctx.booking, asked, decision.to, 'declined', ctx.now);
      return undefined;
    });
  }

  /** Job: the checkout's payment window closed unpaid. */
  paymentExpired(id: number, now: Date): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, now, async (ctx) =>
      this.end(ctx, { event: 'payment_expired', actor: 'system', replacing: await this.replacing(ctx) }),
    );
  }

  /**
   * Job: the guide did not answer the paid request in time: the full refund. The first guide's deadline
   * does not apply to a replacement guide asked since: its own job decides (decision 137).
   */
  requestExpired(id: number, now: Date): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, now, async (ctx) => {
      if (await this.askedReplacement(ctx)) return undefined;
      return this.end(ctx, { event: 'request_expired', actor: 'system', replacing: false });
    });
  }

  /** Job: nobody chosen (or accepted) by the replacement choice's lapse: the full refund (decision 137). */
  replacementLapsed(id: number, now: Date): Promise<{ refund: RefundInfo | null }> {
    return this.run(id, now, async (ctx) =>
      this.end(ctx, { event: 'replacement_lapsed', actor: 'system', replacing: await this.replacing(ctx) }),
    );
  }

  // ── What the cases share ─────────────────────────────────────────────────────────────────────

  /**
   * Decision 194: a booking's ending settles everything open. A trip change still open is closed and what was paid for
   * it comes back whole beside the deposit's share: its refund job joins the ending's, and the refund the traveler is
   * told of counts it when both are in one currency. (An extension is never open here: the state machine ends no
   * booking in `extend_requested` or `extend_confirmed`, `state-machine.test.ts`.)
   */
  private async settleOpenChange(ctx: Ctx, ended: Ended): Promise<Ended> {
    const closed = await cancelOpenChange(ctx.db, this.core, ctx.booking, ctx.guideUserId, ctx.now);
    if (!closed) return ended;
    if (closed.jobId) ended.otherRefundJobs = [...(ended.otherRefundJobs ?? []), closed.jobId];
    if (!ended.refund) ended.refund = refundInfoOf(closed.paid, 0);
    if (ended.refund.currency === closed.paid.currency) ended.refund.amountCents += closed.paid.amountCents;
    return ended;
  }

  /** The booking's transaction (locked, its guide read), then the refund it wrote, run right after the commit. */
  private async run(
    id: number,
    now: Date,
    fn: (ctx: Ctx) => Promise<Ended | undefined>,
  ): Promise<{ refund: RefundInfo | null }> {
    const { core } = this;
    const ended = await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      return fn({ db, publish, booking, guideUserId, now });
    }, now);
    for (const job of [ended?.refundJob, ...(ended?.otherRefundJobs ?? [])])
      if (job) await core.deps.jobs.runNow(job, now);
    return { refund: ended?.refund ?? null };
  }

  /**
   * The guide's cancellation, by them or by an admin for them: the replacement choice if one can be offered
   * (decision 137).
   */
  private async forTheGuide(
    ctx: Ctx,
    actor: 'guide' | 'admin',
    reason: string | undefined,
    admin?: AuthUser,
  ): Promise<Ended | undefined> {
    // A confirmed booking the guide drops costs their instant booking for 30 days (decision 153): in this
    // transaction, so a refused cancellation pauses nothing.
    await repo.pauseInstantBook(ctx.db, ctx.booking.guideId, instantBookPausedUntil(ctx.now));
    if (!(await this.replacement.offerable(ctx.db, ctx.booking, ctx.now))) {
      return this.end(ctx, { event: 'cancel', actor, reason, admin, replacing: await this.replacing(ctx) });
    }
    const decision = this.core.decide(ctx.booking, 'cancel', actor, ctx.now, { replaceable: true });
    await repo.transitionBooking(ctx.db, ctx.booking.id, decision.from, decision.to);
    if (admin) await this.audit(ctx, admin, reason, decision.to);
    await this.replacement.open(ctx.db, ctx.publish, ctx.booking, ctx.guideUserId, reason, ctx.now);
    // The change was asked of the guide who cancelled: it ends with her, whichever guide the traveler takes next.
    return this.settleOpenChange(ctx, { refund: null });
  }

  /**
   * Decision 140: the guide did not come, and the traveler would rather have another guide later that day than the
   * refund now.
   */
  private async openSameDayChoice(ctx: Ctx, note: string | undefined): Promise<undefined> {
    const decision = this.core.decide(ctx.booking, 'report_no_show', 'traveler', ctx.now, { replaceable: true });
    const lapsesAt = await this.replacement.offerableToday(ctx.db, ctx.booking, ctx.now);
    if (!lapsesAt)
      throw new AppError(
        'no_replacement_today',
        'No other guide is free later today; the full refund is still yours to take',
      );
    await repo.transitionBooking(ctx.db, ctx.booking.id, decision.from, decision.to);
    await this.replacement.open(ctx.db, ctx.publish, ctx.booking, ctx.guideUserId, note, ctx.now, lapsesAt);
    return undefined;
  }

  /** The replacement guide asked and not yet answered, locked; only a `confirmed` booking can have one. */
  private async askedReplacement(ctx: Ctx): Promise<ReplacementRow | undefined> {
    const row =
      ctx.booking.status === 'confirmed' ? await this.replacement.requested(ctx.db, ctx.booking.id) : undefined;
    return row?.status === 'requested' ? row : undefined;
  }

  private async replacing(ctx: Ctx): Promise<boolean> {
    return (await this.askedReplacement(ctx)) !== undefined;
  }

  /**
   * An admin's cancellation for the guide is audited with the change it makes, and the guide, who did not do it, is
   * told.
   */
  private async audit(ctx: Ctx, admin: AuthUser, reason: string | undefined, to: BookingStatus): Promise<void> {
    const { booking } = ctx;
    await recordAdminAction(ctx.db, {
      adminUserId: admin.id,
      action: 'booking.cancel_for_guide',
      entityType: 'booking',
      entityId: booking.id,
      before: { status: booking.status },
      after: { status: to },
      note: reason ?? null,
    });
    await ctx.publish('booking.cancelled_for_guide', {
      bookingId: booking.id,
      travelerId: booking.travelerId,
      guideUserId: ctx.guideUserId,
      note: reason ?? '',
    });
  }

  /**
   * The one ending of a cancellation that moves money: the transition with who cancelled and why,
   * a replacement choice closed, a spent credit restored and the travel credit issued (decision 139),
   * the paid deposit released by the split (ledger postings summing to zero) with the refund job, and
   * the notice — all in the booking's transaction.
   */
  private async end(ctx: Ctx, e: End): Promise<Ended> {
    const { db, booking, now } = ctx;
    const id = booking.id;
    const decision = this.core.decide(booking, e.event, e.actor, now);
    const paid = (await repo.depositPayments(db, id)).find(isPaidDeposit);
    const { split } = this.split(
      booking,
      heldDepositCents(booking, paid),
      e.actor,
      now,
      e.event === 'report_no_show' ? e.event : undefined,
      e.replacing,
    );
    const closed =
      booking.status === 'awaiting_replacement' || e.replacing
        ? await this.replacement.refunded(db, id, now)
        : undefined;
    const who = endedBy(e, closed);
    await repo.transitionBooking(db, id, decision.from, decision.to, {
      cancelledAt: now,
      cancelledBy: who.cancelledBy,
      cancelReason: who.cancelReason,
    });
    if (e.admin) await this.audit(ctx, e.admin, e.reason, decision.to);
    // A reseller's booking the guide or the system ends owes the reseller nothing (decision 202).
    if (who.absent !== 'traveler') await undoResellerSale(db, booking, ctx.guideUserId);
    if (booking.creditCents > 0) await credits.restoreCredit(db, id);
    const credit =
      paid && who.guideEnded
        ? await issueTravelCredit(this.core, ctx, who.absent === 'guide' ? 'guide_no_show' : 'guide_cancelled')
        : undefined;
    // Decision 158: a report on a later day of several days ends a tour partly given.
    const later = e.event === 'report_no_show' && who.absent ? laterTourDay(booking, now) : null;
    const ended: Ended = paid ? await payBack(this.core, ctx, paid, split, later !== null) : { refund: null };
    await this.settleOpenChange(ctx, ended);
    // Beside the deposit's other parts and an open change's refund, not in their place.
    if (later && who.absent)
      ended.otherRefundJobs = [
        ...(ended.otherRefundJobs ?? []),
        ...(await settleExtensions(
          db,
          this.core,
          booking,
          { travelerId: booking.travelerId, guideUserId: ctx.guideUserId },
          later.day,
          who.absent,
          now,
        )),
      ];
    const day =
      e.event === 'report_no_show' && booking.days > 1 ? { day: later?.day ?? 1, days: booking.days } : undefined;
    await tell(ctx, e, who, closed, ended.refund ?? { amountCents: 0, currency: booking.chargeCurrency }, credit, day);
    return ended;
  }
}
