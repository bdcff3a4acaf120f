/**
 * Money rules of a booking (docs/rules/booking-lifecycle.md, docs/rules/money-and-cancellation.md), in integer cents.
 * Pure functions shared by the server (which alone computes prices that are charged) and the web app (which shows
 * them).
 */

export const DEFAULT_DEPOSIT_RATE = 0.2;
export const DEFAULT_COMMISSION_RATE = 0.1;
export const EXTENSION_HOUR_OPTIONS = [0.25, 0.5, 1, 2] as const;
export type ExtensionHours = (typeof EXTENSION_HOUR_OPTIONS)[number];
export const DEFAULT_EXTENSION_HOURS: ExtensionHours = 1;

/** 'TG' plus the id padded to 4 digits, unless the booking has its own number. */
export function bookingNumber(id: number, stored?: string | null): string {
  return stored || `TG${String(id).padStart(4, '0')}`;
}

/**
 * Price of a tour: the hourly rate for the first person plus the additional-person rate for each
 * further traveler, times the hours. Everything in cents; hours may be fractional (quarter hours).
 * Today's model is the group model with one included person and adults only, so it is priced by
 * `groupPrice` itself (decision 151: one implementation).
 */
export function tourPriceCents(opts: {
  basicPerHourCents: number;
  additionalPerPersonCents: number;
  travelers: number;
  hours: number;
}): number {
  return groupPrice(
    { basicPerHourCents: opts.basicPerHourCents, additionalPerPersonCents: opts.additionalPerPersonCents },
    { adults: opts.travelers },
    { hours: opts.hours },
  ).totalCents;
}

/** What a guide declares a tour includes or not (decision 151); only overtime is ever charged by the product. */
export const EXTRA_KINDS = [
  'overtime_hour',
  'entrance_tickets',
  'meals',
  'public_transport',
  'guide_travel',
  'other',
] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];
export interface GuideExtra {
  kind: ExtraKind;
  included: boolean;
  /** Overtime: the price of an hour; others: a typical amount, paid at cost in person. */
  priceCents?: number;
  note?: string;
}

/** The group pricing settings of a guide (decision 151); every field but the two prices has today's default. */
export interface GroupRates {
  basicPerHourCents: number;
  additionalPerPersonCents: number;
  /** A chosen service's own hourly price replaces the basic one (hours only; a day has its own rate). */
  servicePriceCents?: number | null;
  includedPeople?: number;
  /** 0–1: a child's share of the additional price. */
  childPriceRate?: number;
  infantsFree?: boolean;
  dayRateCents?: number | null;
  dayHours?: number;
}
/** Adults, children (3–11) and infants (under 3). */
export interface Group {
  adults: number;
  children?: number;
  infants?: number;
}
export type TourLength = { hours: number } | { days: number };

const DEFAULT_DAY_HOURS = 8;

/** One line of a price: what it is, how many travelers, and its amount; labelled by `quoteLineLabel`. */
export interface PriceLine {
  kind: 'base' | 'extra_adults' | 'children' | 'infants';
  /** Travelers on the line (for the base line, the included people). */
  people: number;
  amountCents: number;
}
interface GroupPrice {
  totalCents: number;
  /** Paid online: the deposit of the total, as a booking's (`depositCents`). */
  depositCents: number;
  /** Paid to the guide in person: total − deposit. */
  inPersonCents: number;
  commissionCents: number;
  /** Hours in all (days × day hours for a day price). */
  hours: number;
  /** The lines add up to the total. */
  lines: PriceLine[];
}

/** Everyone on the tour, infants included: what min and max people are checked against. */
export const groupSize = (g: Group): number => g.adults + (g.children ?? 0) + (g.infants ?? 0);

/**
 * The price of a tour for a group (decision 151, docs/rules/money-and-cancellation.md). The hourly
 * price (or a chosen service's) covers `includedPeople`, filled by adults first, then children, then
 * infants who pay; each further adult adds the additional price, each further child (and infant who
 * pays) that times `childPriceRate`; infants who are free fill no place. By the day, a day costs the
 * day rate (else the hourly price × day hours) plus the further travelers' price × day hours. The
 * total is rounded to the fen once; the base line takes the rounding so the lines add up.
 */
