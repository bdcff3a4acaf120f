import type { Currency, FxRate } from '../currency';
import { inBothCurrencies } from './charge';
import { groupPrice, type Group, type GroupRates, type TourLength } from './money-rules';
import { daysLength } from './tour-days';

/** The length a traveler asks of a guide: hours on one day, or consecutive days of so many hours each. */
export type TripLength = { hours: number } | { days: number; dayHours: number };

/** What a trip is priced as: hours, or days as `daysLength` prices them (decision 154). */
const tripLength = (trip: TripLength, guideDayHours: number): TourLength => ('days' in trip ? daysLength(trip.days, trip.dayHours, guideDayHours) : { hours: trip.hours });

/**
 * A trip's price for a group (decision 176): `groupPrice` for the length asked, in the guide's
 * currency and in the reader's as a booking made now fixes it (`inBothCurrencies`), with one day's
 * price beside the trip's. The quote and the search cards both price with it, so a card shows what
 * the quote answers and a booking of the same question is charged.
 */
export function tripPrice(
  rates: GroupRates & { dayHours: number },
  group: Group,
  trip: TripLength,
  money: { own: Currency; seen: Currency; rate: FxRate },
  opts: { depositRate?: number; commissionRate?: number } = {},
) {
  const length = tripLength(trip, rates.dayHours);
  const price = groupPrice(rates, group, length, opts);
  const both = inBothCurrencies(price, money.own, money.seen, money.rate);
  const several = 'days' in trip && trip.days > 1;
  const day = several ? inBothCurrencies(groupPrice(rates, group, tripLength({ days: 1, dayHours: trip.dayHours }, rates.dayHours), opts), money.own, money.seen, money.rate) : both;
  return { price, length, ...both, day: { guide: day.guide.total, charge: day.charge.total } };
}
