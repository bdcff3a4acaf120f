import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { systemMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, daysAhead, guidePerson, pay, person, type Person, type Who, until } from './test-helpers';

/**
 * A family settles the days up front (decision 178): a plan for each day (place, time to meet, a short
 * plan), extras ticked to pay at cost in person — listed, never charged — and the children's ages and
 * needs; the plans agreed later by either side, with a line in their chat and a notice to the other.
 */
let t: TestApp;
let traveler: Person;
let stranger: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

const KYOTO_STATION = { meetingLat: 34.9858, meetingLng: 135.7588 };
const EXTRAS = [
  { kind: 'overtime_hour', included: false, priceCents: 30_000 },
  { kind: 'entrance_tickets', included: false, priceCents: 5_000, note: 'Temples and gardens' },
  { kind: 'meals', included: false, priceCents: 8_000 },
  { kind: 'public_transport', included: true },
  { kind: 'guide_travel', included: false },
];

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  guide = await guidePerson(t, { maxPeople: 6 });
  const rates = {
    basicPricePerHourCents: 30_000,
    additionalPricePerPersonCents: 10_000,
    minPeople: 1,
    maxPeople: 6,
    minDurationHours: 2,
    maxDurationHours: 8,
    services: [],
    includedPeople: 4,
    dayRateCents: 180_000,
    dayHours: 8,
    extras: EXTRAS,
  };
  const res = await callAs(t, 'PUT', '/api/v2/guides/me/rates', guide, rates);
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: Who, payload?: unknown) =>
  callAs(t, method, url, who, payload);
const family = { adults: 2, children: 1, infants: 1 };
const threeDays = (date: string) => ({
  guideId: guide.guideId,
  date,
  days: 3,
  dayStartTime: '09:00',
  ...family,
  meetingAddress: 'Hotel Granvia Kyoto lobby',
});

