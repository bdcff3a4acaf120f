import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema } from '../../../shared/schemas/guides';
import { messagesPageSchema } from '../../../shared/schemas/messaging';
import { guides, translationMonths } from '../../db/schema/index';
import type { AppInstance } from '../../lib/types';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { twoInstancesOnRedis } from '../../test/redis-instances';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guide, openChat, say, traveler, type Who } from '../messaging/test-helpers';

/**
 * Decision 184: each account's daily allowance (writer and reader), a failed call that spends
 * nothing, the month's budget on every path, and a cache that answers nobody's guess.
 */

/** A Japanese text of exactly `n` characters, distinct per `tag`. */
const japanese = (tag: string, n: number) => `${tag}です`.padEnd(n, 'あ');

const thread = (app: AppInstance, who: Who, conversationId: number, lang = 'zh-CN') =>
  app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { authorization: `Bearer ${who.token}`, 'accept-language': lang },
  });
async function bodies(app: AppInstance, who: Who, conversationId: number, lang = 'zh-CN') {
  const res = await thread(app, who, conversationId, lang);
  expect(res.statusCode, res.body).toBe(200);
  return messagesPageSchema.parse(res.json()).data;
}
/** The other side's message with this body, as the reader gets it. */
async function message(app: AppInstance, who: Who, conversationId: number, body: string, lang = 'zh-CN') {
  return (await bodies(app, who, conversationId, lang)).find((m) => m.body === body)!;
}
async function translateNow(app: AppInstance, at = new Date()) {
  await app.jobs.settled();
  await app.jobs.tick(at);
  await app.jobs.settled();
}
/** The characters the provider translated in the app clock's month. */
async function spentThisMonth(t: TestApp): Promise<number> {
  const month = t.app.bookings.now().toISOString().slice(0, 7);
  const [row] = await t.database.db.select().from(translationMonths).where(eq(translationMonths.month, month));
  return row?.characters ?? 0;
}

