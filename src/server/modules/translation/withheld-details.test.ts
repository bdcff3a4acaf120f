import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../../shared/messaging/contact-masking';
import { adminDisputeDetailSchema } from '../../../shared/schemas/disputes';
import { guideDetailSchema, itinerarySchema } from '../../../shared/schemas/guides';
import { messagesPageSchema } from '../../../shared/schemas/messaging';
import { supportMessageSchema } from '../../../shared/schemas/support';
import { guideItineraries, guides, reviews, users } from '../../db/schema/index';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { addItinerary } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { call, guide, openChat, say, traveler } from '../messaging/test-helpers';
import { bookingIn } from '../reviews/test-helpers';

/**
 * Decision 181: on every path that translates, the provider (the local DeepL stand-in, which records
 * what it received) gets none of the contact details — they go as placeholders — and the reader
 * finds each put back in the translation. Before a booking, the chat's reader gets them masked.
 */
const DETAILS = [
  'fan@example.com',
  '+86 138 1234 5678',
  'tabi_fan88',
  '@tabi_line',
  '12345678',
  'https://pay.example.com/t?token=abc123',
  '6222 0212 3456 7890 123',
  '090-1234-5678',
];
const TEXT = `请联系我 fan@example.com，电话 +86 138 1234 5678，微信 tabi_fan88，LINE: @tabi_line，QQ号 12345678，付款 https://pay.example.com/t?token=abc123 ，卡号 6222 0212 3456 7890 123，日本 090-1234-5678`;

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

// The language asked with `lang`, which wins over the admin's stored choice (decision 190).
const get = (token: string, url: string, lang: string) =>
  t.app.inject({ method: 'GET', url, query: { lang }, headers: { authorization: `Bearer ${token}` } });
async function translateNow() {
  await t.app.jobs.settled();
  await t.app.jobs.tick(new Date());
  await t.app.jobs.settled();
  await t.app.guideSearch.sync();
}
/** TEXT as the provider receives it: each detail a placeholder tag DeepL keeps (tag_handling=xml). */
const SENT =
  '请联系我 <x id="0"/>，电话 <x id="1"/>，微信 <x id="2"/>，LINE: <x id="3"/>，QQ号 <x id="4"/>，付款 <x id="5"/> ，卡号 <x id="6"/>，日本 <x id="7"/>';
/** Every text the stand-in has received holds none of the details. */
function providerSawNone() {
  const sent = deepl.received.flatMap((r) => r.texts).join('\n');
  for (const d of DETAILS) expect(sent).not.toContain(d);
}
const setLocale = (id: number, locale: string) => t.database.db.update(users).set({ locale }).where(eq(users.id, id));

