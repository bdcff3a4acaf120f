import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema, guideListReplySchema, itinerarySchema } from '../../../shared/schemas/guides';
import { messagesPageSchema } from '../../../shared/schemas/messaging';
import { jobs, reviews, users } from '../../db/schema/index';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { addItinerary } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, guide, offerBody, openChat, say, traveler } from '../messaging/test-helpers';
import { addDays, todayInZone } from '../../../shared/availability';
import { TRANSLATE_JOB } from './translations';
import { japaneseTexts, messages, profile, translateNow } from './test-helpers';

/**
 * What DeepL translates for a reader, and a DeepL that hangs or fails (decision 145); when nothing is
 * translated at all (budget or quota spent, no provider) is translation-stopped.test.ts.
 */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

describe('machine translation with DeepL (decision 145)', () => {
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

  it('a Japanese bio reads in Chinese for a zh-CN reader once the job ran, the original kept, and is sent to DeepL once', async () => {
    const g = await guide(t, 'Bio Guide');
    await japaneseTexts(t, g.guideId, '京都の路地裏をご案内します');
    const first = guideDetailSchema.parse((await profile(t, g.guideId, 'zh-CN')).json());
    expect(first).toMatchObject({
      bio: '京都の路地裏をご案内します',
      bioLanguage: 'ja',
      bioTranslated: null,
      bioTranslation: { status: 'pending' },
    });

    await translateNow(t);
    const after = guideDetailSchema.parse((await profile(t, g.guideId, 'zh-CN')).json());
    expect(after.bio).toBe('京都の路地裏をご案内します');
    expect(after.bioLanguage).toBe('ja');
    expect(after.bioTranslated).toEqual({
      text: '[ZH-HANS] 京都の路地裏をご案内します',
      provider: 'DeepL',
      targetLang: 'zh',
    });
    expect(after.bioTranslation).toBeUndefined();
    expect(after.ethicsDescriptionTranslated).toEqual({
      text: '[ZH-HANS] 約束は必ず守ります',
      provider: 'DeepL',
      targetLang: 'zh',
    });

    // Another reader, and a reload: the cache answers, DeepL is not asked again.
    const other = await traveler(t);
    await profile(t, g.guideId, 'zh-CN', other);
    await profile(t, g.guideId, 'zh-CN');
    await translateNow(t);
    expect(deepl.translatedTexts.filter((x) => x === '京都の路地裏をご案内します')).toHaveLength(1);
    const sent = deepl.received.find((r) => r.texts.includes('京都の路地裏をご案内します'))!;
    expect(sent).toMatchObject({ authKey: 'test-key:fx', sourceLang: 'ja' });
    expect(sent.targetLang.toLowerCase()).toBe('zh-hans');

    // A Japanese reader reads the original as before: nothing to translate.
    const ja = guideDetailSchema.parse((await profile(t, g.guideId, 'ja')).json());
    expect(ja.bioTranslated).toBeUndefined();

    // The guide edits the bio: the new text misses the cache and is translated in turn.
    await japaneseTexts(t, g.guideId, '京都の路地裏と市場をご案内します');
    expect((await profile(t, g.guideId, 'zh-CN')).json()).toMatchObject({
      bio: '京都の路地裏と市場をご案内します',
      bioTranslated: null,
      bioTranslation: { status: 'pending' },
    });
    await translateNow(t);
    expect((await profile(t, g.guideId, 'zh-CN')).json().bioTranslated.text).toBe(
      '[ZH-HANS] 京都の路地裏と市場をご案内します',
    );
  });

  it('search cards of a Chinese reader carry the translated bio once it is kept, written into the kept card', async () => {
    const g = await guide(t, 'Card Guide');
    await japaneseTexts(t, g.guideId, '大阪の食べ歩きが得意です');
    const search = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/guides?lang=zh-CN&limit=50' });
      return guideListReplySchema.parse(res.json()).data.find((c) => c.id === g.guideId)!;
    };
    expect(await search()).toMatchObject({
      bio: '大阪の食べ歩きが得意です',
      bioTranslated: null,
      bioTranslation: { status: 'pending' },
    });
    await translateNow(t);
    const card = await search();
    expect(card.bio).toBe('大阪の食べ歩きが得意です');
    expect(card.bioTranslated).toEqual({
      text: '[ZH-HANS] 大阪の食べ歩きが得意です',
      provider: 'DeepL',
      targetLang: 'zh',
    });
    // A traveler's saved guides are the same cards, read from the same cache.
    const tr = await traveler(t);
    expect((await call(t, tr, 'POST', `/api/travelers/${tr.id}/saved-guides/${g.guideId}`)).statusCode).toBeLessThan(
      300,
    );
    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/travelers/${tr.id}/saved-guides`,
      headers: { authorization: `Bearer ${tr.token}`, 'accept-language': 'zh-CN' },
    });
    expect(saved.json().data[0]).toMatchObject({
      bio: '大阪の食べ歩きが得意です',
      bioTranslated: { text: '[ZH-HANS] 大阪の食べ歩きが得意です' },
    });
    // An English reader's card is its own: its bio is asked for in English, once.
    await t.app.inject({ method: 'GET', url: '/api/v2/guides?lang=en&limit=50' });
    await t.app.inject({ method: 'GET', url: '/api/v2/guides?lang=en&limit=50' });
    await translateNow(t);
    expect(deepl.translatedTexts.filter((x) => x === '大阪の食べ歩きが得意です')).toHaveLength(2);
  });

  it("a Japanese chat message reads in Chinese for the traveler, and the traveler's Chinese reply in Japanese for the guide", async () => {
    const g = await guide(t, 'Chat Guide');
    const tr = await traveler(t, 'Chat Traveler');
    const conv = await openChat(t, tr, g.guideId);
    expect((await say(t, tr, conv, '你好，明天可以带我们去浅草吗？')).statusCode).toBe(201);
    expect((await say(t, g, conv, 'はい、明日の10時に浅草駅で会いましょう')).statusCode).toBe(201);

    const before = messagesPageSchema.parse((await messages(t, tr, conv, 'zh-CN')).json());
    const guideMessage = before.data.find((m) => m.senderId === g.id)!;
    expect(guideMessage).toMatchObject({
      body: 'はい、明日の10時に浅草駅で会いましょう',
      bodyLanguage: 'ja',
      translated: null,
      translation: { status: 'pending' },
    });
    // Your own messages are not translated for you.
    expect(before.data.find((m) => m.senderId === tr.id)!.translated).toBeUndefined();
    await messages(t, g, conv, 'ja');
    await translateNow(t);

    const forTraveler = messagesPageSchema
      .parse((await messages(t, tr, conv, 'zh-CN')).json())
      .data.find((m) => m.senderId === g.id)!;
    expect(forTraveler.body).toBe('はい、明日の10時に浅草駅で会いましょう');
    expect(forTraveler.translated).toEqual({
      text: '[ZH-HANS] はい、明日の10時に浅草駅で会いましょう',
      provider: 'DeepL',
      targetLang: 'zh',
    });
    const forGuide = messagesPageSchema
      .parse((await messages(t, g, conv, 'ja')).json())
      .data.find((m) => m.senderId === tr.id)!;
    expect(forGuide).toMatchObject({
      body: '你好，明天可以带我们去浅草吗？',
      bodyLanguage: 'zh',
      translated: { text: '[JA] 你好，明天可以带我们去浅草吗？', provider: 'DeepL', targetLang: 'ja' },
    });

    // Without lang or Accept-Language, the stored locale decides (the traveler's is zh-CN).
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, tr.id));
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conv}/messages`,
      headers: { authorization: `Bearer ${tr.token}` },
    });
    expect(stored.json().data.find((m: { senderId: number }) => m.senderId === g.id).translated.targetLang).toBe('zh');
  });

  it("a guide's offer reads in Chinese: its message and its itinerary; one with contact details is refused, never sent", async () => {
    const g = await guide(t, 'Offer Guide');
    const tr = await traveler(t);
    const conv = await openChat(t, tr, g.guideId);
    const offer = (itinerary: string) =>
      call(
        t,
        g,
        'POST',
        `/api/v2/conversations/${conv}/offers`,
        offerBody(addDays(todayInZone('Asia/Tokyo'), 20), { itinerary, note: 'ご提案です' }),
      );
    // An offer is a public text (decision 205): a contact detail in it is refused, not masked.
    const refused = await offer('築地場外市場、浜離宮。連絡は 090-1234-5678 まで');
    expect(refused.json().code).toBe('contact_details_not_allowed');
    const itinerary = '築地場外市場、浜離宮。集合は 8 番出口 10:00';
    const res = await offer(itinerary);
    expect(res.statusCode, res.body).toBe(201);
    await messages(t, tr, conv, 'zh-CN');
    await translateNow(t);
    const m = messagesPageSchema
      .parse((await messages(t, tr, conv, 'zh-CN')).json())
      .data.find((x) => x.kind === 'offer')!;
    expect(m).toMatchObject({ body: 'ご提案です', translated: { text: '[ZH-HANS] ご提案です' } });
    expect(m.offer).toMatchObject({ itinerary, itineraryLanguage: 'ja' });
    expect(m.offer?.itineraryTranslated?.text).toBe(`[ZH-HANS] ${itinerary}`);
    expect(deepl.received.flatMap((r) => r.texts).join('\n')).not.toContain('090-1234-5678');
  });

  it('a masked phone number, e-mail or WeChat id never reaches DeepL: the masked text is what is translated', async () => {
    const g = await guide(t, 'Mask Guide');
    const tr = await traveler(t);
    const conv = await openChat(t, tr, g.guideId);
    await say(t, tr, conv, '我的电话是 13812345678，微信 tabi_fan88，邮箱 fan@example.com');
    const read = messagesPageSchema.parse((await messages(t, g, conv, 'ja')).json()).data[0]!;
    expect(read.masked).toBe(true);
    await translateNow(t);
    const all = deepl.received.flatMap((r) => r.texts).join('\n');
    expect(all).not.toContain('13812345678');
    expect(all).not.toContain('tabi_fan88');
    expect(all).not.toContain('fan@example.com');
    const translated = messagesPageSchema.parse((await messages(t, g, conv, 'ja')).json()).data[0]!;
    expect(translated.translated?.text).toBe(`[JA] ${read.body}`);
    expect(translated.translated?.text).toContain('•••');
  });

  it("a Chinese review reads in Japanese, and the guide's Japanese reply in Chinese, both kept as written", async () => {
    const g = await guide(t, 'Review Guide');
    const tr = await traveler(t);
    await t.database.db.insert(reviews).values({
      type: 'traveler_to_guide',
      fromUserId: tr.id,
      toUserId: g.id,
      guideId: g.guideId,
      rating: 5,
      content: '导游非常热情，推荐！',
      submittedAt: new Date(),
      publishedAt: new Date(),
      reply: 'ありがとうございました',
      repliedAt: new Date(),
    });
    const list = (lang: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/reviews/guides/${g.guideId}?lang=${lang}` });
    expect((await list('ja')).json()[0]).toMatchObject({
      content: '导游非常热情，推荐！',
      contentLanguage: 'zh',
      contentTranslated: null,
      contentTranslation: { status: 'pending' },
    });
    await list('zh-CN');
    await translateNow(t);
    const ja = (await list('ja')).json()[0];
    expect(ja.contentTranslated).toEqual({ text: '[JA] 导游非常热情，推荐！', provider: 'DeepL', targetLang: 'ja' });
    expect(ja.replyTranslated).toBeUndefined(); // the reply is Japanese already
    const zh = (await list('zh-CN')).json()[0];
    expect(zh).toMatchObject({
      content: '导游非常热情，推荐！',
      reply: { text: 'ありがとうございました' },
      replyLanguage: 'ja',
    });
    expect(zh.replyTranslated).toEqual({
      text: '[ZH-HANS] ありがとうございました',
      provider: 'DeepL',
      targetLang: 'zh',
    });
  });

  it('an itinerary written in English reads in Chinese: title, summary and each stop, next to the original', async () => {
    const g = await guide(t, 'Walk Guide');
    const it0 = await addItinerary(t.database.db, g.guideId);
    const page = () => t.app.inject({ method: 'GET', url: `/api/v2/itineraries/${it0.id}?lang=zh-CN` });
    expect((await page()).json()).toMatchObject({
      title: 'Old Tokyo walk',
      language: 'en',
      titleTranslated: null,
      translation: { status: 'pending' },
    });
    await translateNow(t);
    const it = itinerarySchema.parse((await page()).json());
    expect(it).toMatchObject({ title: 'Old Tokyo walk', summary: 'Asakusa and Yanaka', language: 'en' });
    expect(it.titleTranslated).toEqual({ text: '[ZH-HANS] Old Tokyo walk', provider: 'DeepL', targetLang: 'zh' });
    expect(it.summaryTranslated?.text).toBe('[ZH-HANS] Asakusa and Yanaka');
    expect(it.stops[0]).toMatchObject({
      title: 'Senso-ji',
      titleTranslated: { text: '[ZH-HANS] Senso-ji' },
      descriptionTranslated: { text: '[ZH-HANS] Temple' },
    });
    // On the profile, the same texts come from the same cache: they are not sent again.
    const profileIt = guideDetailSchema.parse((await profile(t, g.guideId, 'zh-CN')).json()).itineraries[0]!;
    expect(profileIt.titleTranslated?.text).toBe('[ZH-HANS] Old Tokyo walk');
    await translateNow(t);
    expect(deepl.translatedTexts.filter((x) => x === 'Old Tokyo walk')).toHaveLength(1);
  });

  it('with DeepL hanging, a send and a profile answer at once with the original; the job gives up after 3 s', async () => {
    deepl.mode = 'hang';
    const g = await guide(t, 'Hang Guide');
    await japaneseTexts(t, g.guideId, '箱根の温泉を案内します');
    const tr = await traveler(t);
    const conv = await openChat(t, tr, g.guideId);
    const page = await timed(() => profile(t, g.guideId, 'zh-CN'));
    expect(page.ms).toBeLessThan(500);
    expect(page.value.json()).toMatchObject({
      bio: '箱根の温泉を案内します',
      bioTranslated: null,
      bioTranslation: { status: 'pending' },
    });
    const sent = await timed(() => say(t, g, conv, '駅の改札でお待ちしています'));
    expect(sent.ms).toBeLessThan(500);
    expect(sent.value.statusCode).toBe(201);
    const read = await timed(() => messages(t, tr, conv, 'zh-CN'));
    expect(read.ms).toBeLessThan(500);
    expect(read.value.json().data[0]).toMatchObject({
      body: '駅の改札でお待ちしています',
      translated: null,
      translation: { status: 'pending' },
    });

    // The jobs wait for DeepL at most the deadline, then fail and are retried later.
    const waited = await timed(() => t.app.jobs.settled());
    expect(waited.ms).toBeLessThan(6_000);
    // deepl-node's own request timeout (3 s) or the job's deadline (3 s), whichever fires first.
    const failed = (await t.database.db.select().from(jobs).where(eq(jobs.kind, TRANSLATE_JOB))).filter((j) =>
      /3000 ?ms/.test(j.lastError ?? ''),
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((j) => j.status === 'queued')).toBe(true);
  }, 20_000);

  it('a DeepL that keeps failing (5xx) is not called for a while, and readers are told the translation is unavailable', async () => {
    deepl.mode = 503;
    const g = await guide(t, 'Down Guide');
    const tr = await traveler(t);
    const conv = await openChat(t, tr, g.guideId);
    for (const text of ['一つ目のお知らせです', '二つ目のお知らせです', '三つ目のお知らせです'])
      await say(t, g, conv, text);
    await messages(t, tr, conv, 'zh-CN');
    await translateNow(t);
    const asked = deepl.received.length;
    await say(t, g, conv, '四つ目のお知らせです');
    const read = await timed(() => messages(t, tr, conv, 'zh-CN'));
    expect(read.ms).toBeLessThan(500);
    const newest = messagesPageSchema.parse(read.value.json()).data.at(-1)!;
    expect(newest).toMatchObject({
      body: '四つ目のお知らせです',
      translated: null,
      translation: { status: 'unavailable' },
    });
    await translateNow(t);
    expect(deepl.received.length).toBe(asked); // the breaker is open: nobody called DeepL
  });
});
