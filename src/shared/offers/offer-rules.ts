/**
 * Offers (decision 078): a guide's priced answer to a tour request or a conversation.
 * Pure rules shared by the server (which alone decides) and the web app (which shows them).
 */
import { DEFAULT_COMMISSION_RATE, DEFAULT_DEPOSIT_RATE, depositCents, type BookingPrice } from '../booking/money-rules';

/** An offer is open this long unless the guide says otherwise; never past its start. */
export const DEFAULT_OFFER_VALID_HOURS = 48;
export const MAX_OFFER_VALID_HOURS = 168;
/** The guide's fee may not go below this share of the rate-based price (decision 078). */
export const OFFER_FLOOR_RATE = 0.5;
/** ...nor above this multiple of it (a typed zero too many is caught before a traveler sees it). */
export const OFFER_CEILING_RATE = 10;

/** What the offers table stores; `booked` and `expired` are read from the booking and the clock. */
export const OFFER_STORED_STATUSES = ['open', 'withdrawn', 'declined'] as const;
export const OFFER_STATUSES = ['open', 'expired', 'withdrawn', 'declined', 'booked'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_DECLINE_REASONS = ['price', 'dates_changed', 'other_guide', 'plans_changed', 'other'] as const;
export type OfferDeclineReason = (typeof OFFER_DECLINE_REASONS)[number];

const HOUR_MS = 3_600_000;

/** When an offer made at `now` lapses: `validHours` later, or at the tour's start if that is sooner. */
export function offerExpiresAt(now: Date, startsAt: Date, validHours = DEFAULT_OFFER_VALID_HOURS): Date {
  return new Date(Math.min(now.getTime() + validHours * HOUR_MS, startsAt.getTime()));
}

/** The lowest fee a guide may offer for a tour whose rate-based price is `suggestedCents`. */
export function offerFloorCents(suggestedCents: number): number {
  return Math.round(suggestedCents * OFFER_FLOOR_RATE);
}

export function offerCeilingCents(suggestedCents: number): number {
  return Math.round(suggestedCents * OFFER_CEILING_RATE);
}

/**
 * The status a reader sees: a booking made from the offer wins, then what the guide or traveler
 * did, then the clock.
 */
export function offerStatus(
  o: { stored: (typeof OFFER_STORED_STATUSES)[number]; booked: boolean; expiresAt: Date },
  now: Date,
): OfferStatus {
  if (o.booked) return 'booked';
  if (o.stored !== 'open') return o.stored;
  return now.getTime() >= o.expiresAt.getTime() ? 'expired' : 'open';
}

/**
 * What a booking made from an offer costs: the offer's fee is the total; deposit and commission by
 * the usual rates (decision 040). Per hour for the group, so the trip card's rate reads true.
 */
export function offerBookingPrice(opts: {
  priceCents: number;
  hours: number;
  depositRate?: number;
  commissionRate?: number;
}): BookingPrice {
  const total = opts.priceCents;
  const deposit = depositCents(total, opts.depositRate ?? DEFAULT_DEPOSIT_RATE);
  return {
    unitPriceCents: Math.round(total / opts.hours),
    additionalPerPersonCents: 0,
    totalCents: total,
    depositCents: deposit,
    balanceCents: total - deposit,
    commissionCents: Math.round(total * (opts.commissionRate ?? DEFAULT_COMMISSION_RATE)),
    // The offer's fee is for the whole tour: one base line (decision 152).
    lines: [{ kind: 'base', people: 1, amountCents: total }],
  };
}