export function groupPrice(
  rates: GroupRates,
  group: Group,
  length: TourLength,
  opts: { depositRate?: number; commissionRate?: number } = {},
): GroupPrice {
  const included = rates.includedPeople ?? 1;
  const childRate = rates.childPriceRate ?? 1;
  const children = group.children ?? 0;
  const infants = group.infants ?? 0;
  const payingInfants = (rates.infantsFree ?? true) ? 0 : infants;
  let free = included;
  const fill = (n: number) => {
    const inside = Math.min(n, free);
    free -= inside;
    return n - inside;
  };
  const extraAdults = fill(group.adults);
  const extraChildren = fill(children);
  const extraInfants = fill(payingInfants);
  const add = rates.additionalPerPersonCents;
  const byDay = 'days' in length;
  const dayHours = rates.dayHours ?? DEFAULT_DAY_HOURS;
  const hours = byDay ? length.days * dayHours : length.hours;
  const hourly = rates.servicePriceCents ?? rates.basicPerHourCents;
  const base = byDay ? length.days * (rates.dayRateCents ?? hourly * dayHours) : hourly * hours;
  const adultsCents = add * extraAdults * hours;
  const childrenCents = add * childRate * extraChildren * hours;
  const infantsCents = add * childRate * extraInfants * hours;
  const totalCents = Math.round(base + adultsCents + childrenCents + infantsCents);
  const lines: PriceLine[] = [];
  if (extraAdults > 0) lines.push({ kind: 'extra_adults', people: extraAdults, amountCents: Math.round(adultsCents) });
  if (children > 0) lines.push({ kind: 'children', people: children, amountCents: Math.round(childrenCents) });
  if (infants > 0) lines.push({ kind: 'infants', people: infants, amountCents: Math.round(infantsCents) });
  lines.unshift({
    kind: 'base',
    people: included,
    amountCents: totalCents - lines.reduce((sum, l) => sum + l.amountCents, 0),
  });
  const deposit = depositCents(totalCents, opts.depositRate ?? DEFAULT_DEPOSIT_RATE);
  return {
    totalCents,
    depositCents: deposit,
    inPersonCents: totalCents - deposit,
    commissionCents: Math.round(totalCents * (opts.commissionRate ?? DEFAULT_COMMISSION_RATE)),
    hours,
    lines,
  };
}

export function depositCents(totalCents: number, rate = DEFAULT_DEPOSIT_RATE): number {
  return Math.round(totalCents * rate);
}

/**
 * docs/rules/money-and-cancellation.md: fee = round(totalPrice / duration) × extension hours. The rounding is to a
 * whole RMB per hour, as the spec says (a whole yen for a booking in yen, decision 164: `minorPerMajor` 1); the result
 * is in the minor unit.
 */
export function extensionFeeCents(
  totalCents: number,
  durationHours: number,
  extensionHours: number,
  minorPerMajor = 100,
): number {
  if (durationHours <= 0) throw new RangeError('duration must be positive');
  const hourly = Math.round(totalCents / minorPerMajor / durationHours);
  return Math.round(hourly * extensionHours * minorPerMajor);
}

/**
 * docs/rules/booking-lifecycle.md / docs/rules/booking-lifecycle.md: the guide is paid within five working days after
 * the service.
 */
export const EARNINGS_HOLD_WORKING_DAYS = 5;

/**
 * `days` working days (Monday to Friday, counted in `timeZone`) after `from`, at the same time of day.
 * Public holidays are not counted out (decision 061).
 */
export function addWorkingDays(from: Date, days: number, timeZone: string): Date {
  const weekday = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(d);
  let t = from.getTime();
  let left = days;
  while (left > 0) {
    t += 86_400_000;
    const w = weekday(new Date(t));
    if (w !== 'Sat' && w !== 'Sun') left--;
  }
  return new Date(t);
}

