import type { BookingStatus } from '../../../shared/booking/state-machine';
import { creditsFor, type Credits } from '../../../shared/messaging/credits';

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

export type Side = 'traveler' | 'guide';

/** The other member of a conversation. */
export const otherOf = (c: { travelerId: number; guideUserId: number }, userId: number) =>
  c.travelerId === userId ? c.guideUserId : c.travelerId;

/**
 * Both sides' credits, from the conversation's counters of sent messages (decision 089) and whether the pair has a
 * booking.
 */
export const creditsOf = (
  n: { travelerMessages: number; guideMessages: number },
  hasBooking: boolean,
): Record<Side, Credits> => {
  const facts = { travelerMessages: n.travelerMessages, guideReplied: n.guideMessages > 0, hasBooking };
  return { traveler: creditsFor('traveler', facts), guide: creditsFor('guide', facts) };
};
