import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { bookingSchema } from '../../../shared/schemas/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, daysAhead, paidByAlipay, person, yenGuide, type Person } from './test-helpers';

/**
 * What is paid and what is left, in the booking's view (decision 179): the deposit's time, what was
 * paid online in the booking's currency, and the in-person part in the guide's currency and the
 * traveler's, a share each tour day — the server's figures, the same in the traveler's and the guide's
 * replies, and none left once the booking is cancelled.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof yenGuide>>;

const view = async (id: number, who: Person, lang = 'en') =>
  bookingSchema.parse((await callAs(t, 'GET', `/api/v2/bookings/${id}?lang=${lang}`, who)).json());

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await yenGuide(t);
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('what is left to pay, and when', () => {
  it('a family’s three days with a yen guide, paid in yuan: ¥115,200 to hand over, ¥38,400 each day, 1,920 元 a day at the booking’s rate', async () => {
    const date = daysAhead(30);
    // A day: ¥4,000 × 8 h for the first adult, ¥1,000 × 8 h each for the second adult and the child, the infant free:
    // ¥48,000.
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date,
      days: 3,
      dayStartTime: '09:00',
      adults: 2,
      children: 1,
      infants: 1,
      chargeCurrency: 'CNY',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    // Before the deposit: nothing paid, the in-person part already known.
    expect(made.json()).toMatchObject({
      totalPriceCents: 144_000,
      depositCents: 28_800,
      depositPaidAt: null,
      paidOnlineCents: 0,
      dueInPersonCents: 115_200,
      dueInPersonChargeCents: 576_000,
    });

    const payment = await paidByAlipay(t, traveler, id);
    expect(payment).toMatchObject({ currency: 'CNY', amountCents: 144_000 });
    const b = await view(id, traveler, 'zh-CN');
    expect(b.depositPaidAt).toEqual(expect.any(String));
    expect(b).toMatchObject({ paidOnlineCents: 28_800, dueInPersonCents: 115_200, dueInPersonChargeCents: 576_000 });
    expect(b.dueInPersonOn).toEqual(
      [0, 1, 2].map((i) => ({ day: i + 1, date: addDays(date, i), cents: 38_400, chargeCents: 192_000 })),
    );
    // The lines name the days with their hours, the group on its own lines.
    expect(b.lines.map((l) => l.label)).toEqual([
      '地陪费 · 3 天 × 8 小时',
      '另加成人 1 位',
      '儿童（3–11 岁）1 位',
      '婴儿（3 岁以下）1 位',
    ]);

    // The guide reads the same figures; the traveler's list too.
    expect(await view(id, guide)).toMatchObject({
      paidOnlineCents: 28_800,
      dueInPersonCents: 115_200,
      dueInPersonOn: b.dueInPersonOn,
    });
    const list = (await callAs(t, 'GET', `/api/v2/bookings-new/traveler/${traveler.id}`, traveler)).json().data as {
      id: number;
      dueInPersonCents: number;
    }[];
    expect(list.find((x) => x.id === id)?.dueInPersonCents).toBe(115_200);

    // Cancelled: nothing is owed in person any more.
    expect((await callAs(t, 'PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect(await view(id, traveler)).toMatchObject({
      status: 'cancelled',
      dueInPersonCents: 0,
      dueInPersonChargeCents: null,
      dueInPersonOn: [],
    });
  });

  it('a tour of hours seen in yen: all of it on its day, no other currency', async () => {
    const date = daysAhead(33);
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date,
      startTime: '10:00',
      durationHours: 3,
      adults: 1,
      chargeCurrency: 'JPY',
    });
    expect(made.statusCode, made.body).toBe(201);
    // ¥12,000, a deposit of ¥2,400.
    expect(made.json()).toMatchObject({
      dueInPersonCents: 9_600,
      dueInPersonChargeCents: null,
      dueInPersonOn: [{ day: 1, date, cents: 9_600, chargeCents: null }],
    });
  });
});
