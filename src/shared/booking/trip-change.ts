/**
 * A booked trip changed (decision 177), priced without the database: the new group and days by the
 * checkout's rules (`tripPrice`), the deposit's difference to charge, or the part released under the
 * cancellation tiers. The server asks this for the quote, stores its answer with the change and
 * applies exactly that; the property test holds it to the quote and the ledger.
 */
import type { CancellationTier, GroupRates, PriceLine } from './money-rules';
import { cancellationSplit, cancellationTier, depositCents, groupSize, type RefundSplit } from './money-rules';
import { chargeForDifference, type ChargeTerms } from './charge';
import { tripPrice } from './trip-price';
import type { ChangeBody, ChangeQuote, ChangeTrip } from '../schemas/booking-changes';

const DAY_MS = 86_400_000;

/** What a change reads of the booking as it stands. */
export interface BookedTrip extends ChargeTerms {
  adults: number;
  children: number;
  infants: number;
  days: number;
  durationMinutes: number;
  totalPriceCents: number;
  creditCents: number;
  /** The hourly price and the further traveler's, frozen at booking (decision 040). */
  unitPriceCents: number;
  additionalPerPersonCents: number;
  startsAt: Date;
  endsAt: Date;
  /** The earlier start a reschedule moved it from: the tiers are measured from the stricter (decision 079). */
  firstStartsAt: Date | null;
  /** A JMA warning in force (decision 093): what is dropped comes back in full. */
  weatherWarning: boolean;
}

/** The guide's group rules as they stand: a booking freezes its hourly prices, not these. */
export type ChangeRates = Pick<GroupRates, 'includedPeople' | 'childPriceRate' | 'infantsFree' | 'dayRateCents'> & {
  dayHours: number;
};

/** The booking's columns a change sets when applied, and the money it moves. */
export interface ChangeApply {
  travelers: number;
  children: number;
  infants: number;
  days: number;
  endsAt: string;
  totalPriceCents: number;
  depositCents: number;
  commissionCents: number;
  priceLines: PriceLine[];
  /** Added to the deposit held (+ paid now) or released from it (−). */
  depositChangeCents: number;
  /** The release split by the tiers (all zero when nothing is released). */
  split: RefundSplit;
}

export interface PricedChange {
  quote: ChangeQuote;
  apply: ChangeApply;
  /** More people or more days: the guide's yes is needed unless they take instant bookings. */
  asksMore: boolean;
}

/**
 * A trip of `days` days of the booking's day length for `group`, priced with the booking's frozen
 * hourly prices and the guide's group rules: every length by the day (`tripPrice`), so the old trip and
 * the new are priced the same way and their difference is what changed.
 */
function priceOf(
  b: BookedTrip,
  rates: ChangeRates,
  group: { adults: number; children: number; infants: number },
  days: number,
  opts: { depositRate: number; commissionRate: number },
) {
  const all = { ...rates, basicPerHourCents: b.unitPriceCents, additionalPerPersonCents: b.additionalPerPersonCents };
  return tripPrice(all, group, { days, dayHours: b.durationMinutes / 60 }, opts).price;
}

/**
 * Prices a change of `b` to `body` at `now`. The new total is the booked total plus the difference
 * between the new and the old trip priced alike, so a trip booked at these rates ends exactly at the
 * quote's price for the new question, and a guide's later change of group rules moves only what
 * changes. The deposit is the deposit rate of the new total: more is charged now; less is released,
 * split by the tier of the first day dropped (the booking's start when the group shrinks), everything
 * back while a weather warning is in force.
 */
export function priceChange(
  b: BookedTrip,
  rates: ChangeRates,
  body: ChangeBody,
  now: Date,
  opts: { depositRate: number; commissionRate: number },
): PricedChange {
  const to = { adults: body.adults, children: body.children, infants: body.infants };
  const from = { adults: b.adults, children: b.children, infants: b.infants };
  const before = priceOf(b, rates, from, b.days, opts);
  const after = priceOf(b, rates, to, body.days, opts);
  const totalCents = b.totalPriceCents + (after.totalCents - before.totalCents);
  const deposit = depositCents(totalCents, opts.depositRate);
  const difference = deposit - b.depositCents;
  // The guide's price is the traveler's total plus a credit spent (decision 139); the commission is on it.
  const commissionCents = Math.round((totalCents + b.creditCents) * opts.commissionRate);
  const dayMs = b.durationMinutes * 60_000;
  const lastStart = b.endsAt.getTime() - dayMs;
  const endsAt = new Date(lastStart + (body.days - b.days) * DAY_MS + dayMs);
  const dropsDays = body.days < b.days;
  const firstDropped = new Date(b.startsAt.getTime() + body.days * DAY_MS);
  const measured = dropsDays
    ? firstDropped
    : b.firstStartsAt && b.firstStartsAt < b.startsAt
      ? b.firstStartsAt
      : b.startsAt;
  const release = Math.max(0, -difference);
  let tier: CancellationTier | null = null;
  let split: RefundSplit = { refundCents: 0, guideCents: 0, platformCents: 0 };
  if (release > 0) {
    tier = cancellationTier(measured, now);
    split = b.weatherWarning
      ? { refundCents: release, guideCents: 0, platformCents: 0 }
      : cancellationSplit({
          depositCents: release,
          cancelledBy: 'traveler',
          tier,
          commissionRate: opts.commissionRate,
        });
  }
  const payNow = Math.max(0, difference);
  // The lines of the new trip, the base line taking what the guide's changed rules moved, so they add up to the total.
  const lines = after.lines.map((l) =>
    l.kind === 'base' ? { ...l, amountCents: l.amountCents + (totalCents - after.totalCents) } : l,
  );
  const trip = (g: typeof from, days: number, total: number, dep: number, end: Date): ChangeTrip => ({
    ...g,
    days,
    dayHours: b.durationMinutes / 60,
    totalCents: total,
    depositCents: dep,
    inPersonCents: total - dep,
    endsAt: end.toISOString(),
  });
  const asksMore =
    groupSize(to) > groupSize(from) ||
    to.adults > from.adults ||
    to.children > from.children ||
    to.infants > from.infants ||
    body.days > b.days;
  return {
    asksMore,
    quote: {
      from: trip(from, b.days, b.totalPriceCents, b.depositCents, b.endsAt),
      to: trip(to, body.days, totalCents, deposit, endsAt),
      money: {
        currency: b.currency,
        payNowCents: payNow,
        // The difference of the two deposits in the currency the traveler saw (decision 193), as a card charges it.
        payNowChargeCents: payNow > 0 ? chargeForDifference(b, b.depositCents, payNow, 'card').amountCents : 0,
        chargeCurrency: b.chargeCurrency,
        refundCents: split.refundCents,
        keptCents: split.guideCents + split.platformCents,
        tier,
      },
      needsGuide: false,
    },
    apply: {
      travelers: groupSize(to),
      children: to.children,
      infants: to.infants,
      days: body.days,
      endsAt: endsAt.toISOString(),
      totalPriceCents: totalCents,
      depositCents: deposit,
      commissionCents,
      priceLines: lines,
      depositChangeCents: difference,
      split,
    },
  };
}
