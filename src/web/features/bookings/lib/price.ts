import { priceWithCredit } from '../../../../shared/booking/credit';
import { bookingPrice } from '../../../../shared/booking/money-rules';
import { daysLength } from '../../../../shared/booking/tour-days';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Offer } from '../../../../shared/schemas/offers';
import type { PriceLines } from '../components/price-breakdown';
import type { BookableGuide, BookingDraft } from './selection';

/**
 * The breakdown shown before a booking exists, from the shared pricing rule (decision 040) with the
 * default deposit rate. It is a preview: the server prices the booking when it is made, and the
 * checkout shows and charges the server's figures.
 */
export function previewPrice(
  guide: Pick<BookableGuide, 'basicPricePerHourCents' | 'additionalPricePerPersonCents' | 'groupPricing' | 'services'>,
  draft: Pick<BookingDraft, 'durationHours' | 'travelers' | 'subcategoryId' | 'days'>,
  /** The traveler's available travel credit (decision 139), which the server takes off the total. */
  availableCreditCents = 0,
): PriceLines {
  const days = draft.days ?? 1;
  const service = draft.subcategoryId === null ? undefined : guide.services.find((s) => s.id === draft.subcategoryId);
  const p = bookingPrice({
    basicPerHourCents: guide.basicPricePerHourCents,
    additionalPerPersonCents: guide.additionalPricePerPersonCents,
    servicePriceCents: service?.priceCents ?? null,
    includedPeople: guide.groupPricing.includedPeople,
    travelers: draft.travelers,
    hours: draft.durationHours,
    // Several days are priced as the server prices them (decision 154).
    length: days > 1 ? daysLength(days, draft.durationHours, guide.groupPricing.dayHours) : undefined,
    dayRateCents: guide.groupPricing.dayRateCents,
    dayHours: guide.groupPricing.dayHours,
  });
  const hours = days * draft.durationHours;
  const paid = priceWithCredit(p.totalCents, availableCreditCents);
  if (!paid.creditCents) return { ...p, hours, travelers: draft.travelers, days };
  return { ...p, ...paid, balanceCents: paid.totalCents - paid.depositCents, hours, travelers: draft.travelers, days };
}

/** The breakdown of a booking the server has priced (the price of record). */
export function bookingPriceLines(b: Booking): PriceLines {
  return {
    unitPriceCents: b.unitPriceCents,
    additionalPerPersonCents: b.additionalPerPersonCents,
    totalCents: b.totalPriceCents,
    depositCents: b.depositCents,
    balanceCents: b.balanceCents,
    hours: b.duration * (b.days ?? 1),
    travelers: b.travelers,
    days: b.days ?? 1,
    fromOffer: b.offerId !== null,
    creditCents: b.creditCents ?? 0,
  };
}

/** The breakdown of a guide's offer before it is booked: the offer's fee and the deposit the server computed. */
export function offerPriceLines(o: Offer): PriceLines {
  return {
    unitPriceCents: Math.round(o.priceCents / (o.durationHours * (o.days ?? 1))),
    additionalPerPersonCents: 0,
    totalCents: o.priceCents,
    depositCents: o.depositCents,
    balanceCents: o.priceCents - o.depositCents,
    hours: o.durationHours * (o.days ?? 1),
    travelers: o.travelers,
    fromOffer: true,
  };
}
