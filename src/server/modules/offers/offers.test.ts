import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { call, cid, offerBody, type Who } from '../messaging/test-helpers';
import { auth } from '../../test/guide-fixtures';
import { offerSuite, tokyoDay, type OfferParties } from './test-helpers';

/**
 * Offers (decision 078), through the API: making one, reading, declining and withdrawing it
 * (booking one is offer-booking.test.ts).
 */
const suite = offerSuite();
const { nextDay, requestBody, sendRequest, makeOffer, bookOffer, messagesOf } = suite;
let t: TestApp;
let traveler: Who;
let stranger: Who;
let guide: OfferParties['guide'];
let otherGuide: OfferParties['guide'];
let chat: number;
beforeAll(() => {
  ({ t, traveler, stranger, guide, otherGuide, chat } = suite.parties);
});

describe('a meeting point chosen from the list (decision 094)', () => {
  const tokyoStation = {
    meetingAddress: '东京站 · 東京都千代田区丸の内1丁目',
    meetingPostalCode: '100-0005',
    meetingLat: 35.6812,
    meetingLng: 139.7671,
  };

  it('keeps its coordinates from the request, through the offer, to the booking; and through an accepted request', async () => {
    const date = nextDay();
    const body = requestBody(date);
    const sent = await call(t, traveler, 'POST', `/api/conversations/${chat}/tour-requests`, {
      ...body,
      request: { ...body.request, ...tokyoStation },
    });
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
    const second = nextDay();
    const again = await call(t, traveler, 'POST', `/api/conversations/${chat}/tour-requests`, {
      ...requestBody(second),
      request: { ...requestBody(second).request, ...tokyoStation },
    });
    const accepted = await call(
      t,
      guide,
      'POST',
      `/api/conversations/${chat}/tour-requests/${again.json().data.id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const bookingId = accepted.json().data.tourRequest.state.bookingId as number;
    const view = await t.app.inject({ url: `/api/v2/bookings/${bookingId}`, headers: auth(traveler.token) });
    expect(view.json()).toMatchObject(tokyoStation);
  });

  it('refuses coordinates outside Japan', async () => {
    const date = nextDay();
    const res = await call(
      t,
      guide,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(date, { meetingLat: 48.85, meetingLng: 2.35 }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('making an offer', () => {
  it('answers a tour request: the rate-based price beside the fee, the request’s extras in yen, 48 h to book', async () => {
    const date = nextDay();
    const requestId = await sendRequest(date);
    const quote = await call(
      t,
      guide,
      'GET',
      `/api/v2/conversations/${chat}/offer-quote?durationHours=3&travelers=2&subcategoryId=${guide.services[0]}`,
    );
    // (300 + 30) RMB × 3 h = 990 RMB; the floor is half of it.
    expect(quote.json()).toMatchObject({ suggestedCents: 99_000, floorCents: 49_500, depositRate: 0.2 });

    const before = Date.now();
    const res = await call(
      t,
      guide,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(date, { requestMessageId: requestId }),
    );
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
      expect(list.find((m) => m.id === offer.messageId)).toMatchObject({
        kind: 'offer',
        offer: { id: offer.id, status: 'open' },
      });
      expect(list.find((m) => m.id === requestId)?.tourRequest?.state).toMatchObject({
        status: 'offered',
        offer: { id: offer.id, status: 'open', bookingNumber: null },
      });
    }
  });

  it('sums an offer up in the conversation list in the reader’s language', async () => {
    await makeOffer();
    const en = await t.app.inject({
      url: '/api/conversations',
      headers: { ...auth(guide.token), 'accept-language': 'en' },
    });
    expect(en.json().data.find((c: { conversation: { id: number } }) => c.conversation.id === chat).lastMessage).toBe(
      'Offer · Here is my offer',
    );
    const zh = await t.app.inject({
      url: '/api/conversations',
      headers: { ...auth(traveler.token), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.find((c: { conversation: { id: number } }) => c.conversation.id === chat).lastMessage).toBe(
      '报价 · Here is my offer',
    );
  });

  it('is idempotent per clientMessageId', async () => {
    const body = offerBody(nextDay());
    const first = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, body);
    const second = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it('enforces the floor: not below half the rate-based price', async () => {
    // Basic rate, 3 h, 2 people: 990 RMB; half is 495 RMB.
    const low = await call(
      t,
      guide,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(nextDay(), { priceCents: 49_499 }),
    );
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'price_below_floor', fields: [{ path: 'priceCents' }] });
    const atFloor = await call(
      t,
      guide,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(nextDay(), { priceCents: 49_500 }),
    );
    expect(atFloor.statusCode).toBe(201);
  });

  it('is only for the conversation’s guide: anyone else gets 404', async () => {
    const body = offerBody(nextDay());
    for (const who of [otherGuide, stranger, traveler]) {
      const res = await call(t, who, 'POST', `/api/v2/conversations/${chat}/offers`, {
        ...body,
        clientMessageId: cid(),
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(
        (await call(t, who, 'GET', `/api/v2/conversations/${chat}/offer-quote?durationHours=2&travelers=1`)).statusCode,
      ).toBe(404);
    }
  });

  it('refuses a day in the past and a time the guide is booked', async () => {
    // A day before today is outside the booking calendar (offer-calendar.test.ts has the far end).
    const past = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(tokyoDay(-1)));
    expect(past.json().code).toBe('date_out_of_range');
    const date = nextDay();
    const offer = await makeOffer(date);
    expect((await bookOffer(traveler, { offerId: offer.id })).statusCode).toBe(201);
    const clash = await call(
      t,
      guide,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(date, { startTime: '11:00' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('slot_unavailable');
  });
});

describe('reading, declining and withdrawing', () => {
  it('shows an offer to its traveler and guide only', async () => {
    const offer = await makeOffer();
    expect((await call(t, traveler, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(200);
    expect((await call(t, guide, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(200);
    for (const who of [stranger, otherGuide])
      expect((await call(t, who, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/v2/offers/${offer.id}`)).statusCode).toBe(401);
  });

  it('the traveler declines (with a reason), the guide withdraws; each only its own side, only while open', async () => {
    const a = await makeOffer();
    expect((await call(t, guide, 'POST', `/api/v2/offers/${a.id}/decline`, {})).statusCode).toBe(404);
    expect((await call(t, stranger, 'POST', `/api/v2/offers/${a.id}/decline`, {})).statusCode).toBe(404);
    const declined = await call(t, traveler, 'POST', `/api/v2/offers/${a.id}/decline`, { reason: 'price' });
    expect(declined.json().data).toMatchObject({ status: 'declined', declineReason: 'price' });
    expect((await call(t, guide, 'POST', `/api/v2/offers/${a.id}/withdraw`)).json()).toMatchObject({
      code: 'offer_closed',
    });

    const b = await makeOffer();
    expect((await call(t, traveler, 'POST', `/api/v2/offers/${b.id}/withdraw`)).statusCode).toBe(404);
    expect((await call(t, otherGuide, 'POST', `/api/v2/offers/${b.id}/withdraw`)).statusCode).toBe(404);
    expect((await call(t, guide, 'POST', `/api/v2/offers/${b.id}/withdraw`)).json().data.status).toBe('withdrawn');

    // Every "no" has its reason: the other side is told in a system message (e-mailed when chosen).
    const told = async (who: Who, title: string) => {
      for (let i = 0; i < 100; i++) {
        const list = (await call(t, who, 'GET', '/api/v2/system-messages')).json().data.messages as {
          title: string;
          message: string;
        }[];
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
    const setLocale = (locale: string | null) =>
      t.database.db.update(users).set({ locale }).where(eq(users.id, guide.id));
    await setLocale('ja');
    expect(
      (await call(t, traveler, 'POST', `/api/v2/offers/${offer.id}/decline`, { reason: 'other_guide' })).statusCode,
    ).toBe(200);
    const told = async () =>
      (
        (await call(t, guide, 'GET', '/api/v2/system-messages')).json().data.messages as {
          title: string;
          message: string;
        }[]
      ).find((m) => m.title === 'オファーが辞退されました');
    await expect
      .poll(async () => (await told())?.message)
      .toMatch(
        /^旅行者が\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\)のオファーを辞退しました。理由：別のガイドに決めた。/,
      );
    await setLocale(null);
  });
});
