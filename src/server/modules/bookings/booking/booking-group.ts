import { declaredOvertimeRateCents, groupSize, type BookingPrice } from '../../../../shared/booking/money-rules';
import { guideRates, tripPrice, type RateColumns, type TripLength } from '../../../../shared/booking/trip-price';
import { checkoutGroup, type CheckoutGroup } from '../../../../shared/booking/checkout-group';
import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import { AppError } from '../../../lib/app-error';
import type { GuideForBooking, NewBooking } from './bookings.repository';

/**
 * A checkout's group and its price (decision 152), kept out of `create()` so the checkout reads as
 * its steps: the group from the body, checked against the guide's range, priced by `groupPrice`
 * exactly as the quote prices it, and the columns the booking stores of it.
 */

/** The body's group; the route's schema has already refused a body that names none. */
export function groupOfBody(body: CreateBookingBody): CheckoutGroup {
  const group = checkoutGroup(body);
  if (typeof group === 'string') throw new AppError('validation_failed', group, [{ path: 'adults', message: group }]);
  return group;
}

/** Everyone, infants included, against the guide's min and max people, as the quote checks them. */
export function checkGroupSize(guide: Pick<GuideForBooking, 'minPeople' | 'maxPeople'>, group: CheckoutGroup): void {
  const size = groupSize(group);
  if (size < guide.minPeople || size > guide.maxPeople) {
    throw new AppError('group_size_out_of_range', `This guide takes groups of ${guide.minPeople}–${guide.maxPeople}`, [
      { path: 'adults', message: `between ${guide.minPeople} and ${guide.maxPeople} in all` },
    ]);
  }
}

/**
 * The group's price for the checkout: `tripPrice` with the guide's rates as `guideRates` reads them
 * (or the chosen service's hourly price), for hours or whole days (decisions 154, 187): the very
 * call the quote answers with (guides/quote.ts), so a booking is charged what the quote said.
 */
export function checkoutPrice(
  guide: RateColumns,
  servicePriceCents: number | null,
  group: CheckoutGroup,
  trip: TripLength,
  rates: { depositRate: number; commissionRate: number },
): BookingPrice {
  return tripPrice(guideRates(guide, servicePriceCents), group, trip, rates).price;
}

/**
 * What the booking stores of its group: `travelers` is everyone (the adults are derived from it), the
 * lines as charged, and the guide's overtime rate frozen, so a later change of rates leaves a booked
 * tour's extensions as they were.
 */
export function groupColumns(
  guide: Pick<GuideForBooking, 'extras'>,
  group: CheckoutGroup,
  price: Pick<BookingPrice, 'lines'>,
) {
  return {
    travelers: groupSize(group),
    children: group.children,
    infants: group.infants,
    priceLines: price.lines,
    overtimeRateCents: declaredOvertimeRateCents(guide.extras),
  } satisfies Partial<NewBooking>;
}
