import { priceWithCredit } from '../../../../shared/booking/credit';
import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import { AppError } from '../../../lib/app-error';
import { checkTotalInBounds } from '../../../lib/money-bounds';
import { checkGroupSize, checkoutPrice, groupOfBody } from '../booking/booking-group';
import type { GuideForBooking } from '../booking/bookings.repository';
import type { lockForCheckout } from './checkout.repository';
import { daysPlan } from '../booking/tour-span';

/** What the checkout's lock statement read (`lockForCheckout`). */
type CheckoutLocked = NonNullable<Awaited<ReturnType<typeof lockForCheckout>>>;

/** A tour of hours within the guide's hours (a tour of several days is `daysPlan`'s to check). */
export function checkDuration(guide: GuideForBooking, hours: number) {
  if (hours < guide.minDurationHours || hours > guide.maxDurationHours) {
    throw new AppError(
      'duration_out_of_range',
      `This guide offers tours of ${guide.minDurationHours}–${guide.maxDurationHours} hours`,
      [{ path: 'durationHours', message: `between ${guide.minDurationHours} and ${guide.maxDurationHours}` }],
    );
  }
}

/**
 * The checkout's quote, from what its lock statement read, kept out of `create()` so the checkout
 * reads as its steps: the group, the hours or days and the service checked against what the guide
 * offers (in that order), the price and its bound, then the traveler's credit taken off. No statement.
 */
export function checkoutQuote(
  found: Pick<CheckoutLocked, 'guide' | 'service' | 'credit'>,
  body: CreateBookingBody,
  rates: { depositRate: number; commissionRate: number },
) {
  const { guide } = found;
  const group = groupOfBody(body);
  checkGroupSize(guide, group);
  if (body.days === undefined) checkDuration(guide, body.durationHours!);
  const { durationMinutes, length } =
    body.days === undefined
      ? { durationMinutes: Math.round(body.durationHours! * 60), length: undefined }
      : daysPlan(guide, body);
  if (body.subcategoryId !== undefined && found.service?.subcategoryId == null) {
    throw new AppError('service_not_offered', 'This guide does not offer that service', [
      { path: 'subcategoryId', message: 'not offered' },
    ]);
  }
  // The quote's very call (decision 187): `tripPrice` with `guideRates` of this row.
  const price = checkoutPrice(
    guide,
    found.service?.priceCents ?? null,
    group,
    length ?? { hours: durationMinutes / 60 },
    rates,
  );
  checkTotalInBounds(price.totalCents, guide.currency);
  // A travel credit (decision 139) comes off the traveler's total; the deposit is on what they pay,
  // the commission on the guide's price, and the platform pays the guide the credit at completion.
  const paid = priceWithCredit(price.totalCents, found.credit?.amountCents ?? 0, rates.depositRate);
  return { group, durationMinutes, price, paid };
}
