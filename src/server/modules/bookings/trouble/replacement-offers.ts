import type { BookingPrice } from '../../../../shared/booking/money-rules';
import { replacementPrice, SAME_DAY_LEAD_MINUTES } from '../../../../shared/booking/replacement';
import { bookableSlots, bookingRulesOf, zonedTimeToUtc } from '../../../../shared/booking/schedule';
import { guideRates, tripPrice, type TripLength } from '../../../../shared/booking/trip-price';
import type { ReplacementCandidate } from '../../../../shared/schemas/replacements';
import type { BookedPrice } from '../../../db/schema/index';
import type { BookingRow } from '../booking/bookings.repository';
import type { CandidateGuide } from './replacement.repository';
import type { GuideDay } from '../booking/schedule.repository';
import { laterFirstDaySpans, spanSlots } from '../booking/tour-span';

/**
 * What one listed guide would offer to take a booking over (decisions 137, 140, 154): priced within
 * the cap and free at the time asked, or nothing. Pure: `BookingReplacement` reads the guides and
 * their days, and asks this of each.
 */

/**
 * Who may take a booking over: the guides left out, the price as booked, the deposit kept; same day after a no-show.
 */
export interface Choice {
  fromGuideId: number;
  price: BookedPrice;
  exclude: number[];
  depositPaidCents: number;
  sameDay: boolean;
}

/**
 * A guide free to take the booking over, as offered, with what the hand-over writes: the booking's
 * `startMinute` (each day's start), `startsAt` (day 1's) and `endsAt` (the last day's end), and
 * `lastStartsAt`, this guide's latest start the choice may still be made for (decision 140).
 */
export type Candidate = ReplacementCandidate & {
  newTotalCents: number;
  guideUserId: number;
  unitPriceCents: number;
  additionalPerPersonCents: number;
  commissionCents: number;
  endsAt: Date;
  startMinute: number;
  lastStartsAt: Date;
};

type Priced = BookingPrice;
type Paid = NonNullable<ReturnType<typeof replacementPrice>>;
type Rules = ReturnType<typeof bookingRulesOf>;
type Busy = GuideDay['busy'];

/** The offer of guide `g` at `at`, with what the traveler pays and what the hand-over writes. */
function candidateOf(
  g: CandidateGuide,
  at: { startsAt: Date; endsAt: Date; startMinute: number; startTime: string; lastStartsAt: Date },
  price: Priced,
  paid: Paid,
  depositPaidCents: number,
): Candidate {
  return {
    startsAt: at.startsAt.toISOString(),
    endsAt: at.endsAt,
    startMinute: at.startMinute,
    lastStartsAt: at.lastStartsAt,
    scheduledStartTime: at.startTime,
    guideId: g.id,
    guideUserId: g.userId,
    fullName: g.fullName,
    profilePicture: g.profilePicture,
    rating: g.rating,
    reviewCount: g.reviewCount,
    languages: g.languages,
    licensed: g.licensed,
    totalCents: paid.travelerTotalCents,
    balanceCents: paid.travelerTotalCents - depositPaidCents,
    coveredCents: paid.coveredCents,
    newTotalCents: price.totalCents,
    unitPriceCents: price.unitPriceCents,
    additionalPerPersonCents: price.additionalPerPersonCents,
    commissionCents: price.commissionCents,
  };
}

const overlapsAny = (busy: Busy, span: { startsAt: Date; endsAt: Date }) =>
  busy.some((b) => b.startsAt < span.endsAt && span.startsAt < b.endsAt);

/**
 * A booking of several days (decision 154): the guide must be free on every day of the span at the
 * booked daily hours, as a new booking of those days would be (`spanSlots`, the rule `holdDays`
 * applies: each date's hours and exceptions, then their other bookings, notice and buffer over the
 * whole span), and the traveler not elsewhere in it. The offer keeps the booked days and hours; a day 1
 * that a same-day replacement moved later (decision 140, amended) is asked at its own start.
 */
function spanOffer(
  booking: BookingRow,
  o: Choice,
  g: CandidateGuide,
  day: GuideDay,
  travelerBusy: Busy,
  now: Date,
  rules: Rules,
  price: Priced,
  paid: Paid,
): Candidate | null {
  const q = {
    date: booking.date,
    days: booking.days,
    durationMinutes: booking.durationMinutes,
    timeZone: g.timeZone,
    ...day,
    now,
    ...rules,
  };
  const laterFirstDay =
    zonedTimeToUtc(booking.date, booking.startMinute, booking.timeZone).getTime() !== booking.startsAt.getTime();
  const spans = laterFirstDay ? laterFirstDaySpans({ ...q, startMinute: booking.startMinute }) : spanSlots(q);
  const span = spans.find((s) => s.startsAt.getTime() === booking.startsAt.getTime());
  if (!span || overlapsAny(travelerBusy, span)) return null;
  return candidateOf(
    g,
    { ...span, startMinute: booking.startMinute, lastStartsAt: span.startsAt },
    price,
    paid,
    o.depositPaidCents,
  );
}

