import { ownAmountOf } from '../../../../shared/booking/charge';
import {
  replacementAnswerBy,
  replacementLapsesAt,
  sameDayAnswerBy,
  sameDayLapsesAt,
} from '../../../../shared/booking/replacement';
import { minutesToTime } from '../../../../shared/availability';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementsReply } from '../../../../shared/schemas/replacements';
import { pgErrorCode, type Database } from '../../../db/client';
import type { BookedPrice } from '../../../db/schema/index';
import { enqueueJob, type ClaimedJob } from '../../../jobs/index';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import { JOB, type BookingCore, type Publish } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import { isPaidDeposit } from '../booking/booking-view';
import type { BookingRow } from '../booking/bookings.repository';
import * as replacements from './replacement.repository';
import type { ReplacementRow } from './replacement.repository';
import { replacementCandidates, shownCandidate } from './replacement-candidates';
import type { Choice } from './replacement-offers';

const bookedPriceOf = (b: BookingRow): BookedPrice => ({
  unitPriceCents: b.unitPriceCents,
  additionalPerPersonCents: b.additionalPerPersonCents,
  totalPriceCents: b.totalPriceCents,
  commissionCents: b.commissionCents,
});

/** When the tour is, as the notices name it: the first date, the daily start and the days (decision 154). */
const whenOf = (b: BookingRow) => ({ date: b.date, startTime: minutesToTime(b.startMinute), days: b.days });

/**
 * A replacement guide when the booked one cancels (decision 137). The guide's cancellation of a paid
 * booking opens a choice instead of refunding at once, when free guides exist and there is time: the
 * traveler picks one of up to three, the booking moves to that guide as a paid request (the deposit
 * stays, no second charge), and their accept makes it `upcoming` again. A decline or silence returns
 * the traveler to the choice; taking the refund, or letting the choice lapse, refunds everything.
 */
export class BookingReplacement {
  constructor(private readonly core: BookingCore) {}

  /** The paid deposit of a booking, if it was paid. */
  private async paidDeposit(db: Database, id: number) {
    return (await repo.depositPayments(db, id)).find(isPaidDeposit);
  }

  /**
   * Whether the guide's cancellation of `booking` at `now` offers a replacement (the state machine's `replaceable`).
   */
  async offerable(db: Database, booking: BookingRow, now: Date): Promise<boolean> {
    // Several days find guides free on every day of the span (decision 154, amended).
    if (now >= replacementLapsesAt(booking.startsAt)) return false;
    const paid = await this.paidDeposit(db, booking.id);
    if (!paid) return false;
    const list = await replacementCandidates(
      this.core,
      db,
      booking,
      {
        fromGuideId: booking.guideId,
        price: bookedPriceOf(booking),
        exclude: [booking.guideId],
        depositPaidCents: ownAmountOf(paid),
        sameDay: false,
      },
      now,
    );
    return list.length > 0;
  }

  /**
   * Whether, the guide not having come, another guide is free later that day (decision 140): when the
   * choice would lapse (the earlier of its hours and the last start one of the guides offered can
   * still be chosen for), or null with nobody free.
   */
  async offerableToday(db: Database, booking: BookingRow, now: Date): Promise<Date | null> {
    const paid = await this.paidDeposit(db, booking.id);
    if (!paid) return null;
    const list = await replacementCandidates(
      this.core,
      db,
      booking,
      {
        fromGuideId: booking.guideId,
        price: bookedPriceOf(booking),
        exclude: [booking.guideId],
        depositPaidCents: ownAmountOf(paid),
        sameDay: true,
      },
      now,
    );
    if (list.length === 0) return null;
    return sameDayLapsesAt(now, new Date(Math.max(...list.map((c) => c.lastStartsAt.getTime()))));
  }

