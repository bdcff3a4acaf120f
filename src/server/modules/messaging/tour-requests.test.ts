import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema/index';
import { auth, subcategoryIdBySlug } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, cid, guide, openChat, say, traveler } from './test-helpers';

/**
 * A traveler's tour request in a chat, through the API: apart from plain messages (messaging.test.ts),
 * as it carries a service, a day and allowances, is answered by the guide and summed up per reader.
 */
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

describe('tour request message', () => {
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

  it('carries every field and the yen allowances; the guide accepts once', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const sent = await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, {
      clientMessageId: cid(),
      request: tourRequest(date, g.services[0]!),
      note: '',
    });
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
    expect(m.tourRequest.state).toMatchObject({
      status: 'pending',
      allowances: { mealYen: 1000, transportYen: 14000, ticketsYen: 2000, totalYen: 17000 },
    });

    expect((await call(t, a, 'POST', `/api/conversations/${c}/tour-requests/${m.id}/accept`)).statusCode).toBe(403);
    const accepted = await call(t, g, 'POST', `/api/conversations/${c}/tour-requests/${m.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.tourRequest.state.status).toBe('accepted');
    // With the bookings module registered, acceptance creates a pending booking for the traveler.
    if (t.app.hasDecorator('bookings'))
      expect(accepted.json().data.tourRequest.state.bookingId).toEqual(expect.any(Number));
    expect((await call(t, g, 'POST', `/api/conversations/${c}/tour-requests/${m.id}/accept`)).json().code).toBe(
      'tour_request_closed',
    );
    await t.app.jobs.settled(); // the notice is created after the commit (decision 085)
    const notes = (await call(t, a, 'GET', '/api/v2/system-messages')).json().data.messages;
    expect(notes[0]).toMatchObject({ type: 'booking', title: 'Tour request accepted', actionable: true });
    // The same notice for a reader in Chinese (decision 053: every language is kept).
    const zh = await t.app.inject({
      url: '/api/v2/system-messages',
      headers: { ...auth(a.token), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.messages[0]).toMatchObject({ title: '行程请求已接受', actionLabel: '打开聊天' });
  });

  it('rejects with a chosen reason and a confirmation', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const m = (
      await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, {
        clientMessageId: cid(),
        request: tourRequest(date, g.services[0]!),
        note: 'Please!',
      })
    ).json().data;
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
      const res = await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, {
        clientMessageId: cid(),
        request: { ...tourRequest(date, g.services[0]!), ...bad },
        note: '',
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('tour request service and previews (decision 053)', () => {
  const date = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
  const send = (t2: TestApp, a: Awaited<ReturnType<typeof traveler>>, c: number, subcategoryId: unknown, note = '') =>
    call(t2, a, 'POST', `/api/conversations/${c}/tour-requests`, {
      clientMessageId: cid(),
      request: { ...tourRequest(date, 1), subcategoryId },
      note,
    });

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
    expect(page[0].tourRequest.service).toEqual({
      id: g.services[1],
      nameEn: 'City walking tour',
      nameCn: '城市漫步',
      nameJa: '街歩きツアー',
    });
  });

  it("writes a tour request's list preview in the reader's language", async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const day = new Date(`${date}T00:00:00Z`);
    expect((await send(t, a, c, g.services[0])).statusCode).toBe(201);
    const list = async (who: typeof a, lang?: string) => {
      const res = await t.app.inject({
        url: '/api/conversations',
        headers: { ...auth(who.token), ...(lang && { 'accept-language': lang }) },
      });
      return res.json().data.find((e: { conversation: { id: number } }) => e.conversation.id === c)
        .lastMessage as string;
    };
    const zh = `行程请求 · 街头美食之旅 · ${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日 10:00 · 3 小时 · 2 位旅行者`;
    const enDate = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(day);
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
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { ...auth(a.token), 'accept-language': 'zh-CN', cookie: 'tabi_locale=en' },
      payload: { guideId: g.guideId },
    });
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
      kinds: {
        chat: { inApp: true, browser: true, email: true },
        booking: { inApp: true, browser: true, email: true },
        payment: { inApp: true, browser: true, email: true },
        reminder: { inApp: true, browser: true, email: false },
        approval: { inApp: true, browser: true, email: true },
        system: { inApp: true, browser: true, email: false },
      },
    });
    const c = await openChat(t, a, g.guideId);
    expect((await send(t, a, c, g.services[0], '请带我们去吃小吃')).statusCode).toBe(201);
    const [guideEmail] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, g.id));
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!))).length,
      )
      .toBe(1);
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
      kinds: {
        chat: { inApp: true, browser: true, email: true },
        booking: { inApp: true, browser: true, email: true },
        payment: { inApp: true, browser: true, email: true },
        reminder: { inApp: true, browser: true, email: false },
        approval: { inApp: true, browser: true, email: true },
        system: { inApp: true, browser: true, email: false },
      },
    });
    const c = await openChat(t, a, g.guideId);
    expect((await send(t, a, c, g.services[0], '屋台に行きたいです')).statusCode).toBe(201);
    const day = new Date(`${date}T00:00:00Z`);
    const when = `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日 10:00`;
    const list = async (who: typeof a, lang?: string) => {
      const res = await t.app.inject({
        url: '/api/conversations',
        headers: { ...auth(who.token), ...(lang && { 'accept-language': lang }) },
      });
      return res.json().data.find((e: { conversation: { id: number } }) => e.conversation.id === c)
        .lastMessage as string;
    };
    // Accept-Language ja for the traveler; the guide's stored locale 'ja' when the header names nothing usable.
    expect(await list(a, 'ja-JP,ja;q=0.9')).toBe(`ツアーリクエスト · 食べ歩きツアー · ${when} · 3時間 · 2名`);
    expect(await list(g, 'fr-FR')).toContain('ツアーリクエスト · ');
    const [guideEmail] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, g.id));
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!))).length,
      )
      .toBe(1);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, guideEmail!.email!));
    expect(mail!.textBody).toContain('ツアーリクエスト · 食べ歩きツアー');
    expect(mail!.textBody).toContain('屋台に行きたいです');
    expect(mail!.textBody).not.toContain('行程请求');
  });
});
