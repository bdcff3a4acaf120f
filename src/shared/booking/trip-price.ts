import { groupPrice, type Group, type GroupRates, type TourLength } from './money-rules';
import { daysLength } from './tour-days';

/** The length a traveler asks of a guide: hours on one day, or consecutive days of so many hours each. */
export type TripLength = { hours: number } | { days: number; dayHours: number };

/** What a trip is priced as: hours, or days as `daysLength` prices them (decision 154). */
const tripLength = (trip: TripLength, guideDayHours: number): TourLength => ('days' in trip ? daysLength(trip.days, trip.dayHours, guideDayHours) : { hours: trip.hours });

/**
 * A trip's price for a group in the guide's currency (decision 176): `groupPrice` for the length
 * asked, and one day's total beside the trip's (the trip's own for one day). The quote and the
 * search cards both price with it and convert with `convertMinor` at the same rate (the quote through
 * `inBothCurrencies`, whose total is that one conversion), so a card shows what the quote answers and
 * a booking of the same question is charged.
 */
export function tripPrice(rates: GroupRates & { dayHours: number }, group: Group, trip: TripLength, opts: { depositRate?: number; commissionRate?: number } = {}) {
  const length = tripLength(trip, rates.dayHours);
  const price = groupPrice(rates, group, length, opts);
  const dayTotalCents = 'days' in trip && trip.days > 1 ? groupPrice(rates, group, tripLength({ days: 1, dayHours: trip.dayHours }, rates.dayHours), opts).totalCents : price.totalCents;
  return { price, length, dayTotalCents };
}
