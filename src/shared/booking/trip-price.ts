import { groupPrice, type BookingPrice, type Group, type GroupRates, type TourLength } from './money-rules';
import { daysLength } from './tour-days';

/** The length a traveler asks of a guide: hours on one day, or consecutive days of so many hours each. */
export type TripLength = { hours: number } | { days: number; dayHours: number };

/** A guide's rates as every price reads them (decision 187): `guideRates` makes it, `tripPrice` prices with it. */
export interface GuideRates extends GroupRates {
  basicPerHourCents: number;
  additionalPerPersonCents: number;
  /** A chosen service's own hourly price, which replaces the basic one; null without one. */
  servicePriceCents: number | null;
  includedPeople: number;
  childPriceRate: number;
  infantsFree: boolean;
  dayRateCents: number | null;
  dayHours: number;
}

/** The columns of a guide's row (`guides`) their rates are read from. */
export interface RateColumns {
  basicPricePerHourCents: number;
  additionalPricePerPersonCents: number;
  includedPeople: number;
  childPricePercent: number;
  infantsFree: boolean;
  dayRateCents: number | null;
  dayHours: number;
}

/**
 * The one reading of a guide's rates from their row (decision 187): the search card, the profile,
 * the quote, the checkout, an offer's suggestion, a replacement and a trip change all price with what
 * this returns, so no caller renames a column or turns the child's percent into a rate of its own.
 */
export function guideRates(row: RateColumns, servicePriceCents: number | null = null): GuideRates {
  return {
    basicPerHourCents: row.basicPricePerHourCents,
    additionalPerPersonCents: row.additionalPricePerPersonCents,
    servicePriceCents,
    includedPeople: row.includedPeople,
    childPriceRate: row.childPricePercent / 100,
    infantsFree: row.infantsFree,
    dayRateCents: row.dayRateCents,
    dayHours: row.dayHours,
  };
}

/** What a trip is priced as: hours, or days as `daysLength` prices them (decision 154). */
const tripLength = (trip: TripLength, guideDayHours: number): TourLength =>
  'days' in trip ? daysLength(trip.days, trip.dayHours, guideDayHours) : { hours: trip.hours };

/** A trip's price: `groupPrice`'s, with what a booking stores of it (`BookingPrice`). */
type TripPriceFigures = ReturnType<typeof groupPrice> & BookingPrice;

/**
 * A trip's price for a group in the guide's currency (decisions 176, 187): `groupPrice` for the
 * length asked, and one day's total beside the trip's (the trip's own for one day). It is the one
 * pricing function: the quote answers it, the search cards show it, the checkout, an offer's
 * suggestion, a replacement and a trip change charge it, each converting with `convertMinor` at its
 * rate, so a card shows what the quote answers and a booking of the same question is charged
 * (`one-price.property.test.ts`).
 */
export function tripPrice(
  rates: GroupRates & { dayHours: number },
  group: Group,
  trip: TripLength,
  opts: { depositRate?: number; commissionRate?: number } = {},
) {
  const length = tripLength(trip, rates.dayHours);
  const priced = groupPrice(rates, group, length, opts);
  const price: TripPriceFigures = {
    ...priced,
    unitPriceCents: rates.servicePriceCents ?? rates.basicPerHourCents,
    additionalPerPersonCents: rates.additionalPerPersonCents,
    balanceCents: priced.inPersonCents,
  };
  const dayTotalCents =
    'days' in trip && trip.days > 1
      ? groupPrice(rates, group, tripLength({ days: 1, dayHours: trip.dayHours }, rates.dayHours), opts).totalCents
      : price.totalCents;
  return { price, length, dayTotalCents };
}