describe('contact details never reach the provider and are put back (decision 181)', () => {
  it('chat after a confirmed booking: the guide reads the details in the Japanese translation', async () => {
    const tr = await person(t);
    const g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    await bookingIn(t, tr, g, daysAhead(36), 'ongoing');
    const conv = await openChat(t, tr, g.guideId);
    expect((await say(t, tr, conv, TEXT)).statusCode).toBe(201);
    await get(g.token, `/api/conversations/${conv}/messages`, 'ja');
    await translateNow();
    const m = messagesPageSchema
      .parse((await get(g.token, `/api/conversations/${conv}/messages`, 'ja')).json())
      .data.find((x) => x.senderId === tr.id)!;
    expect(m.translated?.text).toBe(`[JA] ${TEXT}`);
    expect(deepl.received.at(-1)).toMatchObject({ texts: [SENT], tagHandling: 'xml', ignoreTags: 'x' });
    providerSawNone();
  });

  it('chat before a booking: masked for the reader and for the provider alike', async () => {
    const g = await guide(t, 'Withheld Chat Guide');
    const tr = await traveler(t);
    const conv = await openChat(t, tr, g.guideId);
    await say(t, tr, conv, `${TEXT}。`);
    await get(g.token, `/api/conversations/${conv}/messages`, 'ja');
    await translateNow();
    const m = messagesPageSchema.parse((await get(g.token, `/api/conversations/${conv}/messages`, 'ja')).json())
      .data[0]!;
    expect(m.translated?.text).toContain(MASK);
    for (const d of DETAILS) expect(m.translated?.text).not.toContain(d);
    providerSawNone();
  });

  it("a guide's bio and itinerary written before the rule: the reader's translation carries them", async () => {
    const g = await guide(t, 'Withheld Bio Guide');
    await t.database.db
      .update(guides)
      .set({ bio: TEXT, originalLanguage: 'zh', texts: { zh: { bio: TEXT } } })
      .where(eq(guides.id, g.guideId));
    const it0 = await addItinerary(t.database.db, g.guideId);
    const summary = 'Call me on 090-1234-5678 or see https://pay.example.com/t?token=abc123';
    await t.database.db
      .update(guideItineraries)
      .set({
        summary,
        originalLanguage: 'en',
        texts: { en: { title: 'Old Tokyo walk', summary, stops: [{ title: 'Senso-ji', description: 'Temple' }] } },
      })
      .where(eq(guideItineraries.id, it0.id));
    await t.app.guideSearch.sync();
    await get(admin.token, `/api/v2/guides/${g.guideId}`, 'ja');
    await get(admin.token, `/api/v2/itineraries/${it0.id}?lang=ja`, 'ja');
    await translateNow();
    const detail = guideDetailSchema.parse((await get(admin.token, `/api/v2/guides/${g.guideId}`, 'ja')).json());
    expect(detail.bioTranslated?.text).toBe(`[JA] ${TEXT}`);
    const it = itinerarySchema.parse((await get(admin.token, `/api/v2/itineraries/${it0.id}?lang=ja`, 'ja')).json());
    expect(it.summaryTranslated?.text).toBe(`[JA] ${summary}`);
    expect(deepl.received.flatMap((r) => r.texts)).toContain('Call me on <x id="0"/> or see <x id="1"/>');
    providerSawNone();
  });

  it('a review and its reply', async () => {
    const g = await guide(t, 'Withheld Review Guide');
    const tr = await traveler(t);
    const at = new Date();
    const reply = '連絡は kana@example.jp へ & <どうぞ>';
    await t.database.db.insert(reviews).values({
      type: 'traveler_to_guide',
      fromUserId: tr.id,
      toUserId: g.id,
      guideId: g.guideId,
      rating: 5,
      content: TEXT,
      submittedAt: at,
      publishedAt: at,
      reply,
      repliedAt: at,
    });
    const list = async (lang: string) =>
      (await get(tr.token, `/api/v2/reviews/guides/${g.guideId}`, lang)).json()[0] as Record<
        string,
        { text: string } | undefined
      >;
    await list('ja');
    await list('en');
    await translateNow();
    expect((await list('ja')).contentTranslated?.text).toBe(`[JA] ${TEXT}`);
    // The reply's own `&` and `<>` go escaped (XML) and come back as written.
    expect((await list('en')).replyTranslated?.text).toBe(`[EN-US] ${reply}`);
    expect(deepl.received.flatMap((r) => r.texts)).toContain('連絡は <x id="0"/> へ &amp; &lt;どうぞ&gt;');
    providerSawNone();
  });

  it('a support thread and a dispute, for the team', async () => {
    await setLocale(admin.id, 'ja');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      remoteAddress: '10.9.1.1',
      payload: { message: TEXT, topic: 'general', locale: 'zh-CN' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const thread = `/api/admin/support/threads/${started.json().thread.id}`;
    await get(admin.token, thread, 'ja');

    const tr = await person(t);
    const g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    await setLocale(tr.id, 'zh-CN');
    const bookingId = await bookingIn(t, tr, g, daysAhead(37), 'ongoing');
    const conv = await openChat(t, tr, g.guideId);
    expect((await say(t, tr, conv, TEXT)).statusCode).toBe(201);
    const opened = await call(t, tr, 'POST', '/api/v2/disputes', { bookingId, reason: TEXT });
    expect(opened.statusCode, opened.body).toBe(201);
    const dispute = `/api/admin/disputes/${opened.json().id}`;
    await get(admin.token, dispute, 'en');
    await translateNow();

    const [visitor] = (await get(admin.token, thread, 'ja'))
      .json()
      .messages.map((m: unknown) => supportMessageSchema.parse(m));
    expect(visitor?.translated?.text).toBe(`[JA] ${TEXT}`);
    const detail = adminDisputeDetailSchema.parse((await get(admin.token, dispute, 'en')).json());
    expect(detail.dispute.reasonTranslated?.text).toBe(`[EN-US] ${TEXT}`);
    expect(detail.messages.find((m) => m.side === 'traveler')?.translated?.text).toBe(`[EN-US] ${TEXT}`);
    providerSawNone();
  });
});
