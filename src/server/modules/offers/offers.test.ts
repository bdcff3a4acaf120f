import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { jobs, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CARD_OK, newKey } from '../bookings/test-helpers';
import { call, cid, guide as makeGuide, offerBody, openChat, traveler as makeTraveler, type Who } from '../messaging/test-helpers';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';

/**
 * Offers (decision 078), through the API. Runs on PGlite and, with DATABASE_URL set, on a
 * fresh PostgreSQL database, where the two bookings of one offer really race.
 */
let t: TestApp;
let traveler: Who;
let stranger: Who;
let guide: Awaited<ReturnType<typeof makeGuide>>;
let otherGuide: Awaited<ReturnType<typeof makeGuide>>;
let chat: number;
let day = 30;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await makeTraveler(t, 'Li Wei');
  stranger = await makeTraveler(t, 'Zhang San');
  guide = await makeGuide(t, 'Sato Guide');
  otherGuide = await makeGuide(t, 'Other Guide');
  chat = await openChat(t, traveler, guide.guideId);
});
afterAll(() => t?.close());

const tokyoDay = (n: number) => addDays(todayInZone('Asia/Tokyo'), n);

function requestBody(date: string) {
  return {
    clientMessageId: cid(),
    note: 'Can we see the fish market?',
    request: {
      date,
      startTime: '10:00',
      durationHours: 3,
      travelers: 2,
      meal: 'shared_meal',
      meals: 2,
      transport: 'nearby_city',
      tickets: 'pay_on_site_together',
      ticketCount: 2,
      itinerary: 'Tsukiji outer market, then Hamarikyu garden',
      groupComposition: 'Two adults',
      meetingAddress: 'Tsukiji Station exit 1',
      meetingPostalCode: '104-0045',
      subcategoryId: guide.services[0],
    },
  };
}

async function sendRequest(date: string): Promise<number> {
  const res = await call(t, traveler, 'POST', `/api/conversations/${chat}/tour-requests`, requestBody(date));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function makeOffer(date = tokyoDay(day++), extra: Record<string, unknown> = {}) {
  const res = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(date, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; messageId: number; priceCents: number; status: string };
}

const bookOffer = (who: Who, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/bookings', headers: auth(who.token), payload: body, remoteAddress: nextAddress() });
const payDeposit = (who: Who, bookingId: number) =>
  t.app.inject({ method: 'POST', url: `/api/v2/bookings/${bookingId}/payments`, headers: { ...auth(who.token), 'idempotency-key': newKey() }, payload: CARD_OK, remoteAddress: nextAddress() });

async function messagesOf(who: Who) {
  const res = await call(t, who, 'GET', `/api/conversations/${chat}/messages?limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; kind: string; offer: { id: number; status: string; booking: { bookingNumber: string } | null } | null; tourRequest: { state: { status: string; offer: { id: number; status: string; bookingNumber: string | null } | null } } | null }[];
}

describe('a meeting point chosen from the list (decision 094)', () => {
  const tokyoStation = { meetingAddress: '东京站 · 東京都千代田区丸の内1丁目', meetingPostalCode: '100-0005', meetingLat: 35.6812, meetingLng: 139.7671 };

  it('keeps its coordinates from the request, through the offer, to the booking; and through an accepted request', async () => {
    const date = tokyoDay(day++);
    const body = requestBody(date);
    const sent = await call(t, traveler, 'POST', `/api/conversations/${chat}/tour-requests`, { ...body, request: { ...body.request, ...tokyoStation } });
    expect(sent.statusCode, sent.body).toBe(201);
    const requestId = sent.json().data.id as number;
    expect(sent.json().data.tourRequest).toMatchObject(tokyoStation);

    const offer = await makeOffer(date, { requestMessageId: requestId, ...tokyoStation });
    expect(offer).toMatchObject({ meetingLat: 35.6812, meetingLng: 139.7671 });
    const booked = await bookOffer(traveler, { offerId: offer.id });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject(tokyoStation);

    // A typed address has none, and a request accepted as it is keeps the chosen place's.
    expect(await makeOffer()).toMatchObject({ meetingLat: null, meetingLng: null });
    const second = tokyoDay(day++);
    const again = await call(t, traveler, 'POST', `/api/conversations/${chat}/tour-requests`, { ...requestBody(second), request: { ...requestBody(second).request, ...tokyoStation } });
    const accepted = await call(t, guide, 'POST', `/api/conversations/${chat}/tour-requests/${again.json().data.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const bookingId = accepted.json().data.tourRequest.state.bookingId as number;
    const view = await t.app.inject({ url: `/api/v2/bookings/${bookingId}`, headers: auth(traveler.token) });
    expect(view.json()).toMatchObject(tokyoStation);
  });

  it('refuses coordinates outside Japan', async () => {
    const date = tokyoDay(day++);
    const res = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(date, { meetingLat: 48.85, meetingLng: 2.35 }));
    expect(res.statusCode).toBe(400);
  });
});

