import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A newcomer who logs in as a demo account finds the bell and /messages already telling a story. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

const login = (username: string) => sessionFor(t, username);

describe('demo messages', () => {
  it('give the demo traveler a conversation with the demo guide whose last answer is unread', async () => {
    const me = await login('traveler');
    const list = await t.app.inject({ url: '/api/conversations', headers: auth(me.token) });
    expect(list.statusCode).toBe(200);
    const entries = list.json().data ?? list.json();
    // Hers, and an older one with the guide who writes only in Japanese (db/seed/japanese-guide.ts).
    expect(entries).toHaveLength(2);
    // The chat, then a tour request answered by the guide's open offer, which is unread.
    expect(entries[0]).toMatchObject({ unreadCount: 1, messageCount: 6 });
    expect(entries[1]).toMatchObject({ unreadCount: 0 });
    const total = await t.app.inject({
      url: `/api/conversations/total-unread-count/${me.id}`,
      headers: auth(me.token),
    });
    expect(total.json().totalUnreadCount).toBeGreaterThanOrEqual(2); // the chat answer and the unread notices
  });

  it('show a tour request answered by an open offer, on both sides, that the traveler can book', async () => {
    for (const username of ['traveler', 'guide']) {
      const who = await login(username);
      const list = (await t.app.inject({ url: '/api/conversations', headers: auth(who.token) })).json().data;
      const page = (
        await t.app.inject({ url: `/api/conversations/${list[0].conversation.id}/messages`, headers: auth(who.token) })
      ).json().data;
      const request = page.find((m: { kind: string }) => m.kind === 'tour_request');
      const offer = page.find((m: { kind: string }) => m.kind === 'offer');
      expect(request.tourRequest.state).toMatchObject({
        status: 'offered',
        offer: { id: offer.offer.id, status: 'open', bookingNumber: null },
      });
      expect(offer.offer).toMatchObject({ status: 'open', requestMessageId: request.id, booking: null });
      expect(offer.offer.priceCents).toBeLessThanOrEqual(offer.offer.suggestedCents);
      expect(offer.offer.extras.totalYen).toBeGreaterThan(0);
      expect(page.at(-1).id).toBe(offer.id);
    }
    const me = await login('traveler');
    const list = (await t.app.inject({ url: '/api/conversations', headers: auth(me.token) })).json().data;
    const page = (
      await t.app.inject({ url: `/api/conversations/${list[0].conversation.id}/messages`, headers: auth(me.token) })
    ).json().data;
    const offerId = page.find((m: { kind: string }) => m.kind === 'offer').offer.id;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bookings',
      headers: auth(me.token),
      payload: { offerId },
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('put the notices of the demo bookings in both demo accounts’ bells', async () => {
    const me = await login('traveler');
    const mine = await t.app.inject({ url: '/api/v2/system-messages?limit=10', headers: auth(me.token) });
    expect(mine.statusCode).toBe(200);
    const titles =
      mine.json().data.messages?.map((m: { title: string }) => m.title) ??
      mine.json().data.map((m: { title: string }) => m.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Deposit received', 'Your guide accepted the booking', 'Booking cancelled']),
    );
    const guide = await login('guide');
    const count = await t.app.inject({ url: '/api/v2/system-messages/unread/count', headers: auth(guide.token) });
    // Two paid requests and a traveler's new time to answer, each with its notice as a real one would have.
    expect(count.json().data.unreadCount).toBe(3);
  });
});
