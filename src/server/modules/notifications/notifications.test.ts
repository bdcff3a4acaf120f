import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMessages } from '../../db/schema/index';
import { mailsTo } from '../mail/index';
import { NOTIFY_JOB } from './index';
import { chatMail } from './templates';
import { slotText } from './text-parts';
import { call, guide, traveler, type Who } from '../messaging/test-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const BASE = '/api/v2/system-messages';
const note = (userId: number, extra: Record<string, unknown> = {}) => ({
  userId,
  type: 'booking' as const,
  text: {
    en: { title: 'Booking accepted', message: 'See you soon', actionLabel: 'View' },
    'zh-CN': { title: '预订已接受', message: '期待见面', actionLabel: '查看' },
    ja: { title: '予約が承諾されました', message: 'お会いできるのを楽しみにしています', actionLabel: '見る' },
  },
  actionUrl: '/dashboard',
  ...extra,
});
const unread = async (who: Who) =>
  (await call(t, who, 'GET', `${BASE}/unread/count`)).json().data.unreadCount as number;

describe('system messages', () => {
  it('lists my messages wrapped in data, newest first, with action URLs', async () => {
    const a = await traveler(t);
    await t.app.notifications.create([
      note(a.id),
      note(a.id, { type: 'payment', actionUrl: '/dashboard?tab=upcoming' }),
    ]);
    const res = await call(t, a, 'GET', `${BASE}?page=1&limit=10`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ total: 2, page: 1, limit: 10, unreadCount: 2 });
    expect(data.messages[0]).toMatchObject({
      type: 'payment',
      status: 'unread',
      actionable: true,
      actionUrl: '/dashboard?tab=upcoming',
      actionLabel: 'View',
    });
    expect((await call(t, a, 'GET', `${BASE}?type=booking`)).json().data.total).toBe(1);
  });

  it('created together in one turn (the job runner starts events side by side), each event gets its own messages, and a repeat stays skipped', async () => {
    const [a, b] = [await traveler(t), await traveler(t)];
    await call(t, b, 'PATCH', '/api/me', { locale: 'zh-CN' });
    const [first] = await t.app.notifications.create([note(a.id, { dedupeKey: `turn:${a.id}` })]);
    const [forA, forB, repeat] = await Promise.all([
      t.app.notifications.create([note(a.id, { type: 'payment' }), note(a.id)]),
      t.app.notifications.create([note(b.id, { dedupeKey: `turn:${b.id}` })]),
      t.app.notifications.create([note(a.id, { dedupeKey: `turn:${a.id}` })]),
    ]);
    expect(forA!.map((m) => [m.type, m.title])).toEqual([
      ['payment', 'Booking accepted'],
      ['booking', 'Booking accepted'],
    ]);
    expect(forB!.map((m) => m.title)).toEqual(['预订已接受']);
    expect(repeat).toEqual([]);
    expect(first).toBeDefined();
    expect((await call(t, a, 'GET', BASE)).json().data.total).toBe(3);
    expect((await call(t, b, 'GET', BASE)).json().data.total).toBe(1);
  });

  it("is written in the recipient's language", async () => {
    const a = await traveler(t);
    await call(t, a, 'PATCH', '/api/me', { locale: 'zh-CN' });
    await t.app.notifications.create([note(a.id)]);
    const m = (await call(t, a, 'GET', BASE)).json().data.messages[0];
    expect(m.title).toBe('预订已接受');
  });

  it('is written in Japanese for a reader whose stored locale is ja, and mailed in Japanese', async () => {
    const a = await traveler(t);
    await call(t, a, 'PATCH', '/api/me', { locale: 'ja' });
    const [created] = await t.app.notifications.create([note(a.id)]);
    expect(created).toMatchObject({ title: '予約が承諾されました', actionLabel: '見る' });
    expect((await call(t, a, 'GET', BASE)).json().data.messages[0]).toMatchObject({
      title: '予約が承諾されました',
      message: 'お会いできるのを楽しみにしています',
    });
    // Every language is stored, so the same message reads in English once the reader chooses it on
    // this device (the app's cookie); a browser merely set to English does not outrank the account (decision 190).
    const asked = await t.app.inject({
      url: BASE,
      headers: { authorization: `Bearer ${a.token}`, cookie: 'tabi_locale=en', 'accept-language': 'ja' },
    });
    expect(asked.json().data.messages[0].title).toBe('Booking accepted');
    const browser = await t.app.inject({
      url: BASE,
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'en' },
    });
    expect(browser.json().data.messages[0].title).toBe('予約が承諾されました');
    const me = (await call(t, a, 'GET', '/api/me')).json();
    expect((await mailsTo(t.database.db, me.email)).map((m: { subject: string }) => m.subject)).toContain(
      '予約が承諾されました',
    );
  });

  it('gives a Japanese reader the English of a notice its job wrote before Japanese existed', async () => {
    const a = await traveler(t);
    await call(t, a, 'PATCH', '/api/me', { locale: 'ja' });
    const { ja: _ja, ...twoLanguages } = note(a.id).text;
    const notices = [{ ...note(a.id), text: twoLanguages }];
    await t.app.notifications.runJob({ id: 0, kind: NOTIFY_JOB, payload: { notices }, attempts: 1, runAt: new Date() });
    expect((await call(t, a, 'GET', BASE)).json().data.messages[0].title).toBe('Booking accepted');
  });

  it('reads a Japanese-speaking reader without a stored language Japanese from Accept-Language', async () => {
    const a = await traveler(t); // stored locale: none (English)
    await t.app.notifications.create([note(a.id)]);
    const res = await t.app.inject({
      url: BASE,
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    expect(res.json().data.messages[0]).toMatchObject({ title: '予約が承諾されました', actionLabel: '見る' });
  });

  it('is shown in the language the reader reads in now, on every read (decision 053)', async () => {
    const a = await traveler(t); // stored locale: none (English)
    const [created] = await t.app.notifications.create([note(a.id, { related: { type: 'booking', id: 9191 } })]);
    const as = (lang?: string) => ({ ...(lang && { 'accept-language': lang }), authorization: `Bearer ${a.token}` });
    const get = async (url: string, lang?: string, method: 'GET' | 'PATCH' = 'GET') =>
      (await t.app.inject({ method, url, headers: as(lang) })).json().data;
    expect((await get(BASE)).messages[0]).toMatchObject({
      title: 'Booking accepted',
      message: 'See you soon',
      actionLabel: 'View',
    });
    expect((await get(BASE, 'zh-CN,zh;q=0.9')).messages[0]).toMatchObject({
      title: '预订已接受',
      message: '期待见面',
      actionLabel: '查看',
    });
    expect(await get(`${BASE}/${created!.id}`, 'zh-CN')).toMatchObject({ title: '预订已接受' });
    expect(await get(`${BASE}/${created!.id}`, 'en-GB')).toMatchObject({ title: 'Booking accepted' });
    expect((await get(`${BASE}/entity/booking/9191`, 'zh-CN'))[0]).toMatchObject({ message: '期待见面' });
    expect(await get(`${BASE}/${created!.id}/read`, 'zh-CN', 'PATCH')).toMatchObject({
      title: '预订已接受',
      status: 'read',
    });
    // The same message, once the reader stores Chinese: Chinese without any header, and over a
    // browser's English too (decision 190); English chosen in the app (its cookie) reads English.
    await call(t, a, 'PATCH', '/api/me', { locale: 'zh-CN' });
    expect((await get(BASE)).messages[0]).toMatchObject({ title: '预订已接受' });
    expect((await get(BASE, 'en')).messages[0]).toMatchObject({ title: '预订已接受' });
    const chosen = await t.app.inject({ url: BASE, headers: { ...as('zh-CN'), cookie: 'tabi_locale=en' } });
    expect(chosen.json().data.messages[0]).toMatchObject({ title: 'Booking accepted' });
  });

  it('shows a message stored before texts existed as it was written', async () => {
    const a = await traveler(t);
    const [created] = await t.app.notifications.create([note(a.id)]);
    await t.database.db.update(systemMessages).set({ texts: null }).where(eq(systemMessages.id, created!.id));
    expect(
      (
        await (
          await t.app.inject({ url: BASE, headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'zh-CN' } })
        ).json()
      ).data.messages[0].title,
    ).toBe('Booking accepted');
  });

  it('marks read one, several or all; archiving or deleting an unread one lowers the count', async () => {
    const a = await traveler(t);
    const made = await t.app.notifications.create([note(a.id), note(a.id), note(a.id), note(a.id), note(a.id)]);
    const [m1, m2, m3, m4, m5] = made.map((m) => m.id);
    expect(await unread(a)).toBe(5);
    const one = await call(t, a, 'PATCH', `${BASE}/${m1}/read`);
    expect(one.json().data).toMatchObject({ id: m1, status: 'read', readAt: expect.any(String) });
    expect(await unread(a)).toBe(4);
    expect((await call(t, a, 'PATCH', `${BASE}/read`, { messageIds: [m2] })).json().data).toEqual({
      updated: 1,
      unreadCount: 3,
    });
    expect((await call(t, a, 'PATCH', `${BASE}/${m3}/archive`)).json().data.status).toBe('archived');
    expect(await unread(a)).toBe(2);
    expect((await call(t, a, 'DELETE', `${BASE}/${m4}`)).json().data).toEqual({ deleted: true, unreadCount: 1 });
    expect((await call(t, a, 'GET', `${BASE}/${m4}`)).statusCode).toBe(404);
    expect((await call(t, a, 'PATCH', `${BASE}/read`, { markAll: true })).json().data).toEqual({
      updated: 1,
      unreadCount: 0,
    });
    expect((await call(t, a, 'GET', `${BASE}/${m5}`)).json().data.status).toBe('read');
    // Archived messages leave the default list and appear when asked for.
    expect((await call(t, a, 'GET', BASE)).json().data.total).toBe(3);
    expect((await call(t, a, 'GET', `${BASE}?status=archived`)).json().data.total).toBe(1);
    const stats = (await call(t, a, 'GET', `${BASE}/stats`)).json().data;
    expect(stats).toMatchObject({ total: 4, unread: 0, read: 3, archived: 1, byType: { booking: 4 } });
  });

  it('keeps expired messages in the list (to dim them) but out of the unread count', async () => {
    const a = await traveler(t);
    await t.app.notifications.create([note(a.id, { expiresAt: new Date(Date.now() - 1000) }), note(a.id)]);
    expect(await unread(a)).toBe(1);
    expect((await call(t, a, 'GET', BASE)).json().data.total).toBe(2);
    expect((await call(t, a, 'GET', `${BASE}?includeExpired=false`)).json().data.total).toBe(1);
    expect((await call(t, a, 'GET', `${BASE}/stats`)).json().data.expired).toBe(1);
  });

  it("finds messages about an entity, and never shows another user's messages (404)", async () => {
    const a = await traveler(t);
    const b = await traveler(t);
    const [m] = await t.app.notifications.create([note(a.id, { related: { type: 'booking', id: 77 } })]);
    expect((await call(t, a, 'GET', `${BASE}/entity/booking/77`)).json().data).toHaveLength(1);
    expect((await call(t, b, 'GET', `${BASE}/entity/booking/77`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `${BASE}/${m!.id}`],
      ['PATCH', `${BASE}/${m!.id}/read`],
      ['PATCH', `${BASE}/${m!.id}/archive`],
      ['DELETE', `${BASE}/${m!.id}`],
    ] as const) {
      expect((await call(t, b, method, url)).statusCode).toBe(404);
      expect((await call(t, null, method, url)).statusCode).toBe(401);
    }
    expect((await call(t, b, 'PATCH', `${BASE}/read`, { messageIds: [m!.id] })).json().data.updated).toBe(0);
    expect(await unread(a)).toBe(1);
  });

  it('creates an event-driven message once per dedupe key', async () => {
    const a = await traveler(t);
    await t.app.notifications.create([note(a.id, { dedupeKey: 'booking:1:accepted' })]);
    await t.app.notifications.create([note(a.id, { dedupeKey: 'booking:1:accepted' })]);
    expect(await unread(a)).toBe(1);
  });
});