  /**
   * In the cancelling (or reporting) transaction, after the move to `awaiting_replacement`: the choice,
   * its lapse, and the traveler told with the time to choose by (after the guide's no-show too, though they
   * asked for it: they may leave the page while waiting at the meeting point).
   * `reason` is the cancelling side's (the guide's, or the admin's for them), or after a no-show the
   * traveler's note, which the guide reads now and again if the choice ends in the refund.
   */
  async open(
    db: Database,
    publish: Publish,
    booking: BookingRow,
    guideUserId: number,
    reason: string | undefined,
    now: Date,
    sameDayLapse?: Date,
  ): Promise<void> {
    const sameDay = sameDayLapse !== undefined;
    const lapsesAt = sameDayLapse ?? replacementLapsesAt(booking.startsAt);
    const row = await replacements.insertReplacement(db, {
      bookingId: booking.id,
      fromGuideId: booking.guideId,
      reason: reason ?? null,
      bookedPrice: bookedPriceOf(booking),
      lapsesAt,
      createdAt: now,
      ...(sameDay
        ? {
            sameDay,
            bookedStartMinute: booking.startMinute,
            bookedStartsAt: booking.startsAt,
            bookedEndsAt: booking.endsAt,
          }
        : {}),
    });
    await enqueueJob(db, {
      kind: JOB.replacementLapse,
      payload: { bookingId: booking.id, replacementId: row.id },
      runAt: lapsesAt,
      dedupeKey: `${JOB.replacementLapse}:${row.id}`,
    });
    const told = {
      bookingId: booking.id,
      travelerId: booking.travelerId,
      guideUserId,
      note: reason ?? null,
      lapsesAt: lapsesAt.toISOString(),
      ...whenOf(booking),
    };
    if (sameDay) await publish('booking.no_show_replacing', told);
    else await publish('booking.replacement_offered', told);
  }

  /** GET /api/v2/bookings/{id}/replacements: the traveler's choice (404 for anyone else, the guide included). */
  async list(user: AuthUser, id: number): Promise<ReplacementsReply> {
    const { booking, side } = await this.core.ownBooking(user, id);
    if (side !== 'traveler') throw notFound('Booking');
    const db = this.core.db;
    const row = await replacements.latestReplacement(db, id);
    const paid = await this.paidDeposit(db, id);
    const depositPaidCents = paid ? ownAmountOf(paid) : 0;
    const open = row?.status === 'open' && booking.status === 'awaiting_replacement' && this.core.now() < row.lapsesAt;
    const list = open
      ? await replacementCandidates(this.core, db, booking, this.choiceOf(row!, depositPaidCents), this.core.now())
      : [];
    return {
      bookingId: id,
      status: row?.status ?? null,
      sameDay: row?.sameDay ?? false,
      lapsesAt: row?.lapsesAt.toISOString() ?? null,
      requestedGuideId: row?.status === 'requested' ? row.toGuideId : null,
      answerBy: row?.status === 'requested' ? (row.answerBy?.toISOString() ?? null) : null,
      bookedTotalCents: row?.bookedPrice.totalPriceCents ?? booking.totalPriceCents,
      depositPaidCents,
      candidates: list.map(shownCandidate),
    };
  }

  private choiceOf(row: ReplacementRow, depositPaidCents: number): Choice {
    return {
      fromGuideId: row.fromGuideId,
      price: row.bookedPrice,
      exclude: [row.fromGuideId, ...row.triedGuideIds],
      depositPaidCents,
      sameDay: row.sameDay,
    };
  }

