/**
 * A replacement guide when the booked one cancels (decision 137). Pure: the server asks these with
 * the rows it read; the web app shows the same deadlines.
 */
const HOUR_MS = 3_600_000;

/** At most this many guides are offered, best match first. */
export const REPLACEMENT_CANDIDATES = 3;
/** The chosen guide answers within this many hours of being asked… */
export const REPLACEMENT_ANSWER_HOURS = 12;
/** …and at the latest this long before the start. */
export const REPLACEMENT_ANSWER_BEFORE_START_HOURS = 2;
/** The traveler chooses up to this long before the start, so that the chosen guide has an hour to answer. */
export const REPLACEMENT_CHOICE_BEFORE_START_HOURS = 3;
/**
 * Default share of the booked price the platform covers when the replacement costs more (setting
 * REPLACEMENT_COVER_RATE).
 */
export const DEFAULT_REPLACEMENT_COVER_RATE = 0.2;

/**
 * After the guide did not come (decision 140): a replacement starts at least this long after it is
 * chosen (time to accept and to reach the traveler), the same day…
 */
export const SAME_DAY_LEAD_MINUTES = 60;
/** …the asked guide answers within this many minutes, and at the latest this long before their start… */
export const SAME_DAY_ANSWER_MINUTES = 30;
/** …and the traveler chooses within this many hours of the report, else the full refund comes. */
export const SAME_DAY_CHOICE_HOURS = 2;

/**
 * When a same-day choice opened at `now` lapses into the full refund: SAME_DAY_CHOICE_HOURS after the
 * report, and never later than the last start any guide offered could still be chosen for (their
 * latest free start that day, less the lead time a choice needs), so the choice never stays open on
 * guides whose day has gone, and the deadline the traveler reads is the one the choice enforces.
 */
export const sameDayLapsesAt = (now: Date, lastStartsAt: Date): Date =>
  new Date(
    Math.min(now.getTime() + SAME_DAY_CHOICE_HOURS * HOUR_MS, lastStartsAt.getTime() - SAME_DAY_LEAD_MINUTES * 60_000),
  );

/** When a guide asked at `now` for a same-day replacement starting at `startsAt` must have answered. */
export const sameDayAnswerBy = (now: Date, startsAt: Date): Date =>
  new Date(
    Math.min(now.getTime() + SAME_DAY_ANSWER_MINUTES * 60_000, startsAt.getTime() - SAME_DAY_ANSWER_MINUTES * 60_000),
  );

/** When the traveler's choice lapses into the full refund. */
export const replacementLapsesAt = (startsAt: Date): Date =>
  new Date(startsAt.getTime() - REPLACEMENT_CHOICE_BEFORE_START_HOURS * HOUR_MS);

/** When a guide asked at `now` must have answered. */
export const replacementAnswerBy = (now: Date, startsAt: Date): Date =>
  new Date(
    Math.min(
      now.getTime() + REPLACEMENT_ANSWER_HOURS * HOUR_MS,
      startsAt.getTime() - REPLACEMENT_ANSWER_BEFORE_START_HOURS * HOUR_MS,
    ),
  );

export interface ReplacementPrice {
  /** What the traveler pays in all: never more than booked (less when the replacement costs less). */
  travelerTotalCents: number;
  /** What the platform adds so the replacement is paid their own price. */
  coveredCents: number;
}

/**
 * The price of a replacement whose own price for the same tour is `newTotalCents`: the traveler pays
 * the lower of the two; the platform covers a higher price up to `coverRate` of the booked total.
 * Null when the replacement costs more than that cap, or less than the deposit already paid (the
 * deposit is kept as it is, so it must stay a part of the total).
 */
export function replacementPrice(opts: {
  bookedTotalCents: number;
  newTotalCents: number;
  depositPaidCents: number;
  coverRate: number;
}): ReplacementPrice | null {
  const { bookedTotalCents: booked, newTotalCents: next } = opts;
  if (next > booked + Math.floor(booked * opts.coverRate)) return null;
  if (next < opts.depositPaidCents) return null;
  return { travelerTotalCents: Math.min(booked, next), coveredCents: Math.max(0, next - booked) };
}

/** What ranks a guide before the price: the order the server reads candidates in. */
export interface Standing {
  licensed: boolean;
  rating: number;
  reviewCount: number;
}

export interface RankedGuide extends Standing {
  /** The guide's price for this tour, fen. */
  newTotalCents: number;
}

/** A licensed guide before one without a licence, then the better rated (reviews counted). */
export const compareStanding = (a: Standing, b: Standing): number =>
  Number(b.licensed) - Number(a.licensed) || b.rating - a.rating || b.reviewCount - a.reviewCount;

/**
 * Best match first: by standing (`compareStanding`), then the price nearest the booked one.
 */
export function compareCandidates(bookedTotalCents: number) {
  return (a: RankedGuide, b: RankedGuide): number =>
    compareStanding(a, b) ||
    Math.abs(a.newTotalCents - bookedTotalCents) - Math.abs(b.newTotalCents - bookedTotalCents);
}
