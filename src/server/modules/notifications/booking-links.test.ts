import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import type { BookingEventMap } from '../bookings/booking/events';
import { call, guide, traveler, type Who } from '../messaging/test-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Decision 103: every notice about a booking — in the bell, on the notifications page and in its
 * e-mail — links to that booking (`/dashboard?booking={id}` for the traveler, `/guide-dashboard?
 * booking={id}` for the guide), so the reader lands on its card, not on a tab that may not hold it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Dispatch = (name: string, payload: unknown) => Promise<void>;
const BASE = '/api/v2/system-messages';

/** One payload per booking event (each one the job runner dispatches after the booking's commit, decision 085). */
function everyEvent(
  bookingId: number,
  travelerId: number,
  guideUserId: number,
  guideId: number,
): { [K in keyof BookingEventMap]: BookingEventMap[K][] } {
  const b = { bookingId, travelerId, guideUserId };
  const move = { proposalId: 1, date: '2031-05-02', startTime: '10:00', days: 1 };
  const when = { date: '2031-05-02', startTime: '10:00', days: 1 };
  return {
    'booking.created': [b],
    'booking.change_requested': [{ ...b, changeId: 1, travelers: 5, days: 3, answerBy: '2031-04-30T01:00:00.000Z' }],
    'booking.changed': [
      { ...b, changeId: 1, travelers: 5, days: 3, refundCents: 0, currency: 'CNY' },
      { ...b, changeId: 2, travelers: 4, days: 2, refundCents: 13200, currency: 'JPY' },
    ],
    'booking.change_closed': [
      { ...b, changeId: 3, how: 'declined', reason: 'My car seats five' },
      { ...b, changeId: 4, how: 'lapsed', reason: null },
    ],
    'booking.paid': [
      { ...b, amountCents: 13200, answerBy: '2031-04-29T01:00:00.000Z' },
      { ...b, amountCents: 13200, fromOffer: true },
    ],
    'booking.payment_held': [{ ...b, paymentDueAt: '2031-04-28T01:30:00.000Z' }],
    'booking.accepted': [b],
    'booking.declined': [{ ...b, reason: 'busy', refundCents: 13200 }],
    'booking.cancelled': [
      { ...b, by: 'traveler', reason: 'cancel', note: null, refundCents: 13200 },
      { ...b, by: 'system', reason: 'payment_expired', note: null, refundCents: 0 },
    ],
    'booking.awaiting_start': [b, { ...b, day: 1, days: 3 }],
    'booking.tour_day': [{ ...b, day: 2, days: 3 }],
    'booking.start_confirmed': [
      { ...b, by: 'traveler', status: 'start_confirmed' },
      { ...b, by: 'guide', status: 'ongoing' },
    ],
    'booking.extension_requested': [{ ...b, hours: 1, priceCents: 9000 }],
    'booking.extension_paid': [{ ...b, hours: 1, priceCents: 9000 }],
    'booking.extension_approved': [{ ...b, hours: 1 }],
    'booking.extension_rejected': [{ ...b, hours: 1, refundCents: 9000 }],
    'booking.extension_withdrawn': [{ ...b, hours: 1, by: 'system' }],
    'booking.extension_confirmed': [{ ...b, hours: 1 }],
    'booking.completed': [
      { ...b, by: 'guide', guideEarningsCents: 30000 },
      { ...b, by: 'traveler', guideEarningsCents: 30000 },
    ],
    'booking.reschedule_proposed': [
      { ...b, ...move, by: 'traveler', reason: null, expiresAt: '2031-04-30T01:00:00.000Z' },
      { ...b, ...move, proposalId: 2, by: 'guide', reason: 'rain', expiresAt: '2031-04-30T01:00:00.000Z' },
    ],
    'booking.rescheduled': [{ ...b, ...move, by: 'guide', fromDate: '2031-05-01', fromStartTime: '09:00' }],
    'booking.reschedule_declined': [{ ...b, ...move, by: 'guide', reason: 'busy' }],
    'booking.reschedule_expired': [{ ...b, ...move, proposedBy: 'traveler' }],
    'booking.replacement_offered': [{ ...b, ...when, note: 'ill', lapsesAt: '2031-05-01T21:00:00.000Z' }],
    'booking.replacement_requested': [{ ...b, ...when, answerBy: '2031-04-30T12:00:00.000Z', coveredCents: 0 }],
    'booking.replacement_declined': [{ ...b, how: 'declined', lapsesAt: '2031-05-01T21:00:00.000Z', attempt: 1 }],
    'booking.no_show_reported': [
      { ...b, by: 'traveler', note: null, refundCents: 13200 },
      { ...b, by: 'guide', note: null, refundCents: 0 },
    ],
    'booking.no_show_replacing': [
      { ...b, ...when, note: 'Waited 30 minutes at the north exit', lapsesAt: '2031-05-02T03:00:00.000Z' },
    ],
    'booking.cancelled_for_guide': [{ ...b, note: 'Hospitalised; could not reach us' }],
    'booking.day_plans_updated': [
      {
        ...b,
        guideId,
        by: 'traveler',
        days: [2],
        note: 'Plan for each day updated:\nDay 2 (May 3) · 09:00',
        at: '2031-04-27T01:00:00.000Z',
      },
    ],
  };
}