  /**
   * POST /api/v2/bookings/{id}/replacements {guideId}: under the chosen guide's schedule lock (then the
   * booking's, then the traveler's, the checkout's order), the guide is checked again and the booking
   * becomes theirs as a paid request. Two travelers choosing one guide for the same hours: the lock
   * serialises them and the second finds the guide busy (409 replacement_unavailable).
   */
  async choose(user: AuthUser, id: number, guideId: number, startsAt?: string): Promise<Booking> {
    const { core } = this;
    const { side } = await core.ownBooking(user, id);
    if (side !== 'traveler') throw notFound('Booking');
    const now = core.now();
    try {
      await core.transaction(async (db, publish) => {
        const { booking, row, decision, asked, pick } = await this.chosen(db, id, guideId, startsAt, now);
        // A same-day replacement (decision 140) moves the tour to that guide's time, and its start is confirmed afresh;
        // on day 1 of several days only day 1 moves: `startMinute`, the other days' start, stays as booked (the
        // pick's).
        const time = row.sameDay
          ? {
              startMinute: pick.startMinute,
              startsAt: new Date(pick.startsAt),
              endsAt: pick.endsAt,
              travelerConfirmedStart: false,
              guideConfirmedStart: false,
            }
          : null;
        // A same-day choice sent without its start takes the guide's first one: those hours are claimed now.
        if (!asked) await core.claimTravelerTime(db, booking.travelerId, time!.startsAt, time!.endsAt, now, id);
        await repo.transitionBooking(db, id, decision.from, decision.to, {
          ...time,
          guideId,
          unitPriceCents: pick.unitPriceCents,
          additionalPerPersonCents: pick.additionalPerPersonCents,
          totalPriceCents: pick.totalCents,
          commissionCents: pick.commissionCents,
          // The traveler's price is now the new guide's less what the platform covers: it has no lines
          // of its own (one base line) and an extension costs its hourly average (decision 152).
          priceLines: null,
          overtimeRateCents: null,
          cancelledAt: null,
          cancelledBy: null,
          cancelReason: null,
        });
        const answerBy = row.sameDay
          ? sameDayAnswerBy(now, new Date(pick.startsAt))
          : replacementAnswerBy(now, booking.startsAt);
        await replacements.updateReplacement(db, row.id, {
          status: 'requested',
          toGuideId: guideId,
          requestedAt: now,
          answerBy,
          coveredCents: pick.coveredCents,
        });
        await enqueueJob(db, {
          kind: JOB.replacementAnswer,
          payload: { bookingId: id, replacementId: row.id, guideId },
          runAt: answerBy,
          dedupeKey: `${JOB.replacementAnswer}:${row.id}:${guideId}`,
        });
        await publish('booking.replacement_requested', {
          bookingId: id,
          travelerId: booking.travelerId,
          guideUserId: pick.guideUserId,
          answerBy: answerBy.toISOString(),
          coveredCents: pick.coveredCents,
          ...whenOf(booking),
          ...(row.sameDay ? { firstStartTime: pick.scheduledStartTime } : {}),
        });
      });
    } catch (err) {
      // The database's no-overlap constraint is the last word between writers that missed the lock.
      const code = pgErrorCode(err);
      if (code === '23P01' || code === '40P01')
        throw new AppError('replacement_unavailable', 'This guide can no longer take the tour; choose another');
      throw err;
    }
    return core.view(id, user.id);
  }

  /**
   * `choose`'s checks, in its transaction: the guide's schedule, the booking and its open choice
   * locked in the checkout's order, the traveler's hours claimed when the choice names them, and the
   * chosen guide found free again (409 replacement_closed, traveler_busy, replacement_unavailable).
   * `asked`: the hours claimed, null for a same-day choice sent without its start.
   */
  private async chosen(db: Database, id: number, guideId: number, startsAt: string | undefined, now: Date) {
    const { core } = this;
    await repo.lockGuideSchedule(db, guideId);
    const booking = (await repo.lockBooking(db, id))!;
    const row = await replacements.openReplacement(db, id, true);
    if (!row || row.status !== 'open' || booking.status !== 'awaiting_replacement' || now >= row.lapsesAt) {
      throw new AppError('replacement_closed', 'Choosing a replacement guide is no longer open for this booking');
    }
    const decision = core.decide(booking, 'choose_replacement', 'traveler', now);
    const paid = (await this.paidDeposit(db, id))!;
    // The traveler's own hours first: booked elsewhere since the list was read, the refusal names
    // that booking (409 traveler_busy) instead of saying the guide can no longer come.
    // A same-day start is the chosen guide's; several days keep their last day's end (decision 140, amended).
    const sameDayEnd = (from: string) =>
      booking.days > 1 ? booking.endsAt : new Date(Date.parse(from) + booking.durationMinutes * 60_000);
    const asked = !row.sameDay
      ? { from: booking.startsAt, to: booking.endsAt }
      : startsAt === undefined
        ? null
        : { from: new Date(startsAt), to: sameDayEnd(startsAt) };
    if (asked) await core.claimTravelerTime(db, booking.travelerId, asked.from, asked.to, now, id);
    const [pick] = await replacementCandidates(
      this.core,
      db,
      booking,
      { ...this.choiceOf(row, ownAmountOf(paid)), only: guideId },
      now,
    );
    if (!pick || (startsAt !== undefined && Date.parse(startsAt) !== Date.parse(pick.startsAt)))
      throw new AppError('replacement_unavailable', 'This guide can no longer take the tour; choose another', [
        { path: 'guideId', message: 'unavailable' },
      ]);
    return { booking, row, decision, asked, pick };
  }

