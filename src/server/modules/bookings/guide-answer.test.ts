import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCast, type BookingCast, confirmedBooking, daysAhead, type Person } from './test-helpers';

/**
 * The guide's answer to a paid request, accept or decline, apart from the booking and its payment (bookings.test.ts,
 * deposit-payment.test.ts).
 */
let t: TestApp;
let { traveler, stranger, admin, guide, otherGuide } = {} as BookingCast;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ traveler, stranger, admin, guide, otherGuide } = await bookingCast(t));
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });

describe('the guide’s answer', () => {
  it('accept: only the guide of the booking; the trip becomes upcoming and an event goes out', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(50));
    const seen: number[] = [];
    const off = t.app.bookings.events.on('booking.accepted', (e) => void seen.push(e.bookingId));
    for (const who of [traveler, stranger, otherGuide]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/bookings/${id}/accept`,
        headers: auth(who.token),
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept` })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/accept`,
      headers: auth(guide.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'upcoming', actions: ['start_confirm', 'cancel'] });
    await t.app.jobs.settled(); // the event is written with the change and dispatched after the commit (decision 085)
    expect(seen).toEqual([id]);
    off();
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/accept`,
      headers: auth(guide.token),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('invalid_transition');
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json().actions).toEqual(['start_confirm', 'cancel']);
  });

  it('decline: needs a reason, refunds the whole deposit and balances the ledger', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(51));
    const events: unknown[] = [];
    const off = t.app.bookings.events.on('booking.declined', (e) => void events.push(e));
    const url = `/api/v2/bookings/${id}/decline`;
    expect((await t.app.inject({ method: 'POST', url, headers: auth(guide.token), payload: {} })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: auth(otherGuide.token), payload: { reason: 'Busy' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: auth(traveler.token), payload: { reason: 'Busy' } }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(guide.token),
      payload: { reason: 'I am at a family wedding that day' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'I am at a family wedding that day',
    });
    expect(res.json().payments[0]).toMatchObject({ status: 'refunded', refundedCents: 13_200 });
    await t.app.jobs.settled(); // dispatched after the commit (decision 085)
    expect(events).toEqual([
      {
        bookingId: id,
        travelerId: traveler.id,
        guideUserId: guide.id,
        reason: 'I am at a family wedding that day',
        refundCents: 13_200,
        currency: 'CNY',
      },
    ]);
    off();
    const ledger = (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
    expect(ledger.balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
    expect(ledger.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'deposit',
      'deposit',
      'deposit_release',
      'refund',
    ]);
  });
});
