import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDisputeDetailSchema } from '../../../shared/schemas/disputes';
import { messagesPageSchema } from '../../../shared/schemas/messaging';
import { supportMessageSchema } from '../../../shared/schemas/support';
import { reviews, users } from '../../db/schema/index';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { call, cid, guide, openChat, say, traveler } from '../messaging/test-helpers';
import { bookingIn } from '../reviews/test-helpers';

/**
 * Decision 146: tour requests' notes and offers' notes in the thread, a support thread for the team
 * and a dispute for the admin read in the reader's language, the original kept; a kanji-only text
 * is taken in its writer's account language, in reviews and their replies too.
 */
let deepl: TestDeepL;
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  deepl = await startTestDeepL();
  t = await createTestApp({ env: deepl.env });
  admin = await person(t, { admin: true });
});
afterAll(async () => {
  await t?.close();
  await deepl?.close();
});

const setLocale = (id: number, locale: string) => t.database.db.update(users).set({ locale }).where(eq(users.id, id));
// The reader's language asked the way the app's switch asks it (`lang`): it wins over the account's stored choice
// (decision 190).
const get = (token: string, url: string, lang?: string) =>
  t.app.inject({ method: 'GET', url, query: lang ? { lang } : {}, headers: { authorization: `Bearer ${token}` } });
/** Runs the translation jobs the reads just queued. */
async function translateNow() {
  await t.app.jobs.settled();
  await t.app.jobs.tick(new Date());
  await t.app.jobs.settled();
}
const sentToDeepL = () => deepl.received.flatMap((r) => r.texts).join('\n');