async function messagesOf(who: Who) {
  const res = await call(t, who, 'GET', `${BASE}?limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data.messages as {
    title: string;
    actionUrl: string | null;
    relatedEntityType: string | null;
    relatedEntityId: number | null;
  }[];
}

describe('booking notices link to their booking (decision 103)', () => {
  it('every booking event gives both sides a link carrying the booking id, in the app and in the e-mail', async () => {
    const events = (t.app as unknown as { bookings: { events: { dispatch: Dispatch } } }).bookings.events;
    const a = await traveler(t);
    const g = await guide(t);
    // Both want every booking, payment and reminder notice by e-mail too.
    for (const who of [a, g]) {
      const defaults = (await call(t, who, 'GET', '/api/me/notification-settings')).json().data;
      const on = { inApp: true, browser: false, email: true };
      const saved = await call(t, who, 'PUT', '/api/me/notification-settings', {
        kinds: { ...defaults.kinds, booking: on, payment: on, reminder: on },
      });
      expect(saved.statusCode).toBe(200);
    }
    const bookingId = 7731;
    const all = everyEvent(bookingId, a.id, g.id, g.guideId);
    for (const [name, payloads] of Object.entries(all)) {
      for (const payload of payloads) await events.dispatch(name, payload);
    }

    const mine = await messagesOf(a);
    const theirs = await messagesOf(g);
    // Enough notices to mean the sweep ran: each side hears of most events.
    expect(mine.length).toBeGreaterThanOrEqual(15);
    expect(theirs.length).toBeGreaterThanOrEqual(12);
    for (const m of mine) {
      expect(m.relatedEntityType, m.title).toBe('booking');
      expect(m.actionUrl, m.title).toMatch(new RegExp(`^/dashboard\\?booking=${bookingId}$`));
    }
    for (const m of theirs) {
      expect(m.actionUrl, m.title).toMatch(new RegExp(`^/guide-dashboard\\?booking=${bookingId}(#[a-z-]+)?$`));
    }

    // The e-mails carry the same link, absolute.
    const { appUrl } = t.app.ctx.config;
    const mails = await t.database.db
      .select({
        subject: emailOutbox.subject,
        to: emailOutbox.toAddress,
        text: emailOutbox.textBody,
        html: emailOutbox.htmlBody,
      })
      .from(emailOutbox);
    const emails = await Promise.all(
      [a, g].map(async (who) => (await call(t, who, 'GET', '/api/me')).json().email as string),
    );
    const toTraveler = mails.filter((m) => m.to === emails[0]);
    const toGuide = mails.filter((m) => m.to === emails[1]);
    expect(toTraveler.length).toBe(mine.length);
    expect(toGuide.length).toBe(theirs.length);
    for (const m of toTraveler) {
      expect(m.text, m.subject).toContain(`${appUrl}/dashboard?booking=${bookingId}`);
      expect(m.html, m.subject).toContain(`${appUrl}/dashboard?booking=${bookingId}`);
    }
    for (const m of toGuide) expect(m.text, m.subject).toContain(`${appUrl}/guide-dashboard?booking=${bookingId}`);
  });
});
