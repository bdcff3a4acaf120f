import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { conversationListSchema, messagesPageSchema, type Conversation } from '../../../shared/schemas/messaging';
import { users } from '../../db/schema/index';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, cid, guide, offerBody, openChat, say, traveler, type Who } from '../messaging/test-helpers';

/**
 * Decision 173: the inbox's last-message previews and a tour request's plan read in the reader's
 * language by machine translation, as chat messages do (decision 145), the original kept beside them.
 */
let deepl: TestDeepL;
let t: TestApp;
beforeAll(async () => {
  deepl = await startTestDeepL();
  t = await createTestApp({ env: deepl.env });
});
afterAll(async () => {
  await t?.close();
  await deepl?.close();
});

const setLocale = (id: number, locale: string) => t.database.db.update(users).set({ locale }).where(eq(users.id, id));
const get = (who: Who, url: string, lang?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${who.token}`, ...(lang && { 'accept-language': lang }) },
  });
/** The caller's inbox entry of one conversation, read in `lang`. */
async function inboxEntry(
  who: Who,
  conversationId: number,
  lang: string,
  url = '/api/conversations',
): Promise<Conversation> {
  const res = await get(who, url, lang);
  expect(res.statusCode, res.body).toBe(200);
  return conversationListSchema.parse(res.json()).data.find((c) => c.conversation.id === conversationId)!;
}
/** Runs the translation jobs the reads just queued. */
async function translateNow() {
  await t.app.jobs.settled();
  await t.app.jobs.tick(new Date());
  await t.app.jobs.settled();
}
const sentToDeepL = () => deepl.received.flatMap((r) => r.texts);

describe("the inbox's previews in the reader's language", () => {
  it("the traveler's inbox shows the guide's Japanese line in Chinese once translated, the original kept; the guide's own line is not translated for her", async () => {
    const g = await guide(t, 'Inbox Guide');
    const tr = await traveler(t, 'Inbox Traveler');
    await setLocale(g.id, 'ja');
    const conv = await openChat(t, tr, g.guideId);
    await say(t, tr, conv, '你好，明天可以带我们去浅草吗？');
    const line = 'はい、明日の10時に浅草駅で会いましょう';
    await say(t, g, conv, line);

    expect(await inboxEntry(tr, conv, 'zh-CN')).toMatchObject({
      lastMessage: line,
      lastMessageLanguage: 'ja',
      lastMessageTranslated: null,
      lastMessageTranslation: { status: 'pending' },
    });
    await translateNow();
    const entry = await inboxEntry(tr, conv, 'zh-CN');
    expect(entry.lastMessage).toBe(line);
    expect(entry.lastMessageTranslated).toEqual({ text: `[ZH-HANS] ${line}`, provider: 'DeepL', targetLang: 'zh' });
    expect(entry.lastMessageTranslation).toBeUndefined();

    // The thread reads the same cache row: DeepL was asked once for the line, whoever read it where.
    const thread = messagesPageSchema.parse((await get(tr, `/api/conversations/${conv}/messages`, 'zh-CN')).json());
    expect(thread.data.find((m) => m.senderId === g.id)!.translated?.text).toBe(`[ZH-HANS] ${line}`);
    expect(sentToDeepL().filter((x) => x === line)).toHaveLength(1);

    // `lang` names the list's language before Accept-Language: in Japanese there is nothing to translate.
    const inJapanese = await inboxEntry(tr, conv, 'zh-CN', '/api/conversations?lang=ja');
    expect(inJapanese.lastMessage).toBe(line);
    expect(inJapanese).not.toHaveProperty('lastMessageTranslated');
    expect(inJapanese).not.toHaveProperty('lastMessageLanguage');

    // The guide wrote the last line: her inbox shows it as she wrote it, even read in Chinese.
    const hers = await inboxEntry(g, conv, 'zh-CN');
    expect(hers.lastMessage).toBe(line);
    expect(Object.keys(hers).filter((k) => /Translat|Language/.test(k))).toEqual([]);
  });

  it("the guide's inbox shows the traveler's Chinese in Japanese, contact details masked before they are sent", async () => {
    const g = await guide(t, 'Masked Inbox Guide');
    const tr = await traveler(t);
    await setLocale(g.id, 'ja');
    const conv = await openChat(t, tr, g.guideId);
    await say(t, tr, conv, '我的微信是 tabi_fan88，明天见');
    const before = await inboxEntry(g, conv, 'ja');
    expect(before.lastMessage).not.toContain('tabi_fan88');
    expect(before).toMatchObject({ lastMessageLanguage: 'zh', lastMessageTranslated: null });
    await translateNow();
    const after = await inboxEntry(g, conv, 'ja');
    expect(after.lastMessage).toBe(before.lastMessage);
    expect(after.lastMessageTranslated).toEqual({
      text: `[JA] ${before.lastMessage}`,
      provider: 'DeepL',
      targetLang: 'ja',
    });
    expect(sentToDeepL().join('\n')).not.toContain('tabi_fan88');
  });

  it("an offer's line keeps the reader's word for it and translates the guide's note", async () => {
    const g = await guide(t, 'Offer Inbox Guide');
    const tr = await traveler(t);
    await setLocale(g.id, 'ja');
    const conv = await openChat(t, tr, g.guideId);
    const res = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${conv}/offers`,
      offerBody(addDays(todayInZone('Asia/Tokyo'), 21), { itinerary: '築地場外市場', note: '子供料金無料。雨天決行' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    await inboxEntry(tr, conv, 'zh-CN');
    await translateNow();
    const entry = await inboxEntry(tr, conv, 'zh-CN');
    expect(entry).toMatchObject({
      lastMessage: '报价 · 子供料金無料。雨天決行',
      lastMessageLanguage: 'ja',
      lastMessageTranslated: { text: '报价 · [ZH-HANS] 子供料金無料。雨天決行', targetLang: 'zh' },
    });
  });
});

