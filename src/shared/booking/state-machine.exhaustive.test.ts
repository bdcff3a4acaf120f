import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, nextStatus, type Actor, type BookingEvent, type BookingStatus } from './state-machine';

/**
 * docs/rules/booking-lifecycle.md restated as an independent oracle: every (status, event, actor) triple not listed here
 * must be refused, every listed one must land where the table says.
 */
const T = 'traveler';
const G = 'guide';
const S = 'system';
const A = 'admin';
const TABLE: [BookingStatus[], BookingEvent, Actor[], BookingStatus][] = [
  [['pending'], 'deposit_paid', [S], 'confirmed'],
  [['pending'], 'payment_expired', [S], 'cancelled'],
  [['confirmed'], 'accept', [G], 'upcoming'],
  [['confirmed'], 'decline', [G], 'cancelled'],
  [['confirmed'], 'request_expired', [S], 'cancelled'],
  [['upcoming'], 'start_day', [S], 'awaiting_start'],
  [['upcoming', 'awaiting_start'], 'start_confirm', [T, G], 'start_confirmed'],
  [['start_confirmed'], 'start_confirm', [T, G], 'ongoing'],
  [['ongoing'], 'request_extension', [T], 'extend_requested'],
  [['extend_requested'], 'extension_paid', [T, S], 'extend_requested'],
  [['extend_requested'], 'approve_extension', [G], 'extend_confirmed'],
  [['extend_requested'], 'reject_extension', [G], 'ongoing'],
  [['extend_confirmed'], 'confirm_extension', [T], 'ongoing'],
  // An unpaid extension request is withdrawn or lapses.
  [['extend_requested'], 'withdraw_extension', [T], 'ongoing'],
  [['extend_requested'], 'extension_lapsed', [S], 'ongoing'],
  [['ongoing'], 'service_complete', [T, G], 'completed'],
  // Decision 040 adds 'pending' for the traveler (dropping an unpaid booking).
  [['pending', 'upcoming', 'awaiting_start', 'confirmed'], 'cancel', [T], 'cancelled'],
  [['upcoming', 'awaiting_start'], 'cancel', [G], 'cancelled'],
  [['ongoing', 'completed'], 'dispute', [T, G], 'disputed'],
  [['disputed'], 'resolve', [A], 'completed'],
  // Decision 079: a reschedule keeps the status.
  [['confirmed'], 'reschedule', [T, G], 'confirmed'],
  [['upcoming'], 'reschedule', [T, G], 'upcoming'],
];
/** docs/rules/booking-lifecycle.md's row for a booking made from an offer (decision 078): the only difference it makes. */
const FROM_OFFER: [BookingStatus[], BookingEvent, Actor[], BookingStatus] = [['pending'], 'deposit_paid', [S], 'upcoming'];
const EVENTS: BookingEvent[] = [...new Set(TABLE.map((r) => r[1]))];
const ACTORS: Actor[] = [T, G, S, A];

describe('booking state machine, exhaustively (status × event × actor)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('has 19 events', () => expect(EVENTS).toHaveLength(19));
  for (const fromOffer of [false, true])
  for (const status of BOOKING_STATUSES) {
    for (const event of EVENTS) {
      for (const actor of ACTORS) {
        const table = fromOffer ? [FROM_OFFER, ...TABLE] : TABLE;
        const row = table.find((r) => r[0].includes(status) && r[1] === event && r[2].includes(actor));
        const anyActor = table.some((r) => r[0].includes(status) && r[1] === event);
        it(`${fromOffer ? '(from an offer) ' : ''}${status} --${event}/${actor}--> ${row ? row[3] : 'refused'}`, () => {
          const facts = {
            status,
            travelerConfirmedStart: false,
            guideConfirmedStart: false,
            travelerConfirmedExtension: false,
            extensionCount: 0,
            completedAt: new Date(now.getTime() - 86_400_000),
            fromOffer,
          };
          const result = nextStatus(facts, event, actor, { now, resolution: 'completed' });
          if (row) expect(result).toMatchObject({ ok: true, from: status, to: row[3] });
          else expect(result).toEqual({ ok: false, reason: anyActor ? 'actor_not_allowed' : 'invalid_transition' });
        });
      }
    }
  }
});
