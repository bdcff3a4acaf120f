import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  CARD_OK,
  daysAhead,
  paidByAlipay,
  pay,
  person,
  yenGuide,
  type Person,
  type Who,
  type Method,
} from './test-helpers';

/**
 * What a guide receives for a booking (decision 175): in her booking's view and list, and on her
 * overview, in the booking's currency (yen for a guide who prices in yen, whatever the traveler paid
 * in), the total less the commission as the completion posts it; the traveler's view never has it.
 * And the languages of the traveler's name, meeting place and notes and of a new time's message and
 * decline reason, told by the script and the writer's account.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof yenGuide>>;

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const view = async (id: number, who: Person) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const guideList = async () =>
  (await call('GET', `/api/v2/bookings-new/guide/${guide.id}`, guide)).json().data as {
    id: number;
    guideNetCents?: number | null;
  }[];
const travelerList = async (who: Person) =>
  (await call('GET', `/api/v2/bookings-new/traveler/${who.id}`, who)).json().data as Record<string, unknown>[];
const overview = async () => (await call('GET', '/api/v2/guides/me/overview', guide)).json();

async function writer(who: Person, fullName: string, locale: string) {
  await t.database.db.update(users).set({ fullName, locale }).where(eq(users.id, who.id));
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await yenGuide(t);
  await writer(traveler, '王芳', 'zh-CN');
  expect((await call('PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20' })).statusCode).toBe(200);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('the guide’s net on her booking', () => {
  it('is ¥9,000 of a ¥10,000 tour paid in yuan, then ¥13,500 with a ¥5,000 extension, and what was posted once completed; the traveler never gets it', async () => {
    // 2 adults × 2 h at ¥4,000 an hour and ¥1,000 for the second adult: ¥10,000; deposit ¥2,000; commission ¥1,000.
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(45),
      startTime: '10:00',
      durationHours: 2,
      adults: 2,
      chargeCurrency: 'CNY',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect(made.json()).not.toHaveProperty('guideNetCents');
    const payment = await paidByAlipay(t, traveler, id);
    expect(payment).toMatchObject({ currency: 'CNY', amountCents: 10_000 }); // ¥2,000 at 20 yen a yuan

    const asGuide = await view(id, guide);
    expect(asGuide).toMatchObject({
      status: 'confirmed',
      currency: 'JPY',
      totalPriceCents: 10_000,
      depositCents: 2_000,
      guideNetCents: 9_000,
    });
    expect((await guideList()).find((b) => b.id === id)?.guideNetCents).toBe(9_000);
    expect((await overview()).requests.items.find((r: { id: number }) => r.id === id)).toMatchObject({
      currency: 'JPY',
      totalPriceCents: 10_000,
      guideNetCents: 9_000,
    });
    // The traveler's own reads have no such field, not even null.
    expect(await view(id, traveler)).not.toHaveProperty('guideNetCents');
    expect((await travelerList(traveler)).find((b) => b.id === id)).not.toHaveProperty('guideNetCents');

    const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, guide);
    expect(accepted.json()).toMatchObject({ status: 'upcoming', guideNetCents: 9_000 });

    // On tour: an hour more at round(¥10,000 ÷ 2 h), paid by card in the yuan the traveler saw.
    t.app.bookings.now = () => new Date(Date.parse(asGuide.startsAt) + 10 * 60_000);
    expect(
      (await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' })).statusCode,
    ).toBe(200);
    expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).json().status).toBe(
      'ongoing',
    );
    expect(
      (await call('POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: 1 })).json().extension,
    ).toMatchObject({ priceCents: 5_000 });
    const extension = await pay(t, traveler, id, { ...CARD_OK, kind: 'extension' });
    expect(extension.statusCode, extension.body).toBe(201);
    expect(extension.json().payment).toMatchObject({ currency: 'CNY', amountCents: 25_000 });
    expect(extension.json().booking).not.toHaveProperty('guideNetCents');
    // Paid but not yet confirmed: not hers yet.
    expect((await view(id, guide)).guideNetCents).toBe(9_000);
    expect((await call('POST', `/api/v2/bookings/${id}/extension/approve`, guide)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/bookings/${id}/confirm-extension`, traveler, { userType: 'traveler' })).statusCode,
    ).toBe(200);
    // ¥10,000 + ¥5,000 − (¥1,000 + 10 % of ¥5,000)
    expect((await view(id, guide)).guideNetCents).toBe(13_500);
    expect((await overview()).week.tours.find((x: { id: number }) => x.id === id)).toMatchObject({
      guideNetCents: 13_500,
    });

    expect((await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'completed' })).statusCode).toBe(200);
    const done = await view(id, guide);
    expect(done).toMatchObject({ status: 'completed', balanceCents: 8_000, guideNetCents: 13_500 });
    // What the completion posted to her wallet, in yen, is the net less what she took in person.
    const wallet = (await call('GET', '/api/v2/wallet', guide)).json();
    expect(wallet).toMatchObject({ currency: 'JPY', earnings: { totalCents: 13_500 - 8_000 } });
    expect(await view(id, traveler)).not.toHaveProperty('guideNetCents');
  });
});

describe('the languages of the traveler’s words', () => {
  it('names the traveler’s name, meeting place, notes and a new time’s words by their script, and kanji alone by the writer’s account language', async () => {
    const japanese = await person(t);
    await writer(japanese, '高橋 健', 'ja');
    const made = await book(t, japanese, {
      guideId: guide.guideId,
      date: daysAhead(50),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      meetingAddress: '京都駅八条口',
      notes: '祖母と一緒です',
    });
    expect(made.statusCode, made.body).toBe(201);
    const fromJapanese = made.json().id as number;
    await paidByAlipay(t, japanese, fromJapanese);
    const chinese = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(51),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      meetingAddress: '京都站八条口',
      notes: 'We have a stroller',
    });
    const fromChinese = chinese.json().id as number;
    await paidByAlipay(t, traveler, fromChinese);

    expect(await view(fromJapanese, guide)).toMatchObject({
      traveler: { fullName: '高橋 健', nameLanguage: 'ja' },
      meetingAddressLanguage: 'ja',
      notesLanguage: 'ja',
    });
    expect(await view(fromChinese, guide)).toMatchObject({
      traveler: { fullName: '王芳', nameLanguage: 'zh' },
      meetingAddressLanguage: 'zh',
      notesLanguage: 'en',
    });
    // A new time: the traveler's message in her language, the guide's decline reason in his (kanji alone, a Japanese
    // account).
    await writer(guide, '佐藤 美咲', 'ja');
    const proposed = await call('POST', `/api/v2/bookings/${fromChinese}/reschedule`, traveler, {
      date: daysAhead(52),
      startTime: '10:00',
      reason: '航班改了',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const proposalId = proposed.json().reschedule.id as number;
    expect((await view(fromChinese, guide)).reschedule).toMatchObject({ reason: '航班改了', reasonLanguage: 'zh' });
    expect(
      (
        await call('POST', `/api/v2/bookings/${fromChinese}/reschedule/${proposalId}/decline`, guide, {
          reason: '満席',
        })
      ).statusCode,
    ).toBe(200);
    expect((await view(fromChinese, traveler)).reschedule).toMatchObject({
      declineReason: '満席',
      declineReasonLanguage: 'ja',
      reasonLanguage: 'zh',
    });
    const items = (await overview()).requests.items as { id: number; traveler: { nameLanguage: string } }[];
    expect(items.find((r) => r.id === fromJapanese)?.traveler.nameLanguage).toBe('ja');
    expect(items.find((r) => r.id === fromChinese)?.traveler.nameLanguage).toBe('zh');
  });
});
