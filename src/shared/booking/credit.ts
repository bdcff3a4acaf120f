import { depositCents } from './money-rules';

/**
 * The credit for the next booking (decision 139): given by the platform when a guide's cancellation
 * or absence ends a paid booking in a refund, and taken off the next checkout's total. Pure.
 */

/** Default credit, fen (setting TRAVEL_CREDIT_CENTS): 50 RMB. */
export const DEFAULT_TRAVEL_CREDIT_CENTS = 5_000;
/** A credit can be spent for a year. */
export const TRAVEL_CREDIT_DAYS = 365;

/**
 * What of a credit a booking of `totalCents` takes: at most half its total, so a deposit is still paid
 * and the booking is still a purchase; the credit is spent whole (a rest is not kept).
 */
const appliedCredit = (totalCents: number, creditCents: number): number =>
  Math.max(0, Math.min(creditCents, Math.floor(totalCents / 2)));

/**
 * What the traveler pays when a credit of `availableCreditCents` is spent on a booking priced
 * `totalCents`: the credit taken (`appliedCredit`), the total less it, and the deposit on that total.
 * The checkout charges it and its preview shows it; the commission stays on the guide's price.
 */
export function priceWithCredit(
  totalCents: number,
  availableCreditCents: number,
  depositRate?: number,
): { creditCents: number; totalCents: number; depositCents: number } {
  const creditCents = appliedCredit(totalCents, availableCreditCents);
  const total = totalCents - creditCents;
  return { creditCents, totalCents: total, depositCents: depositCents(total, depositRate) };
}
