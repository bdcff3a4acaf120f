import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, emailOutbox, users } from '../../db/schema/index';
import { auth, subcategoryIdBySlug } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, cid, guide, insertBooking, openChat, say, traveler } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const tourRequest = (date: string, subcategoryId: number) => ({
  date,
  startTime: '10:00',
  durationHours: 3,
  travelers: 2,
  meal: 'shared_meal',
  meals: 1,
  transport: 'nearby_city',
  tickets: 'pay_on_site_together',
  ticketCount: 2,
  itinerary: 'Fushimi Inari in the morning, then Gion',
  groupComposition: 'Two adults',
  meetingAddress: 'Kyoto Station, central exit',
  meetingPostalCode: '6008216',
  subcategoryId,
});

describe('conversations', () => {
  it('opens one conversation per traveler and guide, and lists it for both sides', async () => {
    const a = await traveler(t, 'Li Wei');
    const g = await guide(t, 'Sato Hana');
    const first = await call(t, a, 'POST', '/api/conversations', { guideId: g.guideId });
    expect(first.statusCode).toBe(201);
    const again = await call(t, a, 'POST', '/api/conversations', { guideId: g.guideId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.conversation.id).toBe(first.json().data.conversation.id);
    expect(first.json().data).toMatchObject({ isGuideView: false, travelerName: 'Li Wei', counterpart: { name: 'Sato Hana', guideId: g.guideId }, credits: 3, messageCount: 0 });

    await say(t, a, first.json().data.conversation.id, 'Hello! Are you free on Saturday?');
    const mine = (await call(t, a, 'GET', '/api/conversations')).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ lastMessage: 'Hello! Are you free on Saturday?', messageCount: 1, unreadCount: 0, credits: 2 });
    const theirs = (await call(t, g, 'GET', '/api/conversations')).json().data;
    // Chat context: the traveler's name and photo on both sides.
    expect(theirs[0]).toMatchObject({ isGuideView: true, travelerName: 'Li Wei', travelerImage: null, unreadCount: 1, credits: null, counterpart: { userId: a.id, guideId: null } });
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
    expect((await call(t, null, 'POST', `/api/conversations/${c}/messages`, { clientMessageId: cid(), body: 'hi' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${c}/messages`, headers: { authorization: 'Bearer nonsense' }, payload: { clientMessageId: cid(), body: 'hi' } })).statusCode).toBe(401);
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
    const older = (await call(t, a, 'GET', `/api/conversations/${c}/messages?limit=10&before=${last.nextBefore}`)).json();
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
    expect((await call(t, a, 'POST', `/api/conversations/${c}/mark-read`, { userId: stranger.id })).statusCode).toBe(404);
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
    expect(sent.filter((r) => r.statusCode === 201).map((r) => r.json().credits).sort()).toEqual([0, 1, 2]);
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data).toHaveLength(3);
    expect((await call(t, a, 'GET', '/api/conversations')).json().data[0]).toMatchObject({ messageCount: 3, credits: 0 });
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
      { userId: g.id, type: 'system', text: { en: { title: 'Welcome', message: 'Hi' }, 'zh-CN': { title: '欢迎', message: '您好' }, ja: { title: 'ようこそ', message: 'こんにちは' } } },
    ]);
    const url = `/api/conversations/total-unread-count/${g.id}`;
    expect((await call(t, g, 'GET', url)).json()).toEqual({ totalUnreadCount: 3, chatUnreadCount: 2, systemUnreadCount: 1 });
    const read = await call(t, g, 'POST', `/api/conversations/${c}/mark-read`, { userId: g.id });
    expect(read.json().messageIds).toHaveLength(2);
    expect(read.json().totalUnreadCount).toBe(1);
    expect((await call(t, g, 'GET', url)).json()).toEqual({ totalUnreadCount: 1, chatUnreadCount: 0, systemUnreadCount: 1 });
    expect((await call(t, g, 'POST', `/api/conversations/${c}/mark-read`)).json().messageIds).toEqual([]);
    // A message after the mark counts again, in the list and the total; the sender's own never do.
    await say(t, a, c, 'three');
    await say(t, g, c, 'an answer');
    expect((await call(t, g, 'GET', url)).json()).toEqual({ totalUnreadCount: 2, chatUnreadCount: 1, systemUnreadCount: 1 });
    expect((await call(t, g, 'GET', '/api/conversations')).json().data[0]).toMatchObject({ unreadCount: 1, messageCount: 4 });
    expect((await call(t, a, 'GET', '/api/conversations')).json().data[0]).toMatchObject({ unreadCount: 1, messageCount: 4 });
  });

  it("shows readAt to the sender only when both sides keep read receipts on", async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    await say(t, a, c, 'did you read this?');
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data[0].readAt).toBeNull();
    await call(t, g, 'POST', `/api/conversations/${c}/mark-read`);
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data[0].readAt).toEqual(expect.any(String));
    await t.database.db.update(users).set({ readReceiptsEnabled: false }).where(eq(users.id, g.id));
    expect((await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data[0].readAt).toBeNull();
  });
});

describe('tour request message', () => {
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

  it('carries every field and the yen allowances; the guide accepts once', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const sent = await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, { clientMessageId: cid(), request: tourRequest(date, g.services[0]!), note: '' });
    expect(sent.statusCode).toBe(201);
    const m = sent.json().data;
    expect(m.kind).toBe('tour_request');
    expect(m.tourRequest).toMatchObject({
      meetingPostalCode: '6008216',
      transport: 'nearby_city',
      subcategoryId: g.services[0],
      service: { id: g.services[0], nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' },
    });
    // No note: the body is empty and each reader gets the summary in their own language.
    expect(m.body).toBe('');
    expect(m.tourRequest.state).toMatchObject({ status: 'pending', allowances: { mealYen: 1000, transportYen: 14000, ticketsYen: 2000, totalYen: 17000 } });

    expect((await call(t, a, 'POST', `/api/conversations/${c}/tour-requests/${m.id}/accept`)).statusCode).toBe(403);
    const accepted = await call(t, g, 'POST', `/api/conversations/${c}/tour-requests/${m.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.tourRequest.state.status).toBe('accepted');
    // With the bookings module registered, acceptance creates a pending booking for the traveler.
    if (t.app.hasDecorator('bookings')) expect(accepted.json().data.tourRequest.state.bookingId).toEqual(expect.any(Number));
    expect((await call(t, g, 'POST', `/api/conversations/${c}/tour-requests/${m.id}/accept`)).json().code).toBe('tour_request_closed');
    await t.app.jobs.settled(); // the notice is created after the commit (decision 085)
    const notes = (await call(t, a, 'GET', '/api/v2/system-messages')).json().data.messages;
    expect(notes[0]).toMatchObject({ type: 'booking', title: 'Tour request accepted', actionable: true });
    // The same notice for a reader in Chinese (decision 053: every language is kept).
    const zh = await t.app.inject({ url: '/api/v2/system-messages', headers: { ...auth(a.token), 'accept-language': 'zh-CN' } });
    expect(zh.json().data.messages[0]).toMatchObject({ title: '行程请求已接受', actionLabel: '打开聊天' });
  });

  it('rejects with a chosen reason and a confirmation', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const m = (await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, { clientMessageId: cid(), request: tourRequest(date, g.services[0]!), note: 'Please!' })).json().data;
    expect(m.body).toBe('Please!');
    const url = `/api/conversations/${c}/tour-requests/${m.id}/reject`;
    expect((await call(t, g, 'POST', url, { reason: 'fully_booked' })).statusCode).toBe(400);
    const rejected = await call(t, g, 'POST', url, { reason: 'fully_booked', confirm: true });
    expect(rejected.json().data.tourRequest.state).toMatchObject({ status: 'rejected', rejectReason: 'fully_booked' });
    expect((await call(t, g, 'POST', url, { reason: 'other', confirm: true })).statusCode).toBe(409);
  });

  it('refuses an invalid postal code or a missing meeting address', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    for (const bad of [{ meetingPostalCode: '600-82' }, { meetingPostalCode: 'abcdefg' }, { meetingAddress: '' }]) {
      const res = await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, { clientMessageId: cid(), request: { ...tourRequest(date, g.services[0]!), ...bad }, note: '' });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('tour request service and previews (decision 053)', () => {
  const date = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
  const send = (t2: TestApp, a: Awaited<ReturnType<typeof traveler>>, c: number, subcategoryId: unknown, note = '') =>
    call(t2, a, 'POST', `/api/conversations/${c}/tour-requests`, { clientMessageId: cid(), request: { ...tourRequest(date, 1), subcategoryId }, note });

  it('takes only a service the guide offers: another is 400 service_not_offered, none or a bad one is 400', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const other = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const tea = await subcategoryIdBySlug(t.database.db, 'tea-ceremony');
    const refused = await send(t, a, c, tea);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'service_not_offered', fields: [{ path: 'request.subcategoryId' }] });
    expect((await send(t, a, c, 999_999)).json().code).toBe('service_not_offered');
    for (const bad of [undefined, 'food', 0, 1.5]) expect((await send(t, a, c, bad)).statusCode).toBe(400);
    // The other guide's listing offers the same kind of service, but this conversation is with g.
    expect(other.services).toEqual(g.services);
    expect((await send(t, a, c, g.services[1])).statusCode).toBe(201);
    // Nothing refused was stored.
    const page = (await call(t, a, 'GET', `/api/conversations/${c}/messages`)).json().data;
    expect(page).toHaveLength(1);
    expect(page[0].tourRequest.service).toEqual({ id: g.services[1], nameEn: 'City walking tour', nameCn: '城市漫步', nameJa: '街歩きツアー' });
  });

  it("writes a tour request's list preview in the reader's language", async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const day = new Date(`${date}T00:00:00Z`);
    expect((await send(t, a, c, g.services[0])).statusCode).toBe(201);
    const list = async (who: typeof a, lang?: string) => {
      const res = await t.app.inject({ url: '/api/conversations', headers: { ...auth(who.token), ...(lang && { 'accept-language': lang }) } });
      return res.json().data.find((e: { conversation: { id: number } }) => e.conversation.id === c).lastMessage as string;
    };
    const zh = `行程请求 · 街头美食之旅 · ${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日 10:00 · 3 小时 · 2 位旅行者`;
    const enDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day);
    const en = `Tour request · Street food tour · ${enDate} 10:00 · 3 h · 2 travelers`;
    expect(await list(a, 'zh-CN')).toBe(zh);
    expect(await list(g, 'zh-CN,zh;q=0.9,en;q=0.8')).toBe(zh);
    expect(await list(a, 'en-US,en;q=0.9')).toBe(en);
    // No usable Accept-Language: the caller's stored locale, else English.
    expect(await list(a)).toBe(en);
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, a.id));
    expect(await list(a)).toBe(zh);
    expect(await list(a, 'fr-FR')).toBe(zh);
    // The stored choice outranks a browser's header (decision 190); the app's own choice (its cookie) outranks both.
    expect(await list(a, 'en')).toBe(zh);
    // POST /api/conversations (open) answers the same entry in the language chosen.
    const opened = await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { ...auth(a.token), 'accept-language': 'zh-CN', cookie: 'tabi_locale=en' }, payload: { guideId: g.guideId } });
    expect(opened.json().data.lastMessage).toBe(en);
    // A plain message after it is shown as written.
    await say(t, g, c, 'See you there');
    expect(await list(a, 'zh-CN')).toBe('See you there');
  });

  it("e-mails the guide the request's summary in the guide's own language", async () => {
    const a = await traveler(t);
    const g = await guide(t);
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, g.id));
    await call(t, g, 'PUT', '/api/me/notification-settings', {
      kinds: { chat: { inApp: true, browser: true, email: true }, booking: { inApp: true, browser: true, email: true }, payment: { inApp: true, browser: true, email: true }, reminder: { inApp: true, browser: true, email: false }, approval: { inApp: true, browser: true, email: true }, system: { inApp: true, browser: true, email: false } },
    });
    const c = await openChat(t, a, g.guideId);
    expect((await send(t, a, c, g.services[0], '请带我们去吃小吃')).statusCode).toBe(201);
    const [guideEmail] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, g.id));
    await expect.poll(async () => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!))).length).toBe(1);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!));
    expect(mail!.subject).toContain('给您发来了新消息');
    expect(mail!.textBody).toContain('行程请求 · 街头美食之旅');
    expect(mail!.textBody).toContain('请带我们去吃小吃');
  });

  it('sums the request up in Japanese for a Japanese reader: the list preview and the guide’s e-mail', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, g.id));
    await call(t, g, 'PUT', '/api/me/notification-settings', {
      kinds: { chat: { inApp: true, browser: true, email: true }, booking: { inApp: true, browser: true, email: true }, payment: { inApp: true, browser: true, email: true }, reminder: { inApp: true, browser: true, email: false }, approval: { inApp: true, browser: true, email: true }, system: { inApp: true, browser: true, email: false } },
    });
    const c = await openChat(t, a, g.guideId);
    expect((await send(t, a, c, g.services[0], '屋台に行きたいです')).statusCode).toBe(201);
    const day = new Date(`${date}T00:00:00Z`);
    const when = `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日 10:00`;
    const list = async (who: typeof a, lang?: string) => {
      const res = await t.app.inject({ url: '/api/conversations', headers: { ...auth(who.token), ...(lang && { 'accept-language': lang }) } });
      return res.json().data.find((e: { conversation: { id: number } }) => e.conversation.id === c).lastMessage as string;
    };
    // Accept-Language ja for the traveler; the guide's stored locale 'ja' when the header names nothing usable.
    expect(await list(a, 'ja-JP,ja;q=0.9')).toBe(`ツアーリクエスト · 食べ歩きツアー · ${when} · 3時間 · 2名`);
    expect(await list(g, 'fr-FR')).toContain('ツアーリクエスト · ');
    const [guideEmail] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, g.id));
    await expect.poll(async () => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!))).length).toBe(1);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!));
    expect(mail!.textBody).toContain('ツアーリクエスト · 食べ歩きツアー');
    expect(mail!.textBody).toContain('屋台に行きたいです');
    expect(mail!.textBody).not.toContain('行程请求');
  });
});
