/**
 * What every family of booking notices is built from (booking-events.ts and its reschedule-, change-
 * and trip-trouble- siblings): the fields each event carries, its amount and credit, where a notice
 * takes its reader, and the listener each family is handed.
 */
import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import type { Currency } from '../../../shared/currency';
import type { BookingEventName } from '../bookings/index';
import type { Money } from './templates';

/** What every booking event carries. */
export interface Base {
  bookingId: number;
  travelerId: number;
  guideUserId: number;
}

/**
 * The credit the guide's end of a paid booking gave, when the event carries one (decision 139), in the booking's
 * currency.
 */
export interface Credit {
  creditCents?: number;
  creditCurrency?: Currency;
  creditExpiresAt?: string;
}
// Events written before two currencies (decision 164) name none: theirs were yuan.
export const creditOf = (p: Credit) =>
  p.creditCents && p.creditExpiresAt
    ? { cents: p.creditCents, currency: p.creditCurrency ?? 'CNY', expiresAt: p.creditExpiresAt }
    : null;

/**
 * The currency of an event's amount (bookings/booking/events.ts: a payment's or refund's is what was charged); absent
 * on events from before two currencies: yuan.
 */
export interface In {
  currency?: Currency;
}
export const amountOf = (cents: number, p: In): Money => ({ cents, currency: p.currency ?? 'CNY' });

/**
 * Where a booking's notice takes its reader: the booking on the traveler's trips or the guide's dashboard
 * (decision 103).
 */
export const urlFor = (p: Base, userId: number) =>
  userId === p.guideUserId ? guideBookingPath(p.bookingId) : travelerBookingPath(p.bookingId);

/** The booking each notice is about. */
export const related = (p: Base) => ({ type: 'booking', id: p.bookingId });

/** A family's listeners, each with what takes it off the seam. */
export type Unsubscribe = () => void;
export type Listen = <P extends Base>(name: BookingEventName, fn: (p: P) => Promise<unknown>) => Unsubscribe;