  /** The open replacement of a booking, locked (the lifecycle asks before a decline or an expiry). */
  requested(db: Database, bookingId: number) {
    return replacements.openReplacement(db, bookingId, true);
  }

  /**
   * The asked guide declined or did not answer: the booking returns to the traveler's choice, with
   * the cancelling guide and the booked price again, and this guide is not offered again. The
   * choice still lapses at its time (at once when that has passed).
   */
  async returnToChoice(
    db: Database,
    publish: Publish,
    booking: BookingRow,
    row: ReplacementRow,
    to: 'awaiting_replacement',
    how: 'declined' | 'expired',
    now: Date,
  ): Promise<void> {
    const asked = booking.guideId;
    const bookedTime =
      row.sameDay && row.bookedStartsAt && row.bookedEndsAt && row.bookedStartMinute !== null
        ? { startMinute: row.bookedStartMinute, startsAt: row.bookedStartsAt, endsAt: row.bookedEndsAt }
        : {};
    await repo.transitionBooking(db, booking.id, booking.status, to, {
      guideId: row.fromGuideId,
      ...row.bookedPrice,
      ...bookedTime,
    });
    await replacements.updateReplacement(db, row.id, {
      status: 'open',
      toGuideId: null,
      requestedAt: null,
      answerBy: null,
      coveredCents: 0,
      triedGuideIds: [...row.triedGuideIds, asked],
    });
    const runAt = row.lapsesAt > now ? row.lapsesAt : now;
    await enqueueJob(db, {
      kind: JOB.replacementLapse,
      payload: { bookingId: booking.id, replacementId: row.id },
      runAt,
      dedupeKey: `${JOB.replacementLapse}:${row.id}:${asked}`,
    });
    const guideUserId = (await repo.guideUserIdOf(db, row.fromGuideId))!;
    await publish('booking.replacement_declined', {
      bookingId: booking.id,
      travelerId: booking.travelerId,
      guideUserId,
      how,
      lapsesAt: row.lapsesAt.toISOString(),
      attempt: row.triedGuideIds.length + 1,
    });
  }

  /** The asked guide accepted: the hand-over is done; the row, if it was one. */
  async handedOver(db: Database, bookingId: number, now: Date): Promise<ReplacementRow | undefined> {
    const row = await replacements.openReplacement(db, bookingId, true);
    if (row?.status !== 'requested') return undefined;
    return replacements.updateReplacement(db, row.id, { status: 'handed_over', closedAt: now });
  }

  /** The choice ended in the refund (taken, or lapsed): closed with the booking's cancellation. */
  async refunded(db: Database, bookingId: number, now: Date): Promise<ReplacementRow | undefined> {
    const row = await replacements.openReplacement(db, bookingId, true);
    if (row) await replacements.updateReplacement(db, row.id, { status: 'refunded', closedAt: now });
    return row;
  }

  /** Job: the asked guide's answer is due; only if that guide is still the one asked. */
  isStillAsked(job: ClaimedJob, row: ReplacementRow | undefined): boolean {
    return (
      row?.status === 'requested' &&
      row.id === Number(job.payload.replacementId) &&
      row.toGuideId === Number(job.payload.guideId)
    );
  }
}
