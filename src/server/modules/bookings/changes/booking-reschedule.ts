import { minutesToTime } from '../../../../shared/availability';
import { bookingRulesOf, startOfTourDay, timeToMinutes } from '../../../../shared/booking/schedule';
import { tourDates } from '../../../../shared/booking/tour-days';
import type { Booking } from '../../../../shared/schemas/bookings';
import { RESCHEDULE_ANSWER_HOURS, type RescheduleBody } from '../../../../shared/schemas/reschedule';
import { pgErrorCode, type Database } from '../../../db/client';
import { enqueueJob, type ClaimedJob } from '../../../jobs/index';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import { JOB, type BookingCore, type Side } from '../booking/booking-core';
import { respondBy } from '../booking/booking-view';
import * as repo from '../booking/bookings.repository';
import { guideBusyRanges } from '../booking/busy.repository';
import type { BookingRow } from '../booking/bookings.repository';
import * as rescheduleRepo from './reschedule.repository';
import type { RescheduleRow } from './reschedule.repository';
import { takeSlot } from '../booking/time-rules';
import { holdDays, spanWindow } from '../booking/tour-span';

const HOUR_MS = 3_600_000;

/**
 * Rescheduling (decision 079): either side of a `confirmed` or `upcoming` booking
 * proposes a new date and start time (a booking of several days: a new first day, its hours kept); the other side
 * accepts (the booking moves in one transaction under the guide's schedule lock, the slot checked again) or declines
 * with a reason. The price stays; the first start is kept so a later cancellation is refunded by the stricter tier. At
 * most one open proposal per booking; it expires at the earlier of 48 h and the booking's start when proposed.
 */
export class BookingReschedule {
  constructor(private readonly core: BookingCore) {}

  async propose(user: AuthUser, id: number, body: RescheduleBody): Promise<Booking> {
    const { core } = this;
    const { booking, side, guideUserId } = await core.ownBooking(user, id);
    const now = core.now();
    core.decide(booking, 'reschedule', side, now);
    const startMinute = timeToMinutes(body.startTime)!;
    // Several days move together to a new first day and keep their hours (decision 154): each day
    // is checked as a new booking of several days would be (freeSlot).
    if (booking.days > 1 && startMinute !== booking.startMinute) {
      throw new AppError(
        'validation_failed',
        'A booking of several days moves to a new first day and keeps its hours',
        [{ path: 'startTime', message: `the booked start, ${minutesToTime(booking.startMinute)}` }],
      );
    }
    if (body.date === booking.date && startMinute === booking.startMinute) {
      throw new AppError('same_time', 'Propose a time other than the booked one', [
        { path: 'startTime', message: 'the booked time' },
      ]);
    }
    try {
      await core.transaction(async (db, publish) => {
        const locked = (await repo.lockBooking(db, id))!;
        core.decide(locked, 'reschedule', side, now);
        const open = await rescheduleRepo.openProposal(db, id);
        if (open && open.expiresAt > now)
          throw new AppError('reschedule_open', 'This booking already has an open proposal for a new time');
        if (open) await rescheduleRepo.closeProposal(db, open.id, { status: 'expired', decidedAt: now });
        const slot = await this.freeSlot(db, locked, body.date, startMinute, now);
        const row = await rescheduleRepo.insertProposal(db, {
          bookingId: id,
          proposedBy: side,
          proposerId: user.id,
          date: body.date,
          startMinute,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          fromDate: locked.date,
          fromStartMinute: locked.startMinute,
          fromStartsAt: locked.startsAt,
          reason: body.reason || null,
          expiresAt: new Date(Math.min(now.getTime() + RESCHEDULE_ANSWER_HOURS * HOUR_MS, locked.startsAt.getTime())),
          createdAt: now,
        });
        await enqueueJob(db, {
          kind: JOB.rescheduleExpiry,
          payload: { bookingId: id, proposalId: row.id },
          runAt: row.expiresAt,
          dedupeKey: `${JOB.rescheduleExpiry}:${row.id}`,
        });
        await publish('booking.reschedule_proposed', {
          ...this.parties(booking, guideUserId),
          proposalId: row.id,
          by: side,
          date: row.date,
          startTime: minutesToTime(row.startMinute),
          days: booking.days,
          reason: row.reason,
          expiresAt: row.expiresAt.toISOString(),
        });
      });
    } catch (err) {
      // Two proposals at once: the partial unique index lets one through.
      if (pgErrorCode(err) === '23505')
        throw new AppError('reschedule_open', 'This booking already has an open proposal for a new time');
      throw err;
    }
    return core.view(id, user.id);
  }

