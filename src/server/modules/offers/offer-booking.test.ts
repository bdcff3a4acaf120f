import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { call, type Who } from '../messaging/test-helpers';
import { offerSuite, tokyoDay, type OfferParties } from './test-helpers';

/**
 * Booking an offer (decision 078), through the API: apart from making one (offers.test.ts), as it
 * is the way into a booking. Runs on PGlite and, with DATABASE_URL set, on a fresh PostgreSQL
 * database, where the two bookings of one offer really race.
 */
const suite = offerSuite();
const { nextDay, sendRequest, makeOffer, bookOffer, payDeposit, messagesOf } = suite;
let t: TestApp;
let traveler: Who;
let stranger: Who;
let guide: OfferParties['guide'];
let otherGuide: OfferParties['guide'];
beforeAll(() => {
  ({ t, traveler, stranger, guide, otherGuide } = suite.parties);
});

describe('booking an offer', () => {
  it('costs what the offer says whatever the body claims, and is upcoming once the deposit is paid', async () => {
    const date = nextDay();
    const requestId = await sendRequest(date);
    const offer = await makeOffer(date, { requestMessageId: requestId, priceCents: 88_800 });
    const res = await bookOffer(traveler, {
      offerId: offer.id,
      guideId: otherGuide.guideId,
      date: tokyoDay(90),
      startTime: '15:00',
      durationHours: 8,
      travelers: 9,
      totalPrice: 1,
      totalPriceCents: 100,
      depositCents: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({
      status: 'pending',
      offerId: offer.id,
      guideId: guide.guideId,
      date,
      scheduledStartTime: '10:00',
      duration: 3,
      travelers: 2,
      totalPriceCents: 88_800,
      depositCents: 17_760,
      balanceCents: 71_040,
      meetingAddress: 'Tsukiji Station exit 1',
      meetingPostalCode: '104-0045',
    });
    // Both sides see "Booked TG…" on the offer and on the request.
    const number = booking.bookingNumber as string;
    for (const who of [traveler, guide]) {
      const list = await messagesOf(who);
      expect(list.find((m) => m.id === offer.messageId)?.offer).toMatchObject({
        status: 'booked',
        booking: { bookingNumber: number },
      });
      expect(list.find((m) => m.id === requestId)?.tourRequest?.state.offer).toMatchObject({
        status: 'booked',
        bookingNumber: number,
      });
    }

    const paid = await payDeposit(traveler, booking.id);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().booking.status).toBe('upcoming');
    const forGuide = await call(t, guide, 'GET', `/api/v2/bookings/${booking.id}`);
    expect(forGuide.json()).toMatchObject({ status: 'upcoming', respondBy: null });
    // The start-day job, not the guide's 48-h answer expiry.
    const keys = (await t.database.db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.status, 'queued'))).map(
      (j) => j.key,
    );
    expect(keys).toContain(`booking.start_day:${booking.id}`);
    expect(keys).not.toContain(`booking.request_expiry:${booking.id}`);

    // The ledger of the booking sums to zero.
    const ledger = await t.app.bookings.ledger(booking.id);
    expect(ledger.entries.length).toBeGreaterThan(0);
    expect(ledger.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(ledger.balance.total).toBe(0);

    // One offer books once.
    const again = await bookOffer(traveler, { offerId: offer.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('offer_closed');
  });

  it('is the offer’s traveler’s alone: another traveler gets 404, as does a missing offer', async () => {
    const offer = await makeOffer();
    expect((await bookOffer(stranger, { offerId: offer.id })).statusCode).toBe(404);
    expect((await bookOffer(guide, { offerId: offer.id })).statusCode).toBe(404);
    expect((await bookOffer(traveler, { offerId: 987_654 })).statusCode).toBe(404);
  });

  it('refuses an expired, withdrawn or declined offer', async () => {
    const withdrawn = await makeOffer();
    await call(t, guide, 'POST', `/api/v2/offers/${withdrawn.id}/withdraw`);
    const declined = await makeOffer();
    await call(t, traveler, 'POST', `/api/v2/offers/${declined.id}/decline`, {});
    const expiring = await makeOffer(nextDay(), { validHours: 1 });
    const realNow = t.app.bookings.now;
    t.app.bookings.now = () => new Date(Date.now() + 61 * 60_000);
    try {
      expect((await call(t, traveler, 'GET', `/api/v2/offers/${expiring.id}`)).json().data.status).toBe('expired');
      for (const [offer, status] of [
        [withdrawn, 'withdrawn'],
        [declined, 'declined'],
        [expiring, 'expired'],
      ] as const) {
        const res = await bookOffer(traveler, { offerId: offer.id });
        expect(res.statusCode, status).toBe(409);
        expect(res.json()).toMatchObject({ code: 'offer_closed', fields: [{ path: 'offerId', message: status }] });
      }
      expect((await call(t, traveler, 'POST', `/api/v2/offers/${expiring.id}/decline`, {})).json().code).toBe(
        'offer_closed',
      );
    } finally {
      t.app.bookings.now = realNow;
    }
  });

  it('books again after an unpaid checkout lapsed, but never twice while one is live', async () => {
    const offer = await makeOffer();
    const first = (await bookOffer(traveler, { offerId: offer.id })).json();
    expect((await bookOffer(traveler, { offerId: offer.id })).json().code).toBe('offer_closed');
    await t.app.jobs.tick(new Date(Date.now() + 31 * 60_000));
    expect((await call(t, traveler, 'GET', `/api/v2/bookings/${first.id}`)).json().status).toBe('cancelled');
    expect((await call(t, traveler, 'GET', `/api/v2/offers/${offer.id}`)).json().data.status).toBe('open');
    const second = await bookOffer(traveler, { offerId: offer.id });
    expect(second.statusCode, second.body).toBe(201);
  });

  it('is refused with 409 traveler_busy when the traveler is booked elsewhere at those hours', async () => {
    const date = nextDay();
    const offer = await makeOffer(date);
    const elsewhere = await bookOffer(traveler, {
      guideId: otherGuide.guideId,
      date,
      startTime: '11:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect((await payDeposit(traveler, elsewhere.json().id)).statusCode).toBe(201);
    const res = await bookOffer(traveler, { offerId: offer.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'traveler_busy',
      fields: [{ path: 'booking', message: elsewhere.json().bookingNumber }],
    });
    expect((await call(t, traveler, 'GET', `/api/v2/offers/${offer.id}`)).json().data.status).toBe('open');
  });

  it('two bookings of one offer at once: one 201, one 409', async () => {
    const offer = await makeOffer();
    const replies = await Promise.all([
      bookOffer(traveler, { offerId: offer.id }),
      bookOffer(traveler, { offerId: offer.id }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().code).toBe('offer_closed');
  });

  it('tells both sides at once: the offer’s card is sent again when it is booked', async () => {
    const offer = await makeOffer();
    const sent: { to: number[]; type: string; offerStatus?: string }[] = [];
    const rt = t.app.realtime;
    const original = rt.send.bind(rt);
    rt.send = (to, event) => {
      const payload = event.payload as { id?: number; offer?: { status: string } | null };
      if (event.type === 'new_message' && payload.id === offer.messageId)
        sent.push({ to, type: event.type, offerStatus: payload.offer?.status });
      original(to, event);
    };
    try {
      expect((await bookOffer(traveler, { offerId: offer.id })).statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      rt.send = original;
    }
    expect(sent).toEqual(
      expect.arrayContaining([
        { to: [traveler.id], type: 'new_message', offerStatus: 'booked' },
        { to: [guide.id], type: 'new_message', offerStatus: 'booked' },
      ]),
    );
  });
});