export type CancellationTier = 'more_than_7_days' | 'days_3_to_7' | 'days_1_to_3' | 'under_24_hours' | 'no_show';

/** Share of the deposit refunded to the traveler per tier (docs/rules/money-and-cancellation.md defaults). */
export const CANCELLATION_REFUND_RATES: Record<CancellationTier, number> = {
  more_than_7_days: 1,
  days_3_to_7: 0.5,
  days_1_to_3: 0.25,
  under_24_hours: 0,
  no_show: 0,
};
/** A documented emergency: 85% back to the traveler, 15% to the guide. */
export const EMERGENCY_REFUND_RATE = 0.85;

const HOUR_MS = 3_600_000;

/** The tier of a traveler's cancellation made at `now` for a tour starting at `start`. */
export function cancellationTier(start: Date, now: Date, opts: { noShow?: boolean } = {}): CancellationTier {
  if (opts.noShow) return 'no_show';
  const hours = (start.getTime() - now.getTime()) / HOUR_MS;
  if (hours > 7 * 24) return 'more_than_7_days';
  if (hours >= 3 * 24) return 'days_3_to_7';
  if (hours >= 24) return 'days_1_to_3';
  return 'under_24_hours';
}

export interface RefundSplit {
  refundCents: number;
  guideCents: number;
  platformCents: number;
}

/**
 * How a paid deposit is split when a booking is cancelled: a guide's cancellation refunds
 * everything; an emergency refunds 85% and pays the guide 15%; otherwise the tier's refund goes back
 * and the rest is the guide's, less the platform commission on it.
 */
export function cancellationSplit(opts: {
  depositCents: number;
  cancelledBy: 'traveler' | 'guide';
  tier: CancellationTier;
  emergency?: boolean;
  commissionRate?: number;
}): RefundSplit {
  const { depositCents: deposit } = opts;
  if (opts.cancelledBy === 'guide') return { refundCents: deposit, guideCents: 0, platformCents: 0 };
  if (opts.emergency) {
    const refund = Math.round(deposit * EMERGENCY_REFUND_RATE);
    return { refundCents: refund, guideCents: deposit - refund, platformCents: 0 };
  }
  const refund = Math.round(deposit * CANCELLATION_REFUND_RATES[opts.tier]);
  const kept = deposit - refund;
  const platform = Math.round(kept * (opts.commissionRate ?? DEFAULT_COMMISSION_RATE));
  return { refundCents: refund, guideCents: kept - platform, platformCents: platform };
}

/**
 * An amount spread over the days of a booking of several days (decision 158): one share a day, in whole
 * fen, adding up exactly to `cents`. Every day has floor(cents / days); the last day carries the
 * remainder (fewer fen than there are days). A day missed after the first always has the last day
 * among the days not given, so when the guide misses a day the odd fen goes back to the traveler,
 * never to the side that missed it.
 */
export function dayShares(cents: number, days: number): number[] {
  if (!Number.isInteger(cents) || cents < 0)
    throw new RangeError('the amount must be a whole number of fen, at least 0');
  if (!Number.isInteger(days) || days < 1) throw new RangeError('a booking has at least one day');
  const share = Math.floor(cents / days);
  return Array.from({ length: days }, (_, i) => (i === days - 1 ? cents - share * (days - 1) : share));
}

/**
 * `total` split in proportion to `weights` by the largest remainder (decision 193): each part its whole
 * share, and the minor units left over one each to the largest remainders, a tie to the later part. The
 * parts add up to `total` exactly, and equal weights differ by at most one minor unit, the later ones
 * holding the extra: the days of a tour in both its currencies.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('the amount must be a whole number, at least 0');
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('the weights are whole numbers, at least one of them');
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n)
    return largestRemainder(
      total,
      weights.map(() => 1),
    );
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const parts = exact.map((e) => Number(e / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e % sum }))
    .sort((a, b) => (a.rest === b.rest ? b.i - a.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = parts[i]! + 1;
    left -= 1;
  }
  return parts;
}

/** `total` in `n` equal parts by the largest remainder: the later parts take the odd minor units, one each. */
export const evenShares = (total: number, n: number): number[] => largestRemainder(total, Array<number>(n).fill(1));