describe('notification settings', () => {
  it('has defaults, saves per kind and channel, and follows them', async () => {
    const a = await traveler(t);
    const defaults = (await call(t, a, 'GET', '/api/me/notification-settings')).json().data;
    expect(defaults.kinds.chat).toEqual({ inApp: true, browser: true, email: false });
    const kinds = { ...defaults.kinds, booking: { inApp: false, browser: false, email: true } };
    const saved = await call(t, a, 'PUT', '/api/me/notification-settings', { kinds });
    expect(saved.json().data.kinds.booking).toEqual({ inApp: false, browser: false, email: true });
    await t.app.notifications.create([note(a.id)]);
    expect(await unread(a)).toBe(0);
    const me = (await call(t, a, 'GET', '/api/me')).json();
    const mails = await mailsTo(t.database.db, me.email);
    expect(mails.map((m: { subject: string }) => m.subject)).toContain('Booking accepted');
  });
});

describe('bookings events seam', () => {
  it('tells the traveler when a booking is accepted or declined, and not the guide who did it', async (ctx) => {
    const bookings = (
      t.app as unknown as { bookings?: { events: { dispatch: (n: string, p: unknown) => Promise<void> } } }
    ).bookings;
    if (!bookings) return ctx.skip();
    const a = await traveler(t);
    const g = await guide(t);
    // What the job runner does with the events a booking's transaction wrote to the outbox (decision 085).
    await bookings.events.dispatch('booking.accepted', { bookingId: 12, travelerId: a.id, guideUserId: g.id });
    await bookings.events.dispatch('booking.declined', {
      bookingId: 13,
      travelerId: a.id,
      guideUserId: g.id,
      reason: 'busy',
      refundCents: 13200,
    });
    const mine = (await call(t, a, 'GET', BASE)).json().data.messages;
    expect(mine.map((m: { title: string }) => m.title).sort()).toEqual([
      'Your booking was declined',
      'Your guide accepted the booking',
    ]);
    expect(mine.find((m: { title: string }) => m.title.startsWith('Your booking')).message).toContain('132 RMB');
    const theirs = (await call(t, g, 'GET', BASE)).json().data.messages;
    expect(theirs).toEqual([]);
    expect((await call(t, a, 'GET', `${BASE}/entity/booking/12`)).json().data[0].relatedEntityId).toBe(12);
  });
});

