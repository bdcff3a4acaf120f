import { chargeColumns } from '../../../../shared/booking/charge';
import type { Currency } from '../../../../shared/currency';
import { BOOKING_HORIZON_DAYS, bookingRulesOf, withinBookingHorizon } from '../../../../shared/booking/schedule';
import { declaredOvertimeRateCents } from '../../../../shared/booking/money-rules';
import { offerBookingPrice } from '../../../../shared/offers/offer-rules';
import type { Booking } from '../../../../shared/schemas/bookings';
import { pgErrorCode, type Database } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import type { BookingCore } from '../booking/booking-core';
import type { OfferSource, OfferTerms } from '../booking/offer-terms';
import * as repo from '../booking/bookings.repository';
import { guideBusyRanges } from '../booking/busy.repository';
import type { BookingRow } from '../booking/bookings.repository';
import { insertNewBooking } from './new-booking';
import { assertTimeFree } from '../booking/time-rules';

/**
 * The booking horizon for every way into a booking (decision 106): the checkout asks it through its
 * slots, a guide's offer here, when it is made and again when it is booked. What a guide may choose for
 * their own offer (hours outside the weekly schedule) protects the guide; the calendar is everyone's
 * rule, and the guide's own notice and buffer hold for their offers too (decision 153).
 */
export function assertBookableDay(date: string, timeZone: string, now: Date): void {
  if (!withinBookingHorizon(date, timeZone, now)) {
    throw new AppError('date_out_of_range', `Tours can be booked from today up to ${BOOKING_HORIZON_DAYS} days ahead`, [
      { path: 'date', message: `within ${BOOKING_HORIZON_DAYS} days` },
    ]);
  }
}

/**
 * Booking a guide's offer (decision 078): the terms and the fee come from the offer, the deposit
 * rule is the usual one, the slot is checked again under the guide's lock, and the database's
 * `bookings_offer_key` makes one offer book once even across instances.
 */
export class BookingFromOffer {
  constructor(
    private readonly core: BookingCore,
    private readonly offers: OfferSource,
  ) {}

  async create(user: AuthUser, offerId: number, seen: Currency = 'CNY'): Promise<Booking> {
    const { core } = this;
    const now = core.now();
    const rate = await core.deps.fx.current();
    let made: { booking: BookingRow; guideUserId: number };
    try {
      made = await core.transaction(async (db, publish) => {
        const terms = await this.offers.termsForBooking(db, user, offerId, now);
        assertBookableDay(terms.date, terms.timeZone, now);
        const guide = await this.freeGuide(db, user, terms, now);
        const price = offerBookingPrice({
          priceCents: terms.priceCents,
          hours: (terms.days * terms.durationMinutes) / 60,
          ...core.rates,
        });
        const booking = await insertNewBooking(
          db,
          publish,
          {
            travelerId: user.id,
            guideId: guide.id,
            date: terms.date,
            startMinute: terms.startMinute,
            durationMinutes: terms.durationMinutes,
            days: terms.days,
            timeZone: terms.timeZone,
            startsAt: terms.startsAt,
            endsAt: terms.endsAt,
            travelers: terms.travelers,
            subcategoryId: terms.subcategoryId,
            unitPriceCents: price.unitPriceCents,
            additionalPerPersonCents: price.additionalPerPersonCents,
            totalPriceCents: price.totalCents,
            depositCents: price.depositCents,
            commissionCents: price.commissionCents,
            currency: terms.currency,
            ...chargeColumns(terms.currency, price.depositCents, seen, terms.rate ?? rate),
            meetingAddress: terms.meetingAddress,
            meetingPostalCode: terms.meetingPostalCode,
            meetingLat: terms.meetingLat,
            meetingLng: terms.meetingLng,
            notes: terms.itinerary.slice(0, 1000),
            offerId: terms.offerId,
            // The offer's flat price has no group lines; the guide's overtime rate still prices its extensions
            // (decision 152).
            overtimeRateCents: declaredOvertimeRateCents(guide.extras),
            createdAt: now,
            updatedAt: now,
          },
          { guideUserId: guide.userId, fromOffer: true },
        );
        return { booking, guideUserId: guide.userId };
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === '23P01' || code === '40P01')
        throw new AppError('slot_unavailable', 'This time is no longer available');
      if (code === '23505')
        throw new AppError('offer_closed', 'This offer has already been booked', [
          { path: 'offerId', message: 'booked' },
        ]);
      throw err;
    }
    return core.view(made.booking.id, user.id);
  }

  /**
   * The offer's guide, still bookable (404, or 409 for one's own listing) and free at its hours, in the
   * booking's transaction: the guide's schedule locked, the traveler's hours claimed, then the guide's
   * bookings around them read.
   */
  private async freeGuide(db: Database, user: AuthUser, terms: OfferTerms, now: Date): Promise<repo.GuideForBooking> {
    const { core } = this;
    const guide = await repo.guideForBooking(db, terms.guideId);
    if (!guide || guide.status !== 'active') throw notFound('Guide');
    if (guide.userId === user.id) throw new AppError('own_listing', 'You cannot book your own listing');
    await repo.lockGuideSchedule(db, guide.id);
    // The traveler's other bookings at those hours: 409 traveler_busy (their own unpaid checkout is released).
    await core.claimTravelerTime(db, user.id, terms.startsAt, terms.endsAt, now);
    // The guide's buffer as now (decision 153); their notice was asked when they made the offer,
    // whose time they chose knowing it, so booking it later only needs the start still ahead.
    const around = guide.bufferMinutes * 60_000;
    const busy = await guideBusyRanges(
      db,
      guide.id,
      new Date(terms.startsAt.getTime() - around),
      new Date(terms.endsAt.getTime() + around),
    );
    assertTimeFree({
      startsAt: terms.startsAt,
      endsAt: terms.endsAt,
      busy,
      now,
      ...bookingRulesOf(guide),
      minNoticeMinutes: 0,
    });
    return guide;
  }
}