describe('the daily allowance per account (decision 184)', () => {
  let deepl: TestDeepL;
  let t: TestApp;
  beforeAll(async () => {
    deepl = await startTestDeepL();
    t = await createTestApp({ env: { ...deepl.env, TRANSLATION_DAILY_CHARACTERS_PER_USER: '100' } });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('counts for the writer and the reader: past either, the reader gets the original with its language, and nothing is sent', async () => {
    const g = await guide(t, 'Allowance Guide');
    const tr = await traveler(t, 'Allowance Reader');
    const conv = await openChat(t, tr, g.guideId);
    const [a, b, c] = [japanese('一つ目', 40), japanese('二つ目', 40), japanese('三つ目', 40)];
    for (const text of [a, b, c]) expect((await say(t, g, conv, text)).statusCode).toBe(201);
    await bodies(t.app, tr, conv);
    await translateNow(t.app);
    // 40 + 40 fit the 100 of both; whichever job comes third would make 120 (the jobs run in any order).
    const read = await Promise.all([a, b, c].map((text) => message(t.app, tr, conv, text)));
    const translated = read.filter((m) => m.translated);
    expect(translated.map((m) => m.translated?.text).sort()).toEqual(
      translated.map((m) => `[ZH-HANS] ${m.body}`).sort(),
    );
    expect(translated).toHaveLength(2);
    const refused = read.find((m) => !m.translated)!;
    expect(refused).toMatchObject({ bodyLanguage: 'ja', translated: null, translation: { status: 'unavailable' } });
    expect(deepl.translatedTexts).not.toContain(refused.body);

    // Reading the same messages in English is a new translation: the writer has no room left for it.
    expect(await message(t.app, tr, conv, a, 'en')).toMatchObject({
      body: a,
      bodyLanguage: 'ja',
      translated: null,
      translation: { status: 'unavailable' },
    });

    // The writer is past it for everyone: a new reader gets the original, at once, and no job is written.
    const other = await traveler(t, 'Other Reader');
    const conv2 = await openChat(t, other, g.guideId);
    const short = japanese('四つ目', 30);
    await say(t, g, conv2, short);
    expect(await message(t.app, other, conv2, short)).toMatchObject({
      bodyLanguage: 'ja',
      translated: null,
      translation: { status: 'unavailable' },
    });
    await translateNow(t.app);
    expect(deepl.translatedTexts).not.toContain(short);

    // The reader is past it too (80 used): a fresh writer's 30 characters do not fit the reader's day.
    const g2 = await guide(t, 'Fresh Writer');
    const conv3 = await openChat(t, tr, g2.guideId);
    const fresh = japanese('五つ目', 30);
    await say(t, g2, conv3, fresh);
    expect(await message(t.app, tr, conv3, fresh)).toMatchObject({
      bodyLanguage: 'ja',
      translated: null,
      translation: { status: 'unavailable' },
    });
    // …while that writer's 30 characters for a fresh reader are translated.
    const conv4 = await openChat(t, other, g2.guideId);
    await say(t, g2, conv4, fresh);
    await bodies(t.app, other, conv4);
    await translateNow(t.app);
    expect((await message(t.app, other, conv4, fresh)).translated?.text).toBe(`[ZH-HANS] ${fresh}`);
    expect(await message(t.app, tr, conv3, fresh)).toMatchObject({
      translated: null,
      translation: { status: 'unavailable' },
    });
  });
});

describe('a provider that hangs or fails spends nothing (decision 184)', () => {
  let deepl: TestDeepL;
  let t: TestApp;
  beforeAll(async () => {
    deepl = await startTestDeepL();
    t = await createTestApp({ env: { ...deepl.env, TRANSLATION_DAILY_CHARACTERS_PER_USER: '100' } });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('gives the characters back to the month and to both accounts after a hang and a 503, and spends them once when it answers', async () => {
    const clock = t.app.bookings.now;
    try {
      await hangsFailsAndAnswers();
    } finally {
      t.app.bookings.now = clock;
    }
  }, 30_000);

  async function hangsFailsAndAnswers() {
    const g = await guide(t, 'Hang Writer');
    const tr = await traveler(t, 'Hang Reader');
    const conv = await openChat(t, tr, g.guideId);
    const text = japanese('待ってください', 60);
    await say(t, g, conv, text);
    deepl.mode = 'hang';
    await bodies(t.app, tr, conv);
    await translateNow(t.app);
    expect(deepl.received.filter((r) => r.texts.includes(text))).toHaveLength(1);
    expect(await spentThisMonth(t)).toBe(0);

    deepl.mode = 503;
    await translateNow(t.app, new Date(Date.now() + 3_600_000));
    expect(deepl.received.filter((r) => r.texts.includes(text))).toHaveLength(2);
    expect(await spentThisMonth(t)).toBe(0);

    // Had either failure kept its 60 characters, a third call would not fit the 100 of the day.
    deepl.mode = 'ok';
    const answeredAt = () => new Date(Date.now() + 7_200_000);
    await translateNow(t.app, answeredAt());
    // The characters count on the UTC day and month of the answer (allowance.ts): the app reads from then on, or a
    // run late in a UTC day would read the next messages on the day before the one they were spent on.
    t.app.bookings.now = answeredAt;
    expect((await message(t.app, tr, conv, text)).translated?.text).toBe(`[ZH-HANS] ${text}`);
    expect(await spentThisMonth(t)).toBe(60);
    // 60 of both days spent: 41 more do not fit either of them, 40 do.
    await say(t, g, conv, japanese('多すぎ', 41));
    expect(await message(t.app, tr, conv, japanese('多すぎ', 41))).toMatchObject({
      translated: null,
      translation: { status: 'unavailable' },
    });
    await say(t, g, conv, japanese('ちょうど', 40));
    expect(await message(t.app, tr, conv, japanese('ちょうど', 40))).toMatchObject({
      translated: null,
      translation: { status: 'pending' },
    });
  }
});

describe('the monthly budget on every path (decision 184)', () => {
  let deepl: TestDeepL;
  let t: TestApp;
  beforeAll(async () => {
    deepl = await startTestDeepL();
    t = await createTestApp({ env: { ...deepl.env, TRANSLATION_MONTHLY_CHARACTERS: '100' } });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it("refuses the text that would pass it once the month's row exists, not only the month's first", async () => {
    const g = await guide(t, 'Month Writer');
    const tr = await traveler(t, 'Month Reader');
    const conv = await openChat(t, tr, g.guideId);
    const [first, second] = [japanese('最初', 60), japanese('二番目', 60)];
    await say(t, g, conv, first);
    await bodies(t.app, tr, conv);
    await translateNow(t.app);
    expect(await spentThisMonth(t)).toBe(60);
    await say(t, g, conv, second);
    await bodies(t.app, tr, conv);
    await translateNow(t.app);
    expect(deepl.translatedTexts).not.toContain(second);
    expect(await spentThisMonth(t)).toBe(60);
    expect(await message(t.app, tr, conv, second)).toMatchObject({
      bodyLanguage: 'ja',
      translated: null,
      translation: { status: 'unavailable' },
    });
    expect((await message(t.app, tr, conv, first)).translated?.text).toBe(`[ZH-HANS] ${first}`);
  });
});

describe('no cache oracle (decision 184)', () => {
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

  const setBio = async (guideId: number, bio: string) => {
    await t.database.db
      .update(guides)
      .set({ bio, originalLanguage: 'ja', texts: { ja: { bio } } })
      .where(eq(guides.id, guideId));
    await t.app.guideSearch.sync();
  };
  const bioOf = async (guideId: number) => {
    const d = guideDetailSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v2/guides/${guideId}`, headers: { 'accept-language': 'zh-CN' } })
      ).json(),
    );
    return { bio: d.bio, bioLanguage: d.bioLanguage, bioTranslated: d.bioTranslated, bioTranslation: d.bioTranslation };
  };

  it("a bio set to someone's private message reads exactly as one with a digit changed: nothing of the message's translation", async () => {
    const g = await guide(t, 'Private Writer');
    const tr = await traveler(t, 'Private Reader');
    const conv = await openChat(t, tr, g.guideId);
    const secret = '明日の会合は午後3時に新宿の会議室で行います';
    await say(t, g, conv, secret);
    await bodies(t.app, tr, conv);
    await translateNow(t.app);
    expect((await message(t.app, tr, conv, secret)).translated?.text).toBe(`[ZH-HANS] ${secret}`);

    const [prober, control] = [await guide(t, 'Prober'), await guide(t, 'Control')];
    await setBio(prober.guideId, secret);
    await setBio(control.guideId, secret.replace('3', '4'));
    const [guess, changed] = [await bioOf(prober.guideId), await bioOf(control.guideId)];
    expect(guess).toEqual({
      bio: secret,
      bioLanguage: 'ja',
      bioTranslated: null,
      bioTranslation: { status: 'pending' },
    });
    expect({ ...changed, bio: secret }).toEqual(guess);

    // Another conversation holding the same words is its own too.
    const other = await traveler(t, 'Other Chat');
    const conv2 = await openChat(t, other, prober.guideId);
    await say(t, prober, conv2, secret);
    expect(await message(t.app, other, conv2, secret)).toMatchObject({
      translated: null,
      translation: { status: 'pending' },
    });
  });

  it("a public text equal to another guide's translated bio is not answered from that bio's translation", async () => {
    const [first, second] = [await guide(t, 'First Bio'), await guide(t, 'Copying Bio')];
    const bio = '浅草と谷中を歩いてご案内します';
    await setBio(first.guideId, bio);
    await bioOf(first.guideId);
    await translateNow(t.app);
    expect((await bioOf(first.guideId)).bioTranslated?.text).toBe(`[ZH-HANS] ${bio}`);
    await setBio(second.guideId, bio);
    expect(await bioOf(second.guideId)).toEqual({
      bio,
      bioLanguage: 'ja',
      bioTranslated: null,
      bioTranslation: { status: 'pending' },
    });
  });
});

const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))(
  'the daily allowance shared by two instances through Redis (skipped without REDIS_URL)',
  () => {
    let deepl: TestDeepL;
    beforeAll(async () => {
      deepl = await startTestDeepL();
    });
    afterAll(async () => {
      await deepl?.close();
    });
    const instances = twoInstancesOnRedis(redisUrl!, () => ({
      ...deepl.env,
      TRANSLATION_DAILY_CHARACTERS_PER_USER: '100',
    }));

    it('characters counted on one instance count on the other', async () => {
      const { t, b } = instances;
      const g = await guide(t, 'Shared Writer');
      const tr = await traveler(t, 'Shared Reader');
      const conv = await openChat(t, tr, g.guideId);
      const first = japanese('一番', 70);
      await say(t, g, conv, first);
      await bodies(t.app, tr, conv);
      await translateNow(t.app);
      expect((await message(b, tr, conv, first)).translated?.text).toBe(`[ZH-HANS] ${first}`);
      // 70 spent through the first instance: the second knows 40 more do not fit, and sends nothing.
      const second = japanese('二番', 40);
      await say(t, g, conv, second);
      expect(await message(b, tr, conv, second)).toMatchObject({
        bodyLanguage: 'ja',
        translated: null,
        translation: { status: 'unavailable' },
      });
      await translateNow(b);
      expect(deepl.translatedTexts).not.toContain(second);
      expect(await t.app.redis!.keys(`${instances.keyPrefix}translation-allowance:*`)).not.toHaveLength(0);
    });
  },
);