describe('making an offer', () => {
  it('answers a tour request: the rate-based price beside the fee, the request’s extras in yen, 48 h to book', async () => {
    const date = tokyoDay(day++);
    const requestId = await sendRequest(date);
    const quote = await call(t, guide, 'GET', `/api/v2/conversations/${chat}/offer-quote?durationHours=3&travelers=2&subcategoryId=${guide.services[0]}`);
    // (300 + 30) RMB × 3 h = 990 RMB; the floor is half of it.
    expect(quote.json()).toMatchObject({ suggestedCents: 99_000, floorCents: 49_500, depositRate: 0.2 });

    const before = Date.now();
    const res = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(date, { requestMessageId: requestId }));
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json().data;
    expect(offer).toMatchObject({
      status: 'open',
      requestMessageId: requestId,
      date,
      startTime: '10:00',
      timeZone: 'Asia/Tokyo',
      durationHours: 3,
      travelers: 2,
      priceCents: 80_000,
      suggestedCents: 99_000,
      depositCents: 16_000,
      meetingPostalCode: '104-0045',
      subcategory: { id: guide.services[0] },
      // 2 meals × ¥1,000, a nearby city ¥14,000, 2 tickets × ¥1,000
      extras: { mealYen: 2000, transportYen: 14_000, ticketsYen: 2000, totalYen: 18_000 },
      booking: null,
    });
    const hours = (Date.parse(offer.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThan(48.1);

    // Both sides see the offer card and the request marked offered.
    for (const who of [traveler, guide]) {
      const list = await messagesOf(who);
      expect(list.find((m) => m.id === offer.messageId)).toMatchObject({ kind: 'offer', offer: { id: offer.id, status: 'open' } });
      expect(list.find((m) => m.id === requestId)?.tourRequest?.state).toMatchObject({ status: 'offered', offer: { id: offer.id, status: 'open', bookingNumber: null } });
    }
  });

  it('sums an offer up in the conversation list in the reader’s language', async () => {
    await makeOffer();
    const en = await t.app.inject({ url: '/api/conversations', headers: { ...auth(guide.token), 'accept-language': 'en' } });
    expect(en.json().data.find((c: { conversation: { id: number } }) => c.conversation.id === chat).lastMessage).toBe('Offer · Here is my offer');
    const zh = await t.app.inject({ url: '/api/conversations', headers: { ...auth(traveler.token), 'accept-language': 'zh-CN' } });
    expect(zh.json().data.find((c: { conversation: { id: number } }) => c.conversation.id === chat).lastMessage).toBe('报价 · Here is my offer');
  });

  it('is idempotent per clientMessageId', async () => {
    const body = offerBody(tokyoDay(day++));
    const first = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, body);
    const second = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it('enforces the floor: not below half the rate-based price', async () => {
    // Basic rate, 3 h, 2 people: 990 RMB; half is 495 RMB.
    const low = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(tokyoDay(day++), { priceCents: 49_499 }));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'price_below_floor', fields: [{ path: 'priceCents' }] });
    const atFloor = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(tokyoDay(day++), { priceCents: 49_500 }));
    expect(atFloor.statusCode).toBe(201);
  });

  it('is only for the conversation’s guide: anyone else gets 404', async () => {
    const body = offerBody(tokyoDay(day++));
    for (const who of [otherGuide, stranger, traveler]) {
      const res = await call(t, who, 'POST', `/api/v2/conversations/${chat}/offers`, { ...body, clientMessageId: cid() });
      expect(res.statusCode, res.body).toBe(404);
      expect((await call(t, who, 'GET', `/api/v2/conversations/${chat}/offer-quote?durationHours=2&travelers=1`)).statusCode).toBe(404);
    }
  });

  it('refuses a day in the past and a time the guide is booked', async () => {
    // A day before today is outside the booking calendar (offer-calendar.test.ts has the far end).
    const past = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(tokyoDay(-1)));
    expect(past.json().code).toBe('date_out_of_range');
    const date = tokyoDay(day++);
    const offer = await makeOffer(date);
    expect((await bookOffer(traveler, { offerId: offer.id })).statusCode).toBe(201);
    const clash = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(date, { startTime: '11:00' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('slot_unavailable');
  });
});