describe("a tour request's plan in the guide's language", () => {
  it("the guide reads the traveler's itinerary and group in Japanese, the originals kept; the inbox sums the request up in Japanese, untranslated", async () => {
    const g = await guide(t, 'Plan Guide');
    const tr = await traveler(t, 'Plan Traveler');
    await setLocale(tr.id, 'zh-CN');
    const conv = await openChat(t, tr, g.guideId);
    const request = {
      date: addDays(todayInZone('Asia/Tokyo'), 30),
      startTime: '10:00',
      durationHours: 3,
      travelers: 3,
      meal: 'shared_meal',
      meals: 1,
      transport: 'nearby_city',
      tickets: 'pay_on_site_together',
      ticketCount: 2,
      itinerary: '先去伏见稻荷，然后去祇园。电话 13812345678',
      groupComposition: '两个大人和一个五岁的孩子',
      meetingAddress: 'Kyoto Station, central exit',
      meetingPostalCode: '6008216',
      subcategoryId: g.services[0],
    };
    const send = () =>
      call(t, tr, 'POST', `/api/conversations/${conv}/tour-requests`, { clientMessageId: cid(), request, note: '' });
    // A tour request refuses contact details (decision 205): the one with a phone number is not sent.
    expect((await send()).json().code).toBe('contact_details_not_allowed');
    request.itinerary = '先去伏见稻荷，然后去祇园，206路公交，11点午饭';
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(201);

    const read = async () =>
      messagesPageSchema
        .parse((await get(g, `/api/conversations/${conv}/messages`, 'ja')).json())
        .data.find((m) => m.kind === 'tour_request')!.tourRequest!;
    expect(await read()).toMatchObject({
      itinerary: request.itinerary,
      itineraryLanguage: 'zh',
      itineraryTranslated: null,
      itineraryTranslation: { status: 'pending' },
    });
    await translateNow();
    const plan = await read();
    expect(plan.itinerary).toBe(request.itinerary);
    expect(plan.itineraryTranslated).toEqual({
      text: `[JA] ${request.itinerary}`,
      provider: 'DeepL',
      targetLang: 'ja',
    });
    expect(plan).toMatchObject({
      groupComposition: request.groupComposition,
      groupCompositionLanguage: 'zh',
      groupCompositionTranslated: { text: `[JA] ${request.groupComposition}` },
    });
    expect(sentToDeepL().join('\n')).not.toContain('13812345678');

    // The traveler's own request is not translated for her.
    const own = messagesPageSchema.parse((await get(tr, `/api/conversations/${conv}/messages`, 'zh-CN')).json())
      .data[0]!.tourRequest!;
    expect(Object.keys(own).filter((k) => /Translat|Language/.test(k))).toEqual([]);
    // The inbox writes the request's summary in the guide's language: nothing there to translate.
    const entry = await inboxEntry(g, conv, 'ja');
    expect(entry.lastMessage).toMatch(/^ツアーリクエスト · /);
    expect(entry).not.toHaveProperty('lastMessageTranslated');
  });
});
