import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../../shared/locales';
import { bookingSchema } from '../../../shared/schemas/bookings';
import { bookings, guides } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, CARD_OK, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * A booking's lines carry the quote's labels (decisions 151 and 152): the same function labels the
 * lines frozen at booking, in the reader's language, on every reply that carries the booking.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 6 });
  await t.database.db
    .update(guides)
    .set({ includedPeople: 2, childPricePercent: 50, dayRateCents: 200_000, dayHours: 8 })
    .where(eq(guides.id, guide.guideId));
});
afterAll(() => t.close());

const get = (url: string, who: { token: string }, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...auth(who.token), ...headers } });
const labels = (b: { lines: { label: string }[] }) => b.lines.map((l) => l.label);
const family = { adults: 2, children: 1, infants: 1 };

describe('the lines of a booking', () => {
  it('are labelled as the quote labels them, in English, Chinese and Japanese, on the booking, its list and a payment', async () => {
    const date = daysAhead(25);
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date,
      startTime: '10:00',
      durationHours: 3,
      ...family,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = bookingSchema.parse(res.json());
    for (const [lang, headers] of [
      ['en', {}],
      ['zh-CN', { 'accept-language': 'zh-CN,zh;q=0.9' }],
      ['ja', { cookie: `${LOCALE_COOKIE}=ja` }],
    ] as const) {
      const quote = (
        await t.app.inject({
          url: `/api/v2/guides/${guide.guideId}/quote?durationHours=3&adults=2&children=1&infants=1&lang=${lang}`,
        })
      ).json();
      const view = (await get(`/api/v2/bookings/${b.id}`, traveler, headers)).json();
      expect(labels(view), lang).toEqual(quote.lines.map((l: { label: string }) => l.label));
      const list = (await get(`/api/v2/bookings-new/traveler/${traveler.id}`, traveler, headers)).json();
      expect(labels(list.data.find((x: { id: number }) => x.id === b.id)), lang).toEqual(labels(view));
    }
    expect(labels((await get(`/api/v2/bookings/${b.id}`, traveler, { 'accept-language': 'zh-CN' })).json())).toEqual([
      '地陪费（2 人以内）· 3 小时',
      '儿童（3–11 岁）1 位',
      '婴儿（3 岁以下）1 位',
    ]);
    // The payment's reply carries the booking, labelled too.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${b.id}/payments`,
      headers: { ...auth(traveler.token), 'idempotency-key': `lines-test-${b.id}`, cookie: `${LOCALE_COOKIE}=ja` },
      payload: CARD_OK,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(labels(paid.json().booking)).toEqual([
      'ガイド料（2名まで）・3時間',
      'お子さま（3〜11歳）1名',
      '乳幼児（3歳未満）1名',
    ]);
  });

  it('are the amounts charged, never repriced: a change of the guide’s rates leaves them', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(26),
      startTime: '10:00',
      durationHours: 2,
      adults: 3,
    });
    const before = bookingSchema.parse(res.json()).lines;
    await t.database.db
      .update(guides)
      .set({ additionalPricePerPersonCents: 99_900 })
      .where(eq(guides.id, guide.guideId));
    const after = (await get(`/api/v2/bookings/${res.json().id}`, traveler)).json().lines;
    expect(after).toEqual(before);
    expect(after.map((l: { label: string }) => l.label)).toEqual([
      'Guide for up to 2 people · 2 hours',
      '1 more adult',
    ]);
    await t.database.db
      .update(guides)
      .set({ additionalPricePerPersonCents: 10_000 })
      .where(eq(guides.id, guide.guideId));
  });

  it('name the days of a booking of several days, and a booking without stored lines reads as one base line', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(40),
      days: 3,
      dayStartTime: '09:00',
      adults: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(labels(res.json())).toEqual(['Guide for up to 2 people · 3 days × 8 hours']);
    expect(
      labels((await get(`/api/v2/bookings/${res.json().id}`, traveler, { 'accept-language': 'ja' })).json()),
    ).toEqual(['ガイド料（2名まで）・3日間 × 8時間']);
    await t.database.db.update(bookings).set({ priceLines: null }).where(eq(bookings.id, res.json().id));
    const old = (await get(`/api/v2/bookings/${res.json().id}`, traveler, { 'accept-language': 'zh-CN' })).json();
    expect(old.lines).toEqual([
      { kind: 'base', people: 1, amountCents: old.totalPriceCents + old.creditCents, label: '地陪费 · 3 天 × 8 小时' },
    ]);
  });
});