describe("a tour request's note and an offer's note in the thread", () => {
  it("the guide reads the traveler's Chinese note in Japanese, and the traveler the guide's kanji-only offer note in Chinese", async () => {
    const g = await guide(t, 'Note Guide');
    const tr = await traveler(t, 'Note Traveler');
    await setLocale(g.id, 'ja');
    const conv = await openChat(t, tr, g.guideId);
    const date = daysAhead(30);
    const request = {
      date,
      startTime: '10:00',
      durationHours: 3,
      travelers: 2,
      meal: 'shared_meal',
      meals: 1,
      transport: 'nearby_city',
      tickets: 'pay_on_site_together',
      ticketCount: 2,
      itinerary: 'Fushimi Inari, then Gion',
      groupComposition: 'Two adults',
      meetingAddress: 'Kyoto Station, central exit',
      meetingPostalCode: '6008216',
      subcategoryId: g.services[0],
    };
    const sent = await call(t, tr, 'POST', `/api/conversations/${conv}/tour-requests`, {
      clientMessageId: cid(),
      request,
      note: '我们带一个五岁的孩子，请安排轻松一点',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const requestId = sent.json().data.id;
    const offer = await call(t, g, 'POST', `/api/v2/conversations/${conv}/offers`, {
      clientMessageId: cid(),
      requestMessageId: requestId,
      date,
      startTime: '10:00',
      durationHours: 3,
      travelers: 2,
      priceCents: 80_000,
      meetingAddress: 'Kyoto Station, central exit',
      meetingPostalCode: '6008216',
      itinerary: 'Fushimi Inari, Gion',
      note: '子供料金無料。雨天決行',
    });
    expect(offer.statusCode, offer.body).toBe(201);

    await get(g.token, `/api/conversations/${conv}/messages`, 'ja');
    await get(tr.token, `/api/conversations/${conv}/messages`, 'zh-CN');
    await translateNow();

    const forGuide = messagesPageSchema
      .parse((await get(g.token, `/api/conversations/${conv}/messages`, 'ja')).json())
      .data.find((m) => m.kind === 'tour_request')!;
    expect(forGuide).toMatchObject({
      body: '我们带一个五岁的孩子，请安排轻松一点',
      bodyLanguage: 'zh',
      translated: { text: '[JA] 我们带一个五岁的孩子，请安排轻松一点', provider: 'DeepL', targetLang: 'ja' },
    });
    // Kanji only, but the guide's account is Japanese: Japanese, so a Chinese reader gets it translated.
    const forTraveler = messagesPageSchema
      .parse((await get(tr.token, `/api/conversations/${conv}/messages`, 'zh-CN')).json())
      .data.find((m) => m.kind === 'offer')!;
    expect(forTraveler).toMatchObject({
      body: '子供料金無料。雨天決行',
      bodyLanguage: 'ja',
      translated: { text: '[ZH-HANS] 子供料金無料。雨天決行', targetLang: 'zh' },
    });
    expect(deepl.received.find((r) => r.texts.includes('子供料金無料。雨天決行'))?.sourceLang).toBe('ja');
  });

  it('a kanji-only message from a writer whose account is not Japanese stays Chinese, and is not sent to a Chinese reader', async () => {
    const g = await guide(t, 'Zh Guide');
    const tr = await traveler(t);
    await setLocale(g.id, 'zh-CN');
    const conv = await openChat(t, tr, g.guideId);
    await say(t, g, conv, '明天十点车站见');
    const m = messagesPageSchema.parse((await get(tr.token, `/api/conversations/${conv}/messages`, 'zh-CN')).json())
      .data[0]!;
    expect(m.body).toBe('明天十点车站见');
    expect(m.translated).toBeUndefined();
    expect(m.bodyLanguage).toBeUndefined();
  });
});

describe('a support thread, for the team (decision 146)', () => {
  it("the visitor's Chinese reads in the admin's Japanese, contact details withheld from the provider and put back; agents' replies and the visitor's own view untouched", async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      remoteAddress: '10.9.0.1',
      payload: { message: '付款失败了，请打电话 13812345678', topic: 'payment_failure', locale: 'zh-CN' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { thread, visitorKey } = started.json() as { thread: { id: number }; visitorKey: string };
    expect(
      (await call(t, admin, 'POST', `/api/admin/support/threads/${thread.id}/messages`, { body: 'お調べします' }))
        .statusCode,
    ).toBe(201);
    const url = `/api/admin/support/threads/${thread.id}`;

    // Another user is not the team: the same 404 as a missing thread.
    const someone = await person(t);
    expect((await get(someone.token, url, 'ja')).statusCode).toBe(404);

    const first = await get(admin.token, url, 'ja');
    expect(first.statusCode).toBe(200);
    const pending = first.json().messages.map((m: unknown) => supportMessageSchema.parse(m));
    expect(pending[0]).toMatchObject({
      sender: 'visitor',
      body: '付款失败了，请打电话 13812345678',
      bodyLanguage: 'zh',
      translated: null,
      translation: { status: 'pending' },
    });
    await translateNow();

    const [visitor, agent] = (await get(admin.token, url, 'ja')).json().messages;
    expect(visitor).toMatchObject({
      body: '付款失败了，请打电话 13812345678',
      bodyLanguage: 'zh',
      translated: { text: '[JA] 付款失败了，请打电话 13812345678', provider: 'DeepL', targetLang: 'ja' },
    });
    expect(visitor.translation).toBeUndefined();
    expect(agent).toEqual({ id: agent.id, sender: 'agent', body: 'お調べします', createdAt: agent.createdAt });
    expect(sentToDeepL()).not.toContain('13812345678');

    // The visitor reads their thread as written, without translations.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/support/threads/${thread.id}/messages`,
      headers: { 'x-support-key': visitorKey },
    });
    expect(own.json().messages[0]).toEqual({
      id: visitor.id,
      sender: 'visitor',
      body: '付款失败了，请打电话 13812345678',
      createdAt: visitor.createdAt,
    });
  });

  it("a kanji-only message of a thread opened in Japanese is Japanese; without lang or Accept-Language the admin's stored locale decides", async () => {
    await setLocale(admin.id, 'zh-CN');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      remoteAddress: '10.9.0.2',
      payload: { message: '領収書再発行希望', topic: 'general', locale: 'ja' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().thread.id;
    const [m] = (await get(admin.token, `/api/admin/support/threads/${id}`)).json().messages;
    expect(m).toMatchObject({ bodyLanguage: 'ja', translated: null, translation: { status: 'pending' } });
    // In Japanese it is the admin's own language: nothing to translate.
    const [same] = (await get(admin.token, `/api/admin/support/threads/${id}?lang=ja`)).json().messages;
    expect(same.translated).toBeUndefined();
  });
});

describe('a dispute, for the admin (decision 146)', () => {
  it("the statement and both sides' messages read in the admin's language, the originals kept and counted", async () => {
    const tr = await person(t);
    const g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    await setLocale(tr.id, 'zh-CN');
    await setLocale(g.id, 'ja');
    const bookingId = await bookingIn(t, tr, g, daysAhead(35), 'ongoing');
    const conv = await openChat(t, tr, g.guideId);
    expect((await say(t, g, conv, '集合場所変更')).statusCode).toBe(201);
    expect((await say(t, tr, conv, 'Where are you?')).statusCode).toBe(201);
    const reason = '导游没有来，电话 13812345678 也打不通';
    const opened = await call(t, tr, 'POST', '/api/v2/disputes', { bookingId, reason });
    expect(opened.statusCode, opened.body).toBe(201);
    const url = `/api/admin/disputes/${opened.json().id}`;

    expect((await get(tr.token, url, 'en')).statusCode).toBe(404);
    await get(admin.token, url, 'en');
    await translateNow();
    const res = await get(admin.token, url, 'en');
    expect(res.statusCode).toBe(200);
    const detail = adminDisputeDetailSchema.parse(res.json());
    expect(detail.dispute).toMatchObject({
      reason,
      reasonLanguage: 'zh',
      reasonTranslated: { text: '[EN-US] 导游没有来，电话 13812345678 也打不通', provider: 'DeepL', targetLang: 'en' },
    });
    // The app's choice (its cookie) asks as `lang` does, over the admin's stored 中文 and a browser's header
    // (decision 190).
    const chosen = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${admin.token}`, cookie: 'tabi_locale=en', 'accept-language': 'zh-CN' },
    });
    expect(adminDisputeDetailSchema.parse(chosen.json()).dispute.reasonTranslated?.text).toBe(
      '[EN-US] 导游没有来，电话 13812345678 也打不通',
    );
    const guideSays = detail.messages.find((m) => m.side === 'guide')!;
    // Kanji only from a guide whose account is Japanese: Japanese.
    expect(guideSays).toMatchObject({
      body: '集合場所変更',
      bodyLanguage: 'ja',
      translated: { text: '[EN-US] 集合場所変更' },
    });
    // English for an English reader: nothing added.
    const travelerSays = detail.messages.find((m) => m.body === 'Where are you?')!;
    expect(travelerSays.translated).toBeUndefined();
    expect(sentToDeepL()).not.toContain('13812345678');

    // The parties' own view of the dispute carries no translation.
    const own = (await get(tr.token, `/api/v2/disputes/${opened.json().id}`, 'en')).json();
    expect(own.reason).toBe(reason);
    expect(own.reasonTranslated).toBeUndefined();
  });
});

describe('reviews: the reviewer and the replying guide are the writers', () => {
  it('a kanji-only review from a ja-account traveler and a kanji-only reply from a ja-account guide are Japanese; the same review from a zh-CN account is Chinese', async () => {
    const g = await guide(t, 'Review Writer Guide');
    const ja = await traveler(t, 'Review Writer Ja');
    const zh = await traveler(t, 'Review Writer Zh');
    await Promise.all([setLocale(g.id, 'ja'), setLocale(ja.id, 'ja'), setLocale(zh.id, 'zh-CN')]);
    const at = new Date();
    const review = (fromUserId: number, content: string, reply: string | null) => ({
      type: 'traveler_to_guide' as const,
      fromUserId,
      toUserId: g.id,
      guideId: g.guideId,
      rating: 5,
      content,
      submittedAt: at,
      publishedAt: at,
      reply,
      repliedAt: reply ? at : null,
    });
    await t.database.db
      .insert(reviews)
      .values([review(ja.id, '大満足。再訪希望', '感謝感激'), review(zh.id, '导游专业，推荐', null)]);
    const list = async (lang: string) =>
      (await get(ja.token, `/api/v2/reviews/guides/${g.guideId}`, lang)).json() as Record<string, unknown>[];
    const inZh = await list('zh-CN');
    expect(inZh.find((r) => r.content === '大満足。再訪希望')).toMatchObject({
      contentLanguage: 'ja',
      contentTranslation: { status: 'pending' },
      replyLanguage: 'ja',
      replyTranslation: { status: 'pending' },
    });
    // The Chinese reader's own language: nothing to translate.
    expect(inZh.find((r) => r.content === '导游专业，推荐')!.contentTranslated).toBeUndefined();
    // Nothing internal leaves with the page: the reviewer's account language is not part of a review.
    expect(inZh.every((r) => !('reviewerLocale' in r))).toBe(true);
    const inJa = await list('ja');
    expect(inJa.find((r) => r.content === '导游专业，推荐')).toMatchObject({
      contentLanguage: 'zh',
      contentTranslation: { status: 'pending' },
    });
    expect(inJa.find((r) => r.content === '大満足。再訪希望')!.contentTranslated).toBeUndefined();
    await translateNow();
    expect((await list('zh-CN')).find((r) => r.content === '大満足。再訪希望')).toMatchObject({
      replyTranslated: { text: '[ZH-HANS] 感謝感激', provider: 'DeepL', targetLang: 'zh' },
    });
  });
});
