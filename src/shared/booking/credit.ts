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
export const appliedCredit = (totalCents: number, creditCents: number): number => Math.max(0, Math.min(creditCents, Math.floor(totalCents / 2)));
