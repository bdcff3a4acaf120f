import { priceWithCredit } from '../../../../shared/booking/credit';
import { bookingPrice } from '../../../../shared/booking/money-rules';
import { daysLength } from '../../../../shared/booking/tour-days';
import type { Booking } from '../../../../shared/schemas/bookings';
import { priceLineLabel } from '../../../../shared/booking/price-lines';
import type { Offer } from '../../../../shared/schemas/offers';
import type { QuoteReply } from '../../../../shared/schemas/quote';
import { currentLocale } from '../../../lib/i18n';
import type { PriceLines } from '../components/price-breakdown';
import { draftGroupSize, type BookableGuide, type BookingDraft } from './selection';

/**
 * The breakdown shown before a booking exists, from the shared pricing rule (decision 040) with the
 * default deposit rate and the guide's group pricing (decision 152): shown until the server's quote
 * answers (`quotedPrice`). The server prices the booking when it is made, and the checkout shows and
 * charges the server's figures.
 */
export function previewPrice(
  guide: Pick<BookableGuide, 'basicPricePerHourCents' | 'additionalPricePerPersonCents' | 'groupPricing' | 'services'>,
  draft: Pick<BookingDraft, 'durationHours' | 'adults' | 'children' | 'infants' | 'subcategoryId' | 'days'>,
  /** The traveler's available travel credit (decision 139), which the server takes off the total. */
  availableCreditCents = 0,
): PriceLines {
  const days = draft.days ?? 1;
  const service = draft.subcategoryId === null ? undefined : guide.services.find((s) => s.id === draft.subcategoryId);
  const g = guide.groupPricing;
  const p = bookingPrice({
    basicPerHourCents: guide.basicPricePerHourCents,
    additionalPerPersonCents: guide.additionalPricePerPersonCents,
    servicePriceCents: service?.priceCents ?? null,
    includedPeople: g.includedPeople,
    childPriceRate: g.childPriceRate,
    infantsFree: g.infantsFree,
    adults: draft.adults,
    children: draft.children,
    infants: draft.infants,
    hours: draft.durationHours,
    // Several days are priced as the server prices them (decision 154).
    length: days > 1 ? daysLength(days, draft.durationHours, guide.groupPricing.dayHours) : undefined,
    dayRateCents: guide.groupPricing.dayRateCents,
    dayHours: guide.groupPricing.dayHours,
  });
  const locale = currentLocale();
  const length = days > 1 ? daysLength(days, draft.durationHours, guide.groupPricing.dayHours) : { hours: draft.durationHours };
  const lines = p.lines.map((l) => ({ label: priceLineLabel(l, length, locale), amountCents: l.amountCents }));
  return withCredit({ ...p, lines, hours: days * draft.durationHours, travelers: draftGroupSize(draft), days }, availableCreditCents);
}

/** The server's quote of the draft (decision 151) as the breakdown: its lines as labelled, less the credit the checkout will take. */
export function quotedPrice(q: QuoteReply, availableCreditCents = 0): PriceLines {
  return withCredit(
    {
      unitPriceCents: 0,
      additionalPerPersonCents: 0,
      totalCents: q.totalCents,
      depositCents: q.depositCents,
      balanceCents: q.inPersonCents,
      hours: q.hours,
      travelers: q.adults + q.children + q.infants,
      days: q.days ?? 1,
      lines: q.lines.map((l) => ({ label: l.label, amountCents: l.amountCents })),
    },
    availableCreditCents,
  );
}

/** A travel credit (decision 139) taken off the total as the server takes it; the deposit is on what is paid. */
function withCredit(p: PriceLines, availableCreditCents: number): PriceLines {
  const paid = priceWithCredit(p.totalCents, availableCreditCents);
  if (!paid.creditCents) return p;
  return { ...p, ...paid, balanceCents: paid.totalCents - paid.depositCents };
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
    // The lines as charged (decision 152), as the server labelled them in the reader's language: the
    // length they were priced for is the server's to know (an extension lengthens the tour, not its lines).
    lines: b.offerId !== null ? undefined : b.lines.map((l) => ({ label: l.label, amountCents: l.amountCents })),
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