/**
 * The guide did not come on day 1 of several days (decision 140, amended): the same checks as
 * `spanOffer` over the span, with day 1 at the guide's first free start later today (the same-day
 * lead and their own notice) and every following day at the booked hours (`laterFirstDaySpans`).
 * The hand-over keeps the booked daily start (`startMinute`) and the last day's end; only day 1 moves.
 */
function laterFirstDayOffer(
  booking: BookingRow,
  o: Choice,
  g: CandidateGuide,
  day: GuideDay,
  travelerBusy: Busy,
  now: Date,
  rules: Rules,
  price: Priced,
  paid: Paid,
): Candidate | null {
  const spans = laterFirstDaySpans({
    date: booking.date,
    days: booking.days,
    startMinute: booking.startMinute,
    durationMinutes: booking.durationMinutes,
    timeZone: g.timeZone,
    ...day,
    now,
    ...rules,
  }).filter((s) => !overlapsAny(travelerBusy, s));
  const [free] = spans;
  if (!free) return null;
  return candidateOf(
    g,
    { ...free, startMinute: booking.startMinute, lastStartsAt: spans[spans.length - 1]!.startsAt },
    price,
    paid,
    o.depositPaidCents,
  );
}

/**
 * One listed guide as a candidate: priced within the cap and free at the time asked, or null.
 * `rates`: the deposit and commission rates a price is computed with; `coverRate`: how much more than
 * booked the platform covers (decision 137).
 */
export function offerOf(
  booking: BookingRow,
  o: Choice,
  g: CandidateGuide,
  day: GuideDay,
  travelerBusy: Busy,
  now: Date,
  rates: { depositRate: number; commissionRate: number },
  coverRate: number,
): Candidate | null {
  const hours = booking.durationMinutes / 60;
  // Several days are priced for the span as the quote and the checkout price them (decision 154):
  // whole days at this guide's day hours and day rate, else those hours at the hourly price; by the
  // one pricing function with the one reading of this guide's rates (decision 187).
  const trip: TripLength = booking.days > 1 ? { days: booking.days, dayHours: hours } : { hours };
  const { price } = tripPrice(
    guideRates(g, g.servicePriceCents),
    { adults: booking.adults, children: booking.children, infants: booking.infants },
    trip,
    rates,
  );
  // A credit spent on the booking (decision 139) stays spent: prices compare the guide's price
  // (the traveler's total + the credit), and the traveler still pays that much less.
  const credit = booking.creditCents;
  const paid = replacementPrice({
    bookedTotalCents: o.price.totalPriceCents + credit,
    newTotalCents: price.totalCents,
    depositPaidCents: o.depositPaidCents + credit,
    coverRate,
  });
  if (!paid) return null;
  paid.travelerTotalCents -= credit;
  // The candidate's own notice and buffer hold (decision 153): a guide who keeps a day's notice is not
  // offered tomorrow's tour; a same-day one also leaves the hour to reach the traveler (decision 140).
  // The buffer is around the candidate's tours, not the traveler's other bookings.
  const own = bookingRulesOf(g);
  const rules = o.sameDay ? { ...own, minNoticeMinutes: Math.max(own.minNoticeMinutes, SAME_DAY_LEAD_MINUTES) } : own;
  if (booking.days > 1)
    return (o.sameDay ? laterFirstDayOffer : spanOffer)(booking, o, g, day, travelerBusy, now, rules, price, paid);
  const slots = bookableSlots({
    date: booking.date,
    durationMinutes: booking.durationMinutes,
    timeZone: g.timeZone,
    ...day,
    now,
    ...rules,
  }).filter((s) => !overlapsAny(travelerBusy, s));
  const free = o.sameDay ? slots[0] : slots.find((s) => s.startsAt.getTime() === booking.startsAt.getTime());
  if (!free) return null;
  // The guide's latest free start that day: a same-day choice lapses before it has gone (decision 140).
  return candidateOf(
    g,
    { ...free, lastStartsAt: o.sameDay ? slots[slots.length - 1]!.startsAt : free.startsAt },
    price,
    paid,
    o.depositPaidCents,
  );
}