export interface BookingPrice {
  /** Price per hour for the included travelers: the chosen service's price, else the guide's basic rate. */
  unitPriceCents: number;
  /** Price per hour for each further adult (a child's is that times the child rate). */
  additionalPerPersonCents: number;
  /** `groupPrice`'s total, rounded to the fen once. */
  totalCents: number;
  /** Paid online at checkout: DEPOSIT_RATE of the total. */
  depositCents: number;
  /** Paid in person to the guide: total − deposit. */
  balanceCents: number;
  /** The platform's commission: COMMISSION_RATE of the total (taken from what the platform holds). */
  commissionCents: number;
  /** `groupPrice`'s lines, which add up to the total (the quote's and the booking's, decision 152). */
  lines: PriceLine[];
}

/**
 * The price of a booking, computed on the server only (decision 040): `groupPrice` for the group
 * (decision 152: adults, children and infants at the guide's included people, child rate and infant
 * rule), so a booking is charged exactly what the quote says. A service (subcategory) with its own
 * price replaces the basic hourly rate; a caller that knows no ages (an offer's suggestion, a
 * replacement) gives `adults` alone.
 */
export function bookingPrice(opts: {
  basicPerHourCents: number;
  additionalPerPersonCents: number;
  servicePriceCents?: number | null;
  /** How many travelers the hourly price covers (decision 151; default 1). */
  includedPeople?: number;
  childPriceRate?: number;
  infantsFree?: boolean;
  adults: number;
  children?: number;
  infants?: number;
  hours: number;
  /** Whole days instead of `hours` (decision 154, `daysLength`), at the guide's day rate and day hours. */
  length?: TourLength;
  dayRateCents?: number | null;
  dayHours?: number;
  depositRate?: number;
  commissionRate?: number;
}): BookingPrice {
  const unit = opts.servicePriceCents ?? opts.basicPerHourCents;
  const price = groupPrice(
    {
      basicPerHourCents: unit,
      additionalPerPersonCents: opts.additionalPerPersonCents,
      includedPeople: opts.includedPeople,
      childPriceRate: opts.childPriceRate,
      infantsFree: opts.infantsFree,
      dayRateCents: opts.dayRateCents,
      dayHours: opts.dayHours,
    },
    { adults: opts.adults, children: opts.children, infants: opts.infants },
    opts.length ?? { hours: opts.hours },
    { depositRate: opts.depositRate, commissionRate: opts.commissionRate },
  );
  return {
    unitPriceCents: unit,
    additionalPerPersonCents: opts.additionalPerPersonCents,
    totalCents: price.totalCents,
    depositCents: price.depositCents,
    balanceCents: price.inPersonCents,
    commissionCents: price.commissionCents,
    lines: price.lines,
  };
}

/**
 * The overtime rate an hour a booking freezes (decision 152): the guide's declared `overtime_hour`
 * price when it is not included; null otherwise (included overtime is the guide's allowance for
 * running a little over, not a booked extra hour, which then costs the hourly average).
 */
export function declaredOvertimeRateCents(extras: readonly GuideExtra[]): number | null {
  const overtime = extras.find((e) => e.kind === 'overtime_hour');
  return overtime && !overtime.included && overtime.priceCents !== undefined ? overtime.priceCents : null;
}

/**
 * What an extension of `hours` (quarter hours allowed) costs (decision 152): the frozen overtime
 * rate × hours, rounded to the fen once; without one, today's hourly average (`extensionFeeCents`).
 */
export function extensionPriceCents(
  b: { totalCents: number; baseHours: number; overtimeRateCents: number | null; minorPerMajor?: number },
  hours: number,
): number {
  if (b.overtimeRateCents !== null) return Math.round(b.overtimeRateCents * hours);
  return extensionFeeCents(b.totalCents, b.baseHours, hours, b.minorPerMajor);
}
