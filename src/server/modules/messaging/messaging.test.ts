import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, cid, guide, insertBooking, openChat, say, traveler } from './test-helpers';

/** Chat through the API: conversations, credits, contact masking, unread counts (tour requests: their own file). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('conversations', () => {
  it('opens one conversation per traveler and guide, and lists it for both sides', async () => {
    const a = await traveler(t, 'Li Wei');
    const g = await guide(t, 'Sato Hana');
    const first = await call(t, a, 'POST', '/api/conversations', { guideId: g.guideId });
    expect(first.statusCode).toBe(201);
    const again = await call(t, a, 'POST', '/api/conversations', { guideId: g.guideId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.conversation.id).toBe(first.json().data.conversation.id);
    expect(first.json().data).toMatchObject({
      isGuideView: false,
      travelerName: 'Li Wei',
      counterpart: { name: 'Sato Hana', guideId: g.guideId },
      credits: 3,
      messageCount: 0,
    });

    await say(t, a, first.json().data.conversation.id, 'Hello! Are you free on Saturday?');
    const mine = (await call(t, a, 'GET', '/api/conversations')).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      lastMessage: 'Hello! Are you free on Saturday?',
      messageCount: 1,
      unreadCount: 0,
      credits: 2,
    });
    const theirs = (await call(t, g, 'GET', '/api/conversations')).json().data;
    // Chat context: the traveler's name and photo on both sides.
    expect(theirs[0]).toMatchObject({
      isGuideView: true,
      travelerName: 'Li Wei',
      travelerImage: null,
      unreadCount: 1,
      credits: null,
      counterpart: { userId: a.id, guideId: null },
    });
  });

  it('refuses a guide messaging their own listing, and unknown guides', async () => {
    const g = await guide(t);
    expect((await call(t, g, 'POST', '/api/conversations', { guideId: g.guideId })).json().code).toBe('own_listing');
    expect((await call(t, g, 'POST', '/api/conversations', { guideId: 999999 })).statusCode).toBe(404);
    expect((await call(t, null, 'POST', '/api/conversations', { guideId: g.guideId })).statusCode).toBe(401);
  });

  it('sends each clientMessageId once: a retry returns the same message', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const id = cid();
    const one = await say(t, a, c, '你好，我们想去京都', id);
    const two = await say(t, a, c, '你好，我们想去京都', id);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(200);
    expect(two.json().data.id).toBe(one.json().data.id);
    const both = await Promise.all([say(t, a, c, 'same', 'concurrent-1234'), say(t, a, c, 'same', 'concurrent-1234')]);
    expect(new Set(both.map((r) => r.json().data.id)).size).toBe(1);
    const page = (await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json();
    expect(page.data).toHaveLength(2);
  });

  it('refuses a send whose session has ended or whose sender is suspended (401), and writes nothing', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    expect(
      (await call(t, null, 'POST', `/api/conversations/${c}/messages`, { clientMessageId: cid(), body: 'hi' }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/conversations/${c}/messages`,
          headers: { authorization: 'Bearer nonsense' },
          payload: { clientMessageId: cid(), body: 'hi' },
        })
      ).statusCode,
    ).toBe(401);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, g.id));
    const suspended = await say(t, g, c, 'still here?');
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json().code).toBe('unauthorized');
    expect((await call(t, a, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await say(t, a, c, 'after logout')).statusCode).toBe(401);
    const b = await traveler(t); // signed in, but not in the conversation
    expect((await say(t, b, c, 'let me in')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, c));
    expect(row).toMatchObject({ travelerMessages: 0, guideMessages: 0, lastMessageAt: null });
  });

  it('pages backwards with before and limit', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    await say(t, a, c, 'first');
    for (let i = 1; i <= 5; i++) await say(t, g, c, `guide ${i}`);
    const last = (await call(t, a, 'GET', `/api/conversations/${c}/messages?limit=2`)).json();
    expect(last.data.map((m: { body: string }) => m.body)).toEqual(['guide 4', 'guide 5']);
    const older = (
      await call(t, a, 'GET', `/api/conversations/${c}/messages?limit=10&before=${last.nextBefore}`)
    ).json();
    expect(older.data.map((m: { body: string }) => m.body)).toEqual(['first', 'guide 1', 'guide 2', 'guide 3']);
    expect(older.nextBefore).toBeNull();
  });

  it('shows a conversation only to its two participants (404 to anyone else)', async () => {
    const a = await traveler(t);
    const stranger = await traveler(t);
    const otherGuide = await guide(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    await say(t, a, c, 'private');
    for (const who of [stranger, otherGuide]) {
      expect((await call(t, who, 'GET', `/api/conversations/${c}/messages`)).statusCode).toBe(404);
      expect((await say(t, who, c, 'let me in')).statusCode).toBe(404);
      expect((await call(t, who, 'POST', `/api/conversations/${c}/mark-read`, {})).statusCode).toBe(404);
      expect((await call(t, who, 'GET', '/api/conversations')).json().data).toEqual([]);
    }
    expect((await call(t, a, 'GET', `/api/conversations/${c + 1000}/messages`)).statusCode).toBe(404);
    expect((await call(t, stranger, 'GET', `/api/conversations/total-unread-count/${a.id}`)).statusCode).toBe(404);
    expect((await call(t, a, 'POST', `/api/conversations/${c}/mark-read`, { userId: stranger.id })).statusCode).toBe(
      404,
    );
  });
});

describe('credits (decision 050)', () => {
  it('gives a traveler 3 messages until the guide replies', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    expect((await say(t, a, c, 'one')).json().credits).toBe(2);
    expect((await say(t, a, c, 'two')).json().credits).toBe(1);
    expect((await say(t, a, c, 'three')).json().credits).toBe(0);
    const fourth = await say(t, a, c, 'four');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().code).toBe('credits_exhausted');
    expect((await say(t, g, c, 'Happy to help!')).json().credits).toBeNull();
    const after = await say(t, a, c, 'four, now that you replied');
    expect(after.statusCode).toBe(201);
    expect(after.json().credits).toBeNull();
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().credits).toBeNull();
  });

  it('lets 3 of 6 messages sent at once through: the credit check reads the counters of the send before it', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const sent = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => say(t, a, c, `at once ${i}`)));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 403, 403, 403]);
    expect(
      sent
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json().credits)
        .sort(),
    ).toEqual([0, 1, 2]);
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data).toHaveLength(3);
    expect((await call(t, a, 'GET', '/api/conversations')).json().data[0]).toMatchObject({
      messageCount: 3,
      credits: 0,
    });
  });

  it('is unlimited when a booking exists', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    await insertBooking(t.database.db, a.id, g.guideId, 'pending');
    for (const body of ['1', '2', '3', '4']) expect((await say(t, a, c, body)).json().credits).toBeNull();
  });
});

describe('contact masking (decision 050)', () => {
  it('masks phone numbers, e-mails and WeChat ids until a booking is confirmed', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const sent = await say(t, a, c, '加我微信 wang_lei88 或者打 13812345678');
    expect(sent.json().data).toMatchObject({ body: '加我微信 ••• 或者打 •••', masked: true });
    const guideView = (await call(t, g, 'GET', `/api/conversations/${c}/messages`)).json().data[0];
    expect(guideView.body).toBe('加我微信 ••• 或者打 •••');
    expect((await call(t, g, 'GET', '/api/conversations')).json().data[0].lastMessage).toBe('加我微信 ••• 或者打 •••');

    await insertBooking(t.database.db, a.id, g.guideId, 'pending');
    expect((await call(t, g, 'GET', `/api/conversations/${c}/messages`)).json().data[0].masked).toBe(true);
    await insertBooking(t.database.db, a.id, g.guideId, 'confirmed');
    const unlocked = (await call(t, g, 'GET', `/api/conversations/${c}/messages`)).json().data[0];
    expect(unlocked).toMatchObject({ body: '加我微信 wang_lei88 或者打 13812345678', masked: false });
    expect((await call(t, g, 'GET', '/api/conversations')).json().data[0].contactsUnlocked).toBe(true);
  });
});

describe('unread counts and read receipts', () => {
  it('counts chat and system unread, and mark-read clears the chat part', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    await say(t, a, c, 'one');
    await say(t, a, c, 'two');
    await t.app.notifications.create([
      {
        userId: g.id,
        type: 'system',
        text: {
          en: { title: 'Welcome', message: 'Hi' },
          'zh-CN': { title: '欢迎', message: '您好' },
          ja: { title: 'ようこそ', message: 'こんにちは' },
        },
      },
    ]);
    const url = `/api/conversations/total-unread-count/${g.id}`;
    expect((await call(t, g, 'GET', url)).json()).toEqual({
      totalUnreadCount: 3,
      chatUnreadCount: 2,
      systemUnreadCount: 1,
    });
    const read = await call(t, g, 'POST', `/api/conversations/${c}/mark-read`, { userId: g.id });
    expect(read.json().messageIds).toHaveLength(2);
    expect(read.json().totalUnreadCount).toBe(1);
    expect((await call(t, g, 'GET', url)).json()).toEqual({
      totalUnreadCount: 1,
      chatUnreadCount: 0,
      systemUnreadCount: 1,
    });
    expect((await call(t, g, 'POST', `/api/conversations/${c}/mark-read`)).json().messageIds).toEqual([]);
    // A message after the mark counts again, in the list and the total; the sender's own never do.
    await say(t, a, c, 'three');
    await say(t, g, c, 'an answer');
    expect((await call(t, g, 'GET', url)).json()).toEqual({
      totalUnreadCount: 2,
      chatUnreadCount: 1,
      systemUnreadCount: 1,
    });
    expect((await call(t, g, 'GET', '/api/conversations')).json().data[0]).toMatchObject({
      unreadCount: 1,
      messageCount: 4,
    });
    expect((await call(t, a, 'GET', '/api/conversations')).json().data[0]).toMatchObject({
      unreadCount: 1,
      messageCount: 4,
    });
  });

  it('shows readAt to the sender only when both sides keep read receipts on', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    await say(t, a, c, 'did you read this?');
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data[0].readAt).toBeNull();
    await call(t, g, 'POST', `/api/conversations/${c}/mark-read`);
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data[0].readAt).toEqual(
      expect.any(String),
    );
    await t.database.db.update(users).set({ readReceiptsEnabled: false }).where(eq(users.id, g.id));
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data[0].readAt).toBeNull();
  });
});