describe('a family books its days with their plans, extras and children (decision 178)', () => {
  it('stores a plan a day, the extras as paid at cost and the children; both sides read them, the place in their language', async () => {
    const date = daysAhead(30);
    const body = {
      ...threeDays(date),
      dayPlans: [
        {
          day: 2,
          meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
          ...KYOTO_STATION,
          startTime: '08:30',
          plan: '伏见稻荷大社，早上人少',
        },
        { day: 3, plan: 'Nara: deer park and Todai-ji, back by 16:00' },
      ],
      extras: ['entrance_tickets', 'meals'],
      childAges: [8, 1],
      needs: { stroller: true, childSeat: true },
    };
    const made = await book(t, traveler, body);
    expect(made.statusCode, made.body).toBe(201);
    const b = made.json();
    // The extras change nothing of the price: the quote of the same trip without them.
    const plain = (
      await call('GET', `/api/v2/guides/${guide.guideId}/quote?days=3&adults=2&children=1&infants=1`, null)
    ).json();
    expect(b.totalPriceCents).toBe(plain.totalCents);
    expect(b.depositCents).toBe(plain.depositCents);
    expect(b.extras).toEqual([
      { kind: 'entrance_tickets', priceCents: 5_000, currency: 'CNY', note: 'Temples and gardens' },
      { kind: 'meals', priceCents: 8_000, currency: 'CNY', note: null },
    ]);
    expect(b.childAges).toEqual([8, 1]);
    expect(b.needs).toEqual({ stroller: true, childSeat: true });
    expect(b.dayPlans).toEqual([
      // Day 1 has no place of its own: the booking's.
      expect.objectContaining({
        day: 1,
        date,
        meetingAddress: 'Hotel Granvia Kyoto lobby',
        place: { kind: 'typed', text: 'Hotel Granvia Kyoto lobby' },
        startTime: null,
        plan: null,
      }),
      expect.objectContaining({
        day: 2,
        date: addDays(date, 1),
        ...KYOTO_STATION,
        startTime: '08:30',
        plan: '伏见稻荷大社，早上人少',
      }),
      expect.objectContaining({
        day: 3,
        date: addDays(date, 2),
        meetingAddress: null,
        place: null,
        startTime: null,
        plan: 'Nara: deer park and Todai-ji, back by 16:00',
      }),
    ]);

    // The guide reads the listed place in Japanese, the traveler in Chinese with nothing "as written" beside it.
    const forGuide = (await call('GET', `/api/v2/bookings/${b.id}?lang=ja`, guide)).json();
    expect(forGuide.dayPlans[1].place).toEqual({
      kind: 'listed',
      name: '京都駅',
      addressJa: '京都府京都市下京区東塩小路町',
      asWritten: { text: '京都站', locale: 'zh-CN' },
    });
    expect(forGuide.dayPlans[1].planLanguage).toBe('zh');
    expect(forGuide.dayPlans[2].planLanguage).toBe('en');
    expect(forGuide).toMatchObject({ childAges: [8, 1], needs: { stroller: true, childSeat: true }, extras: b.extras });
    const forTraveler = (await call('GET', `/api/v2/bookings/${b.id}?lang=zh-CN`, traveler)).json();
    expect(forTraveler.dayPlans[1].place).toEqual({
      kind: 'listed',
      name: '京都站',
      addressJa: '京都府京都市下京区東塩小路町',
      asWritten: null,
    });
  });

  it('a booking without them answers a day a plan with nothing in it, no extras, no ages', async () => {
    const date = daysAhead(40);
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date,
      startTime: '10:00',
      durationHours: 3,
      adults: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      dayPlans: [
        {
          day: 1,
          date,
          meetingAddress: null,
          meetingPostalCode: null,
          meetingLat: null,
          meetingLng: null,
          place: null,
          startTime: null,
          plan: null,
        },
      ],
      extras: [],
      childAges: null,
      needs: { stroller: false, childSeat: false },
    });
  });

  it('refuses extras the guide does not sell at cost, ages that are not the group, and plans past the days', async () => {
    const date = daysAhead(50);
    const refused = async (over: Record<string, unknown>, code: string, path: string) => {
      const res = await book(t, traveler, { ...threeDays(date), ...over });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
      expect(
        res
          .json()
          .fields.map((f: { path: string }) => f.path)
          .join(' '),
      ).toContain(path);
    };
    // Public transport is included, the guide's fare has no price, overtime is the extension.
    await refused({ extras: ['public_transport'] }, 'extra_not_offered', 'extras');
    await refused({ extras: ['guide_travel'] }, 'extra_not_offered', 'extras');
    await refused({ extras: ['overtime_hour'] }, 'validation_failed', 'extras');
    await refused({ extras: ['meals', 'meals'] }, 'validation_failed', 'extras');
    // One age for each child and infant: 1 child of 3–11, 1 infant under 3.
    await refused({ childAges: [8] }, 'validation_failed', 'childAges');
    await refused({ childAges: [8, 9] }, 'validation_failed', 'childAges');
    await refused({ childAges: [12, 1] }, 'validation_failed', 'childAges');
    await refused({ dayPlans: [{ day: 4, plan: 'A fourth day' }] }, 'validation_failed', 'dayPlans');
    await refused(
      {
        dayPlans: [
          { day: 2, plan: 'a' },
          { day: 2, plan: 'b' },
        ],
      },
      'validation_failed',
      'dayPlans',
    );
    await refused({ dayPlans: [{ day: 2, plan: 'x'.repeat(301) }] }, 'validation_failed', 'dayPlans');
    await refused({ dayPlans: [{ day: 2, startTime: '9:00' }] }, 'validation_failed', 'dayPlans');
  });

  it('the quote lists the extras asked as paid in person at cost, outside the total', async () => {
    const q = (extras: string, lang = 'en') =>
      call(
        'GET',
        `/api/v2/guides/${guide.guideId}/quote?days=3&adults=2&children=1&infants=1&extras=${extras}&lang=${lang}`,
        null,
      );
    const plain = (
      await call('GET', `/api/v2/guides/${guide.guideId}/quote?days=3&adults=2&children=1&infants=1`, null)
    ).json();
    expect(plain.extras).toEqual([]);
    const res = await q('entrance_tickets,meals');
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote.totalCents).toBe(plain.totalCents);
    expect(quote.inPersonCents).toBe(plain.inPersonCents);
    expect(quote.extras).toEqual([
      {
        kind: 'entrance_tickets',
        label: 'Entrance tickets · paid in person at cost, not charged online and not in the total',
        note: 'Temples and gardens',
        amountCents: 5_000,
        guideAmount: 5_000,
      },
      {
        kind: 'meals',
        label: 'Meals · paid in person at cost, not charged online and not in the total',
        note: null,
        amountCents: 8_000,
        guideAmount: 8_000,
      },
    ]);
    expect((await q('meals', 'zh-CN')).json().extras[0].label).toBe(
      '餐费 · 按实际金额当面支付，不在线收取，不计入总价',
    );
    const bad = await q('public_transport');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'extra_not_offered',
      fields: [{ path: 'querystring.extras', message: 'public_transport' }],
    });
  });
});

