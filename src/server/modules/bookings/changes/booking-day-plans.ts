import type { StoredDayPlan } from '../../../../shared/booking/family-plans';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import type { Locale } from '../../../../shared/locales';
import type { DayPlansBody } from '../../../../shared/schemas/booking-family';
import type { Booking } from '../../../../shared/schemas/bookings';
import { AppError } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import type { BookingCore } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import { dayPlansNote } from './day-plans-note';
import { setDayPlans } from './day-plans.repository';
import { storedDayPlans } from '../booking/family-plans';

/** A booking past planning: over, called off, or in dispute. */
const CLOSED: readonly BookingStatus[] = ['completed', 'cancelled', 'disputed'];

const sameDay = (a: StoredDayPlan | undefined, b: StoredDayPlan | undefined) =>
  (a?.meetingAddress ?? null) === (b?.meetingAddress ?? null) &&
  (a?.meetingLat ?? null) === (b?.meetingLat ?? null) &&
  (a?.meetingPostalCode ?? null) === (b?.meetingPostalCode ?? null) &&
  (a?.startTime ?? null) === (b?.startTime ?? null) &&
  (a?.plan ?? null) === (b?.plan ?? null);

/**
 * The plan for each day agreed after the checkout (decision 178): either side of a booking not yet
 * over replaces the plans whole (`PUT /api/v2/bookings/{id}/day-plans`). The chat carries a line about
 * what changed and the other side is told (`booking.day_plans_updated`); an unpaid checkout's plans
 * are the traveler's draft, which the guide has not been asked about yet, so nobody is told of them.
 */
export class BookingDayPlans {
  constructor(private readonly core: BookingCore) {}

  async update(user: AuthUser, id: number, body: DayPlansBody, locale: Locale): Promise<Booking> {
    const { core } = this;
    // Another's booking is 404 before anything else is said about it.
    await core.ownBooking(user, id);
    const now = core.now();
    await core.transaction(async (db, publish) => {
      const booking = (await repo.lockBooking(db, id))!;
      if (CLOSED.includes(booking.status))
        throw new AppError('booking_closed', `A ${booking.status} booking has no plans left to agree`);
      const beyond = body.dayPlans.findIndex((p) => p.day > booking.days);
      if (beyond >= 0) {
        throw new AppError('validation_failed', `This booking has ${booking.days} day(s)`, [
          { path: `body.dayPlans.${beyond}.day`, message: `a day from 1 to ${booking.days}` },
        ]);
      }
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      const by = booking.travelerId === user.id ? 'traveler' : 'guide';
      const before = booking.dayPlans ?? [];
      const plans = storedDayPlans(body.dayPlans, by, before);
      await setDayPlans(db, id, plans, now);
      const changed = Array.from({ length: booking.days }, (_, i) => i + 1).filter(
        (day) =>
          !sameDay(
            before.find((p) => p.day === day),
            plans.find((p) => p.day === day),
          ),
      );
      if (!changed.length || booking.status === 'pending') return;
      await publish('booking.day_plans_updated', {
        bookingId: id,
        travelerId: booking.travelerId,
        guideUserId,
        guideId: booking.guideId,
        by,
        days: changed,
        note: dayPlansNote(booking, plans, changed, locale),
        at: now.toISOString(),
      });
    });
    return core.view(id, user.id);
  }
}
