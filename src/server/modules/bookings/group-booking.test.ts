import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lcg, randomGroupCase, type GroupCase } from '../../../shared/booking/group-cases.fixture';
import { cancellationSplit, DEFAULT_DEPOSIT_RATE, groupPrice } from '../../../shared/booking/money-rules';
import { bookingSchema } from '../../../shared/schemas/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkoutPrice } from './booking/booking-group';
import { book, callAs, daysAhead, guidePerson, pay, person, type Person, type Who } from './test-helpers';

/**
 * A family's booking (decision 152): the group on the checkout, priced as the quote prices it, the
 * lines and the group on the booking as a client reads it, the guide's overtime rate on extensions,
 * and the ledger of a family's paid and cancelled booking.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { maxPeople: 12 });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Who, payload?: unknown) =>
  callAs(t, method, url, who, payload);
const rates = (over: Record<string, unknown> = {}) => ({
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  minPeople: 1,
  maxPeople: 12,
  minDurationHours: 1,
  maxDurationHours: 8,
  services: [],
  ...over,
});
async function setRates(who: { token: string }, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/guides/me/rates',
    headers: { authorization: `Bearer ${who.token}` },
    payload: rates(over),
  });
  expect(res.statusCode, res.body).toBe(200);
}
const quote = async (guideId: number, q: string) => {
  const res = await call('GET', `/api/v2/guides/${guideId}/quote?${q}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    totalCents: number;
    depositCents: number;
    lines: { kind: string; amountCents: number; label: string }[];
  };
};
const family = { adults: 2, children: 1, infants: 1 };

describe('a family books (decision 152)', () => {
  it('takes adults, children and infants, charges the quote, and the booking, its view and the list carry the group and the lines', async () => {
    await setRates(guide, { includedPeople: 2, childPriceRate: 0.5, infantsFree: true });
    const date = daysAhead(20);
    const q = await quote(guide.guideId, `date=${date}&startTime=10:00&durationHours=3&adults=2&children=1&infants=1`);
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date,
      startTime: '10:00',
      durationHours: 3,
      ...family,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = bookingSchema.parse(res.json());
    // 300 × 3 for the two adults + one child at half of 100 × 3; the infant goes free.
    expect(b).toMatchObject({
      travelers: 4,
      adults: 2,
      children: 1,
      infants: 1,
      totalPriceCents: 105_000,
      depositCents: 21_000,
      overtimeRateCents: null,
    });
    expect([b.totalPriceCents, b.depositCents]).toEqual([q.totalCents, q.depositCents]);
    expect(b.lines).toEqual([
      { kind: 'base', people: 2, amountCents: 90_000, label: 'Guide for up to 2 people · 3 hours' },
      { kind: 'children', people: 1, amountCents: 15_000, label: '1 child (3–11)' },
      { kind: 'infants', people: 1, amountCents: 0, label: '1 infant (under 3)' },
    ]);
    // The quote's lines, labels included: the same function labels both.
    expect(b.lines.map((l) => [l.kind, l.amountCents, l.label])).toEqual(
      q.lines.map((l) => [l.kind, l.amountCents, l.label]),
    );
    const view = (await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json();
    expect(view).toMatchObject({ adults: 2, children: 1, infants: 1, lines: b.lines });
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}`, traveler)).json();
    expect(list.data.find((x: { id: number }) => x.id === b.id)).toMatchObject({
      travelers: 4,
      adults: 2,
      children: 1,
      infants: 1,
    });
  });

  it('reads the body before decision 152: travelers alone are the adults', async () => {
    await setRates(guide);
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(21),
      startTime: '10:00',
      durationHours: 2,
      travelers: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      travelers: 3,
      adults: 3,
      children: 0,
      infants: 0,
      totalPriceCents: (30_000 + 2 * 10_000) * 2,
    });
  });

  it('takes travelers with adults only when it is everyone; a body naming no adults is refused', async () => {
    const base = { guideId: guide.guideId, startTime: '10:00', durationHours: 2 };
    const mismatch = await book(t, traveler, { ...base, date: daysAhead(22), ...family, travelers: 2 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'validation_failed' });
    expect(mismatch.json().fields.map((f: { path: string }) => f.path)).toContain('body.travelers');
    const none = await book(t, traveler, { ...base, date: daysAhead(22), children: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('validation_failed');
    const consistent = await book(t, traveler, { ...base, date: daysAhead(22), ...family, travelers: 4 });
    expect(consistent.statusCode, consistent.body).toBe(201);
    expect(consistent.json()).toMatchObject({ travelers: 4, ...family });
  });

  it('counts infants toward the most people the guide takes', async () => {
    await setRates(guide, { maxPeople: 4 });
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(23),
      startTime: '10:00',
      durationHours: 2,
      adults: 2,
      children: 1,
      infants: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('group_size_out_of_range');
    await setRates(guide);
  });
});

describe('the booking charges what the quote says (seeded, decision 152)', () => {
  const cases: GroupCase[] = [];
  const next = lcg(152);
  for (let i = 0; i < 1000; i++) cases.push(randomGroupCase(next));

  it('for a thousand groups and guides: the checkout prices as the quote does', () => {
    for (const c of cases) {
      const r = c.rates;
      // What the quote route (quote.ts) computes from the stored rates; the child rate is stored as a whole percent.
      const stored = { ...r, childPricePercent: Math.round(r.childPriceRate * 100), dayRateCents: null, dayHours: 8 };
      const quoted = groupPrice(
        {
          basicPerHourCents: r.basicPricePerHourCents,
          additionalPerPersonCents: r.additionalPricePerPersonCents,
          includedPeople: r.includedPeople,
          childPriceRate: stored.childPricePercent / 100,
          infantsFree: r.infantsFree,
        },
        c.group,
        { hours: c.hours },
      );
      const booked = checkoutPrice(
        stored,
        null,
        c.group,
        { hours: c.hours },
        { depositRate: DEFAULT_DEPOSIT_RATE, commissionRate: 0.1 },
      );
      expect([booked.totalCents, booked.depositCents, booked.lines]).toEqual([
        quoted.totalCents,
        quoted.depositCents,
        quoted.lines,
      ]);
    }
  });

  it('for thirty of them through the API: the booking made charges the quote route’s total and deposit', async () => {
    const sample = cases.filter((_, i) => i % 34 === 0).slice(0, 30);
    const g = await guidePerson(t, { maxPeople: 12 });
    for (const [k, c] of sample.entries()) {
      await setRates(g, c.rates);
      const date = daysAhead(30 + k);
      const q = await quote(
        g.guideId,
        `durationHours=${c.hours}&adults=${c.group.adults}&children=${c.group.children}&infants=${c.group.infants}`,
      );
      const res = await book(t, traveler, {
        guideId: g.guideId,
        date,
        startTime: '09:00',
        durationHours: c.hours,
        ...c.group,
      });
      expect(res.statusCode, res.body).toBe(201);
      const b = res.json();
      expect([b.totalPriceCents, b.depositCents], JSON.stringify(c)).toEqual([q.totalCents, q.depositCents]);
      expect(b.lines.map((l: { kind: string; amountCents: number }) => [l.kind, l.amountCents])).toEqual(
        q.lines.map((l) => [l.kind, l.amountCents]),
      );
    }
  });
});

describe("extensions at the guide's declared overtime rate (decision 152)", () => {
  async function ongoingFamily(g: Awaited<ReturnType<typeof guidePerson>>, days: number) {
    const res = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(days),
      startTime: '10:00',
      durationHours: 2,
      ...family,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    const b = (await call('POST', `/api/v2/bookings/${id}/accept`, g)).json();
    t.app.bookings.now = () => new Date(Date.parse(b.startsAt) + 10 * 60_000);
    await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' });
    expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, g, { userType: 'guide' })).json().status).toBe(
      'ongoing',
    );
    return id;
  }

  it('charges the rate frozen at booking × the hours, a quarter hour rounded to the fen once, whatever the guide declares later', async () => {
    const g = await guidePerson(t, { maxPeople: 12 });
    await setRates(g, { extras: [{ kind: 'overtime_hour', included: false, priceCents: 25_001 }] });
    const id = await ongoingFamily(g, 70);
    await setRates(g, { extras: [{ kind: 'overtime_hour', included: false, priceCents: 40_000 }] });
    const view = (await call('GET', `/api/v2/bookings/${id}`, traveler)).json();
    expect(view).toMatchObject({ overtimeRateCents: 25_001, extensionRateCents: 25_001 });
    const asked = await call('POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: 0.25 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().extensionDetails).toEqual({ hours: 0.25, price: 62.5, priceCents: 6_250 });
    expect(asked.json().extension).toMatchObject({ priceCents: 6_250 });
  });

  it("costs the tour's hourly average when the guide's overtime is included or undeclared", async () => {
    const g = await guidePerson(t, { maxPeople: 12 });
    await setRates(g, { extras: [{ kind: 'overtime_hour', included: true }] });
    const id = await ongoingFamily(g, 71);
    // round(total / 2 hours) RMB an hour (docs/rules/money-and-cancellation.md): the view says what is charged.
    const view = (await call('GET', `/api/v2/bookings/${id}`, traveler)).json();
    expect(view.overtimeRateCents).toBeNull();
    const hourly = Math.round(view.totalPriceCents / 100 / 2) * 100;
    expect(view.extensionRateCents).toBe(hourly);
    const asked = await call('POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: 1 });
    expect(asked.json().extensionDetails.priceCents).toBe(hourly);
  });
});

describe('the ledger of a family booking (decision 152)', () => {
  it('stays balanced when the family pays and then cancels', async () => {
    await setRates(guide, { includedPeople: 2, childPriceRate: 0.5, infantsFree: false });
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(40),
      startTime: '10:00',
      durationHours: 4,
      adults: 3,
      children: 2,
      infants: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect((await pay(t, traveler, b.id)).statusCode).toBe(201);
    const cancelled = await call('PATCH', `/api/bookings/${b.id}/status`, traveler, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const split = cancellationSplit({
      depositCents: b.depositCents,
      cancelledBy: 'traveler',
      tier: 'more_than_7_days',
    });
    const ledger = (await call('GET', `/api/admin/bookings/${b.id}/ledger`, admin)).json();
    expect(ledger.balance).toEqual({
      traveler: split.refundCents - b.depositCents,
      guide: split.guideCents,
      platform: split.platformCents,
      total: 0,
    });
  });
});