describe('the plan for each day agreed later (PUT /api/v2/bookings/{id}/day-plans)', () => {
  it('either side sets it; the chat carries a line and the other side is told; another user gets 404', async () => {
    const date = daysAhead(60);
    const made = await book(t, traveler, { ...threeDays(date), dayPlans: [{ day: 3, plan: 'Nara' }] });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);

    const put = (who: Who, dayPlans: unknown[], lang = 'en') =>
      call('PUT', `/api/v2/bookings/${id}/day-plans?lang=${lang}`, who, { dayPlans });
    expect((await put(stranger, [{ day: 1, plan: 'x' }])).statusCode).toBe(404);
    expect((await call('PUT', `/api/v2/bookings/${id}/day-plans`, null, { dayPlans: [] })).statusCode).toBe(401);
    const beyond = await put(traveler, [{ day: 4, plan: 'A fourth day' }]);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ code: 'validation_failed' });

    // The guide proposes day 2 in Japanese; day 3's words stay the traveler's.
    const byGuide = await put(
      guide,
      [
        {
          day: 2,
          meetingAddress: '京都駅 · 京都府京都市下京区東塩小路町',
          ...KYOTO_STATION,
          startTime: '08:00',
          plan: '伏見稲荷大社、朝早く',
        },
        { day: 3, plan: 'Nara' },
      ],
      'ja',
    );
    expect(byGuide.statusCode, byGuide.body).toBe(200);
    expect(byGuide.json().dayPlans[1]).toMatchObject({
      day: 2,
      startTime: '08:00',
      plan: '伏見稲荷大社、朝早く',
      planLanguage: 'ja',
      place: { kind: 'listed', name: '京都駅' },
    });
    expect(byGuide.json().dayPlans[2]).toMatchObject({ day: 3, plan: 'Nara', planLanguage: 'en' });

    // The traveler hears of it; the guide, who made it, does not.
    const notices = (userId: number) =>
      t.database.db
        .select()
        .from(systemMessages)
        .where(and(eq(systemMessages.userId, userId), eq(systemMessages.relatedEntityId, id)));
    const toTraveler = await until(
      () => notices(traveler.id),
      (m) => m.some((x) => x.title === 'The plan for each day changed'),
    );
    expect(toTraveler.find((x) => x.title === 'The plan for each day changed')).toMatchObject({
      actionUrl: `/dashboard?booking=${id}`,
    });
    expect((await notices(guide.id)).map((m) => m.title)).not.toContain('The plan for each day changed');

    // The pair's chat has the guide's line, in the guide's language, naming only the day that changed.
    const lines = async () => {
      const list = (await call('GET', '/api/conversations', traveler)).json().data as {
        conversation: { id: number; guideId: number };
      }[];
      const c = list.find((x) => x.conversation.guideId === guide.guideId);
      if (!c) return [];
      return (
        (await call('GET', `/api/conversations/${c.conversation.id}/messages`, traveler)).json().data as {
          body: string;
          senderId: number;
        }[]
      ).filter((m) => m.body.startsWith('日ごとの予定'));
    };
    const chat = await until(lines, (m) => m.length === 1);
    expect(chat).toHaveLength(1);
    expect(chat[0]!.senderId).toBe(guide.id);
    expect(chat[0]!.body).toBe(
      `日ごとの予定を更新しました：\n2日目（${Number(addDays(date, 1).slice(5, 7))}月${Number(addDays(date, 1).slice(8))}日） · 08:00 · 京都駅 · 伏見稲荷大社、朝早く`,
    );

    // The traveler takes day 3's plan away: the guide is told; the view has day 3 empty.
    const cleared = await put(traveler, [
      {
        day: 2,
        meetingAddress: '京都駅 · 京都府京都市下京区東塩小路町',
        ...KYOTO_STATION,
        startTime: '08:00',
        plan: '伏見稲荷大社、朝早く',
      },
    ]);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().dayPlans[2]).toMatchObject({ plan: null, startTime: null, meetingAddress: null });
    // Day 2's words were left as the guide wrote them: still hers, still Japanese.
    expect(cleared.json().dayPlans[1].planLanguage).toBe('ja');
    const toGuide = await until(
      () => notices(guide.id),
      (m) => m.some((x) => x.title === 'The plan for each day changed'),
    );
    expect(toGuide.find((x) => x.title === 'The plan for each day changed')!.message).toBe(
      `The traveler updated the plan for day 3 of booking TG${String(id).padStart(4, '0')}.`,
    );
  });

  it('a cancelled booking has no plans left to agree: 409 booking_closed', async () => {
    const made = await book(t, traveler, { ...threeDays(daysAhead(70)) });
    const id = made.json().id as number;
    const cancelled = await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await call('PUT', `/api/v2/bookings/${id}/day-plans`, traveler, {
      dayPlans: [{ day: 1, plan: 'Too late' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('booking_closed');
  });
});
