import { sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/booking/state-machine';

/**
 * The rules the chat send's one statement (decision 089, `send.repository.ts`) used to carry inline,
 * named here beside their plain forms so each can be tested on its own (`send-rules.test.ts`) while
 * the statement stays one.
 */

/** Statuses of a booking between the pair that does not count (credits): a cancelled one. */
const NOT_A_BOOKING: readonly BookingStatus[] = ['cancelled'];
/** Statuses that do not unlock contacts: cancelled, and an unpaid checkout. */
const CONTACTS_LOCKED: readonly BookingStatus[] = ['cancelled', 'pending'];

/** A booking between the pair that ends a traveler's free-message count (decision 050). */
export const countsAsBooking = (status: BookingStatus): boolean => !NOT_A_BOOKING.includes(status);
/** A booking between the pair that unlocks the contacts in their messages (paid: confirmed or later). */
export const unlocksContacts = (status: BookingStatus): boolean => !CONTACTS_LOCKED.includes(status);

const statusList = (list: readonly BookingStatus[]) => sql.raw(list.map((s) => `'${s}'`).join(', '));

/** `countsAsBooking` for any booking of the pair (an SQL boolean). */
export function pairHasBookingSql(travelerId: SQL, guideId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM bookings b WHERE b.traveler_id = ${travelerId} AND b.guide_id = ${guideId} AND b.status NOT IN (${statusList(NOT_A_BOOKING)}))`;
}

/** `unlocksContacts` for any booking of the pair (an SQL boolean). */
export function pairConfirmedSql(travelerId: SQL, guideId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM bookings b WHERE b.traveler_id = ${travelerId} AND b.guide_id = ${guideId} AND b.status NOT IN (${statusList(CONTACTS_LOCKED)}))`;
}

/**
 * `canSend(creditsFor(side, facts))` of `shared/messaging/credits.ts` as an SQL boolean: a guide always
 * may; a traveler while a booking exists, the guide has replied, or fewer than `freeMessages` are sent.
 */
export function maySendSql(f: { senderIsTraveler: SQL; hasBooking: SQL; guideMessages: SQL; travelerMessages: SQL }, freeMessages: number): SQL {
  return sql`(NOT ${f.senderIsTraveler} OR ${f.hasBooking} OR ${f.guideMessages} > 0 OR ${f.travelerMessages} < ${freeMessages})`;
}
