import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  bookingCast,
  type BookingCast,
  confirmedBooking,
  daysAhead,
  guidePerson,
  type Person,
} from './test-helpers';

/** Cancelling a booking by either side, its quote and refund to the fen, and the admin's ledger of it. */
let t: TestApp;
let { traveler, stranger, admin, guide, otherGuide } = {} as BookingCast;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ traveler, stranger, admin, guide, otherGuide } = await bookingCast(t));
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });

describe('cancelling', () => {
  it('quotes and refunds a traveler’s cancellation by the tier, to the fen', async () => {
    const g = await guidePerson(t, { priceRmb: 333 });
    const date = daysAhead(10);
    const id = await confirmedBooking(t, traveler, g.guideId, date, '10:00', 3);
    await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(g.token) });
    // Deposit: (333 + 30) × 3 = 1089 RMB → 217.80 RMB.
    const start = new Date(`${date}T01:00:00Z`).getTime();
    t.app.bookings.now = () => new Date(start - 5 * 86_400_000); // 5 days before: 50%
    try {
      const quote = await get(`/api/v2/bookings/${id}/cancellation-quote`, traveler);
      expect(quote.statusCode).toBe(200);
      expect(quote.json()).toMatchObject({
        cancellable: true,
        cancelledBy: 'traveler',
        tier: 'days_3_to_7',
        depositPaidCents: 21_780,
        refundCents: 10_890,
        refundPercent: 50,
        guideCents: 9_801,
        platformCents: 1_089,
        method: 'card',
        minBusinessDays: 3,
        maxBusinessDays: 5,
        hoursUntilStart: 120,
      });
      expect((await get(`/api/v2/bookings/${id}/cancellation-quote`, stranger)).statusCode).toBe(404);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/status`,
        headers: auth(traveler.token),
        payload: { status: 'cancelled' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'traveler',
        refund: { amountCents: 10_890, method: 'card', minBusinessDays: 3, maxBusinessDays: 5 },
      });
      expect(res.json().payments[0]).toMatchObject({ status: 'partially_refunded', refundedCents: 10_890 });
      const ledger = (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
      expect(ledger.balance).toEqual({ traveler: -10_890, guide: 9_801, platform: 1_089, total: 0 });
      const again = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/status`,
        headers: auth(traveler.token),
        payload: { status: 'cancelled' },
      });
      expect(again.statusCode).toBe(409);
      expect((await get(`/api/v2/bookings/${id}/cancellation-quote`, traveler)).json().cancellable).toBe(false);
    } finally {
      t.app.bookings.now = () => new Date();
    }
  });

  it('refunds everything when the guide cancels; strangers get 404 and other statuses 409', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(52));
    const patch = (who: Person | undefined, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/status`,
        headers: who ? auth(who.token) : {},
        payload: { status },
      });
    expect((await patch(guide, 'cancelled')).json().code).toBe('invalid_transition'); // a request is declined, not cancelled
    await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(guide.token) });
    expect((await patch(stranger, 'cancelled')).statusCode).toBe(404);
    expect((await patch(otherGuide, 'cancelled')).statusCode).toBe(404);
    expect((await patch(undefined, 'cancelled')).statusCode).toBe(401);
    expect((await patch(traveler, 'completed')).statusCode).toBe(409);
    expect((await patch(traveler, 'nonsense')).statusCode).toBe(400);
    const quote = (await get(`/api/v2/bookings/${id}/cancellation-quote`, guide)).json();
    expect(quote).toMatchObject({ cancelledBy: 'guide', refundCents: 13_200, refundPercent: 100 });
    const res = await patch(guide, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide', refund: { amountCents: 13_200 } });
    expect((await get(`/api/admin/bookings/${id}/ledger`, admin)).json().balance.total).toBe(0);
  });

  it('lets a traveler drop an unpaid booking; the slot is free again', async () => {
    const date = daysAhead(53);
    const id = (
      await book(t, traveler, { guideId: otherGuide.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 })
    ).json().id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled' },
    });
    expect(res.json()).toMatchObject({ status: 'cancelled', refund: null });
    expect(
      (
        await book(t, stranger, {
          guideId: otherGuide.guideId,
          date,
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('admin ledger', () => {
  it('is for admins only: others 404, visitors 401', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(54),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    expect((await get(`/api/admin/bookings/${id}/ledger`, admin)).json()).toEqual({
      bookingId: id,
      entries: [],
      balance: { traveler: 0, guide: 0, platform: 0, total: 0 },
    });
    for (const who of [traveler, guide])
      expect((await get(`/api/admin/bookings/${id}/ledger`, who)).statusCode).toBe(404);
    expect((await get(`/api/admin/bookings/${id}/ledger`)).statusCode).toBe(401);
    expect((await get(`/api/admin/bookings/99999999/ledger`, admin)).statusCode).toBe(404);
  });
});