  /** The other side accepts: the booking moves to the proposed slot, checked again (409 when taken since). */
  async accept(user: AuthUser, id: number, proposalId: number): Promise<Booking> {
    const { core } = this;
    const { booking, side, guideUserId } = await core.ownBooking(user, id);
    const now = core.now();
    try {
      await core.transaction(async (db, publish) => {
        await repo.lockGuideSchedule(db, booking.guideId);
        const locked = (await repo.lockBooking(db, id))!;
        const p = await this.answerable(db, locked, proposalId, side, now);
        const slot = await this.freeSlot(db, locked, p.date, p.startMinute, now);
        await core.claimTravelerTime(db, locked.travelerId, slot.startsAt, slot.endsAt, now, locked.id);
        const moved = await rescheduleRepo.moveBooking(db, locked, locked.status, {
          date: p.date,
          startMinute: p.startMinute,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
        });
        if (!moved) throw new AppError('invalid_transition', 'The booking changed meanwhile');
        const closed = (await rescheduleRepo.closeProposal(db, p.id, { status: 'accepted', decidedAt: now }))!;
        await this.followNewTime(db, locked, moved, p.id);
        await publish('booking.rescheduled', {
          ...this.parties(booking, guideUserId),
          proposalId: closed.id,
          by: side,
          fromDate: closed.fromDate,
          fromStartTime: minutesToTime(closed.fromStartMinute),
          date: closed.date,
          startTime: minutesToTime(closed.startMinute),
          days: locked.days,
        });
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === '23P01' || code === '40P01')
        throw new AppError('slot_unavailable', 'This time is no longer available');
      throw err;
    }
    return core.view(id, user.id);
  }

  async decline(user: AuthUser, id: number, proposalId: number, reason: string): Promise<Booking> {
    const { core } = this;
    const { booking, side, guideUserId } = await core.ownBooking(user, id);
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const locked = (await repo.lockBooking(db, id))!;
      const p = await this.answerable(db, locked, proposalId, side, now);
      const proposal = (await rescheduleRepo.closeProposal(db, p.id, {
        status: 'declined',
        decidedAt: now,
        declineReason: reason,
      }))!;
      await publish('booking.reschedule_declined', {
        ...this.parties(booking, guideUserId),
        proposalId: proposal.id,
        by: side,
        date: proposal.date,
        startTime: minutesToTime(proposal.startMinute),
        days: locked.days,
        reason,
      });
    });
    return core.view(id, user.id);
  }

  /** Job: an unanswered proposal closes at its expiry (a no-op when it was answered first). */
  async expire(job: ClaimedJob, now: Date): Promise<void> {
    const { core } = this;
    const id = Number(job.payload.proposalId);
    const bookingId = Number(job.payload.bookingId);
    await core.transaction(async (db, publish) => {
      const closed = await rescheduleRepo.closeProposal(db, id, { status: 'expired', decidedAt: now });
      if (!closed) return;
      const booking = (await repo.findBooking(db, bookingId))!;
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      await publish('booking.reschedule_expired', {
        ...this.parties(booking, guideUserId),
        proposalId: id,
        proposedBy: closed.proposedBy,
        date: closed.date,
        startTime: minutesToTime(closed.startMinute),
        days: booking.days,
      });
    }, now);
  }

  private parties(b: BookingRow, guideUserId: number) {
    return { bookingId: b.id, travelerId: b.travelerId, guideUserId };
  }

  /** The proposal, if it is open, unexpired, on a booking that may still move, and `side` is the one to answer it. */
  private async answerable(
    db: Database,
    booking: BookingRow,
    proposalId: number,
    side: Side,
    now: Date,
  ): Promise<RescheduleRow> {
    const p = await rescheduleRepo.proposalOf(db, booking.id, proposalId, true);
    if (!p) throw notFound('Proposal');
    if (p.status !== 'open' || p.expiresAt <= now)
      throw new AppError(
        'reschedule_closed',
        `This proposal is no longer open (${p.status === 'open' ? 'expired' : p.status})`,
      );
    this.core.decide(booking, 'reschedule', side, now);
    if (p.proposedBy === side) throw new AppError('forbidden', 'The other side answers this proposal');
    return p;
  }

  /**
   * The slot at `date` `startMinute` if the guide is free then for the booking's length (its own time
   * aside), with the guide's notice and buffer as now (decision 153); else the refusal saying why.
   */
  private async freeSlot(db: Database, booking: BookingRow, date: string, startMinute: number, now: Date) {
    const { weekly, exceptions } = await repo.guideSchedule(db, booking.guideId, tourDates(date, booking.days));
    const guide = await repo.guideForBooking(db, booking.guideId);
    if (!guide) throw new AppError('slot_unavailable', 'This time is no longer available');
    const [from, to] = spanWindow(date, booking.days);
    const busy = await guideBusyRanges(db, booking.guideId, from, to, booking.id);
    const q = {
      date,
      durationMinutes: booking.durationMinutes,
      timeZone: booking.timeZone,
      weekly,
      exceptions,
      busy,
      now,
      ...bookingRulesOf(guide),
    };
    // Several days: each day in the guide's hours (409 day_unavailable naming the days that are not),
    // then the whole span against other tours, the notice and the buffer, as the checkout asks (tour-span.ts).
    return booking.days > 1 ? holdDays({ ...q, days: booking.days, startMinute }) : takeSlot(q, startMinute);
  }

  /**
   * Scheduled steps follow the new time: an accepted booking gets a start-day job for its new date
   * (the handler ignores a job whose day is not the booking's); a paid request's answer deadline never
   * moves later, and comes earlier when the tour now starts before it.
   */
  private async followNewTime(db: Database, before: BookingRow, after: BookingRow, proposalId: number) {
    if (after.status === 'upcoming') {
      await enqueueJob(db, {
        kind: JOB.startDay,
        payload: { bookingId: after.id },
        runAt: startOfTourDay(after.date, after.timeZone),
        dedupeKey: `${JOB.startDay}:${after.id}:r${proposalId}`,
      });
    }
    const oldDeadline = respondBy(before);
    const newDeadline = respondBy(after);
    if (after.status === 'confirmed' && oldDeadline && newDeadline && newDeadline < oldDeadline) {
      await enqueueJob(db, {
        kind: JOB.requestExpiry,
        payload: { bookingId: after.id },
        runAt: newDeadline,
        dedupeKey: `${JOB.requestExpiry}:${after.id}:r${proposalId}`,
      });
    }
  }
}
