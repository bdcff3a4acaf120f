// What a trip change may be (decision 177): its price, whether the guide must agree and by when, the days added free.
import { addDays } from '../../../../shared/availability';
import { instantBookOn } from '../../../../shared/booking/instant-book';
import { bookingRulesOf, REQUEST_ANSWER_HOURS } from '../../../../shared/booking/schedule';
import { refundParts } from '../../../../shared/booking/charge';
import { priceChange, type PricedChange } from '../../../../shared/booking/trip-change';
import { guideRates } from '../../../../shared/booking/trip-price';
import type { ChangeBody, ChangeQuote } from '../../../../shared/schemas/booking-changes';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { checkTotalInBounds } from '../../../lib/money-bounds';
import type { BookingCore } from '../booking/booking-core';
import { checkGroupSize } from '../booking/booking-group';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, GuideForBooking, PaymentRow } from '../booking/bookings.repository';
import { daySchedule } from '../booking/schedule.repository';
import { holdDays, spanWindow } from '../booking/tour-span';

const HOUR_MS = 3_600_000;
/** The statuses a trip can change in: paid, before the tour. */
export const CHANGEABLE = new Set(['confirmed', 'upcoming']);

export function pricedChange(
  booking: BookingRow,
  guide: GuideForBooking,
  body: ChangeBody,
  now: Date,
  rates: BookingCore['rates'],
): PricedChange {
  if (
    body.adults === booking.adults &&
    body.children === booking.children &&
    body.infants === booking.infants &&
    body.days === booking.days
  ) {
    throw new AppError('change_unchanged', 'This is the trip as booked');
  }
  checkGroupSize(guide, body);
  const priced = priceChange(
    { ...booking, weatherWarning: booking.weatherWarning !== null },
    // The guide's group rules as the one reading makes them (decision 187); the booking's frozen hourly prices replace
    // theirs.
    guideRates(guide),
    body,
    now,
    rates,
  );
  // The changed trip is a new total, held to the checkout's bound (decision 182).
  checkTotalInBounds(priced.apply.totalPriceCents, booking.currency);
  return priced;
}

export function changeNeedsGuide(priced: PricedChange, guide: GuideForBooking, now: Date): boolean {
  return priced.asksMore && !instantBookOn(guide, now);
}

/** The guide answers within the request window, and before the tour starts. */
export function changeAnswerBy(booking: BookingRow, now: Date): Date {
  return new Date(Math.min(now.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS, booking.startsAt.getTime()));
}

export function checkChangeable(booking: BookingRow, now: Date): void {
  if (!CHANGEABLE.has(booking.status) || booking.startsAt <= now) {
    throw new AppError('change_not_allowed', 'A trip changes once its deposit is paid and before it starts');
  }
}

/**
 * The days added after the last must be open in the guide's hours at the booking's daily start and
 * free of other bookings (`holdDays`, the checkout's rule, 409 `day_unavailable` naming the dates),
 * and the traveler free then too; `locked`: under the guide's schedule lock, as the checkout holds it.
 */
export async function checkAddedDays(
  core: BookingCore,
  db: Database,
  booking: BookingRow,
  guide: GuideForBooking,
  days: number,
  now: Date,
  locked: boolean,
): Promise<void> {
  const first = addDays(booking.date, booking.days);
  const added = days - booking.days;
  if (locked) await repo.lockGuideSchedule(db, booking.guideId);
  const [from, to] = spanWindow(first, added);
  const day = await daySchedule(db, booking.guideId, first, from, to, undefined, addDays(first, added - 1));
  const busy = day.busy.filter((b) => b.id !== booking.id);
  const span = holdDays({
    date: first,
    days: added,
    startMinute: booking.startMinute,
    durationMinutes: booking.durationMinutes,
    timeZone: booking.timeZone,
    weekly: day.weekly,
    exceptions: day.exceptions,
    busy,
    now,
    ...bookingRulesOf(guide),
  });
  if (locked) await core.claimTravelerTime(db, booking.travelerId, booking.endsAt, span.endsAt, now, booking.id);
}

/**
 * The change's quote with what its refund returns in each currency paid (decision 193): the parts the applied change
 * refunds (`refundParts` over the payments left, latest first, as `applyChange` spreads it), so the quote names the
 * amount refunded, not the refund converted again.
 */
export function withRefunds(quote: ChangeQuote, left: readonly PaymentRow[], own: BookingRow['currency']): ChangeQuote {
  const refunds: { currency: BookingRow['currency']; cents: number }[] = [];
  for (const part of refundParts(quote.money.refundCents, left, own)) {
    const sum = refunds.find((r) => r.currency === part.payment.currency);
    if (sum) sum.cents += part.amountCents;
    else refunds.push({ currency: part.payment.currency, cents: part.amountCents });
  }
  return { ...quote, money: { ...quote.money, refunds } };
}
