import type { BookingStatus } from '../../../shared/booking/state-machine';

/**
 * The rules the chat send's one statement (decision 089, `send.repository.ts`) used to carry inline:
 * their plain forms here, their SQL forms (over the same status lists) in `send.repository.ts`, so each
 * can be tested on its own (`send-rules.test.ts`) while the statement stays one.
 */

/** Statuses of a booking between the pair that does not count (credits): a cancelled one. */
export const NOT_A_BOOKING: readonly BookingStatus[] = ['cancelled'];
/** Statuses that do not unlock contacts: cancelled, and an unpaid checkout. */
export const CONTACTS_LOCKED: readonly BookingStatus[] = ['cancelled', 'pending'];

/** A booking between the pair that ends a traveler's free-message count (decision 050). */
export const countsAsBooking = (status: BookingStatus): boolean => !NOT_A_BOOKING.includes(status);
/** A booking between the pair that unlocks the contacts in their messages (paid: confirmed or later). */
export const unlocksContacts = (status: BookingStatus): boolean => !CONTACTS_LOCKED.includes(status);

/**
 * How many messages one sender may send in a minute, across all their conversations (decision 160):
 * counted in the send's own statement, per sender rather than per address, so a tour group behind one
 * hotel network or a carrier's shared address does not share one limit.
 */
export const SENDS_PER_MINUTE = 60;