describe('in Japanese', () => {
  it('writes dates with their weekday and Japan time as locales/VOICE.md says', () => {
    expect(slotText('ja', '2026-12-06', '10:00')).toBe('2026年12月6日(日) 10:00（日本時間）');
    const mail = chatMail('ja', { from: 'Sato Yuki', body: 'こんにちは', link: 'https://tabi.example/messages?c=1' });
    expect(mail.subject).toBe('Sato Yuki さんから新しいメッセージが届きました');
    expect(mail.textBody).toBe(
      'Sato Yuki さんからのメッセージ：\n\nこんにちは\n\n返信する：https://tabi.example/messages?c=1\n\nTabi Guides',
    );
  });

  it("tells a traveler whose stored locale is ja of a declined booking, with the guide's reason and the refund", async (ctx) => {
    const bookings = (
      t.app as unknown as { bookings?: { events: { dispatch: (n: string, p: unknown) => Promise<void> } } }
    ).bookings;
    if (!bookings) return ctx.skip();
    const a = await traveler(t);
    await call(t, a, 'PATCH', '/api/me', { locale: 'ja' });
    const g = await guide(t);
    await bookings.events.dispatch('booking.declined', {
      bookingId: 14,
      travelerId: a.id,
      guideUserId: g.id,
      reason: '体調不良のため',
      refundCents: 13200,
    });
    const [m] = (await call(t, a, 'GET', BASE)).json().data.messages;
    expect(m).toMatchObject({
      title: 'ご予約はお受けできませんでした',
      message:
        'ガイドは予約（TG0014）をお受けできませんでした。理由：「体調不良のため」。132 元を返金します。同じ日に対応できる別のガイドをお探しください。',
      actionLabel: '別のガイドを探す',
    });
  });
});