describe('reading, declining and withdrawing', () => {
  it('shows an offer to its traveler and guide only', async () => {
    const offer = await makeOffer();
    expect((await call(t, traveler, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(200);
    expect((await call(t, guide, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(200);
    for (const who of [stranger, otherGuide]) expect((await call(t, who, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(401);
  });

  it('the traveler declines (with a reason), the guide withdraws; each only its own side, only while open', async () => {
    const a = await makeOffer();
    expect((await call(t, guide, 'POST', `/api/v2/offers/${a.id}/decline`, {})).statusCode).toBe(404);
    expect((await call(t, stranger, 'POST', `/api/v2/offers/${a.id}/decline`, {})).statusCode).toBe(404);
    const declined = await call(t, traveler, 'POST', `/api/v2/offers/${a.id}/decline`, { reason: 'price' });
    expect(declined.json().data).toMatchObject({ status: 'declined', declineReason: 'price' });
    expect((await call(t, guide, 'POST', `/api/v2/offers/${a.id}/withdraw`)).json()).toMatchObject({ code: 'offer_closed' });

    const b = await makeOffer();
    expect((await call(t, traveler, 'POST', `/api/v2/offers/${b.id}/withdraw`)).statusCode).toBe(404);
    expect((await call(t, otherGuide, 'POST', `/api/v2/offers/${b.id}/withdraw`)).statusCode).toBe(404);
    expect((await call(t, guide, 'POST', `/api/v2/offers/${b.id}/withdraw`)).json().data.status).toBe('withdrawn');

    // Every "no" has its reason: the other side is told in a system message (e-mailed when chosen).
    const told = async (who: Who, title: string) => {
      for (let i = 0; i < 100; i++) {
        const list = (await call(t, who, 'GET', '/api/v2/system-messages')).json().data.messages as { title: string; message: string }[];
        const m = list.find((x) => x.title === title);
        if (m) return m.message;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no message "${title}"`);
    };
    expect(await told(guide, 'Your offer was declined')).toContain('Reason: the price.');
    expect(await told(traveler, 'The guide withdrew an offer')).toContain('can no longer be booked');
  });
});

describe('in Japanese', () => {
  it('tells a guide whose stored locale is ja of a declined offer in Japanese, with the date and the reason', async () => {
    const offer = await makeOffer();
    const setLocale = (locale: string | null) => t.database.db.update(users).set({ locale }).where(eq(users.id, guide.id));
    await setLocale('ja');
    expect((await call(t, traveler, 'POST', `/api/v2/offers/${offer.id}/decline`, { reason: 'other_guide' })).statusCode).toBe(200);
    const told = async () => ((await call(t, guide, 'GET', '/api/v2/system-messages')).json().data.messages as { title: string; message: string }[]).find((m) => m.title === 'オファーが辞退されました');
    await expect.poll(async () => (await told())?.message).toMatch(/^旅行者が\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\)のオファーを辞退しました。理由：別のガイドに決めた。/);
    await setLocale(null);
  });
});

describe('booking an offer', () => {
  it('costs what the offer says whatever the body claims, and is upcoming once the deposit is paid', async () => {
    const date = tokyoDay(day++);
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
      expect(list.find((m) => m.id === offer.messageId)?.offer).toMatchObject({ status: 'booked', booking: { bookingNumber: number } });
      expect(list.find((m) => m.id === requestId)?.tourRequest?.state.offer).toMatchObject({ status: 'booked', bookingNumber: number });
    }

    const paid = await payDeposit(traveler, booking.id);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().booking.status).toBe('upcoming');
    const forGuide = await call(t, guide, 'GET', `/api/v2/bookings/${booking.id}`);
    expect(forGuide.json()).toMatchObject({ status: 'upcoming', respondBy: null });
    // The start-day job, not the guide's 48-h answer expiry.
    const keys = (await t.database.db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.status, 'queued'))).map((j) => j.key);
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
    const expiring = await makeOffer(tokyoDay(day++), { validHours: 1 });
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
      expect((await call(t, traveler, 'POST', `/api/v2/offers/${expiring.id}/decline`, {})).json().code).toBe('offer_closed');
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
    const date = tokyoDay(day++);
    const offer = await makeOffer(date);
    const elsewhere = await bookOffer(traveler, { guideId: otherGuide.guideId, date, startTime: '11:00', durationHours: 2, travelers: 1 });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect((await payDeposit(traveler, elsewhere.json().id)).statusCode).toBe(201);
    const res = await bookOffer(traveler, { offerId: offer.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'traveler_busy', fields: [{ path: 'booking', message: elsewhere.json().bookingNumber }] });
    expect((await call(t, traveler, 'GET', `/api/v2/offers/${offer.id}`)).json().data.status).toBe('open');
  });

  it('two bookings of one offer at once: one 201, one 409', async () => {
    const offer = await makeOffer();
    const replies = await Promise.all([bookOffer(traveler, { offerId: offer.id }), bookOffer(traveler, { offerId: offer.id })]);
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
      if (event.type === 'new_message' && payload.id === offer.messageId) sent.push({ to, type: event.type, offerStatus: payload.offer?.status });
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
