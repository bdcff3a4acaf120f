import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { quoteReplySchema } from '../../../shared/schemas/quote';
import { setWeeklyAvailability } from '../guides/index';
import { nextAddress } from '../../test/accounts';
import { auth, subcategoryIdBySlug } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * One price, one place (decision 187): for random guides (yen and yuan, hourly, day, group and child
 * prices, a service's own price, extras paid at cost), groups, hours and days, the search card's
 * price, the quote and the booking the checkout makes agree, each through its route. A quote or a
 * checkout changed alone fails here.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let service: number;
const date = daysAhead(30);
const RUNS = Number(process.env.ONE_PRICE_RUNS ?? 1000);

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  guide = await guidePerson(t, { city: 'nara', instantBook: true, minNoticeHours: 0 });
  service = await subcategoryIdBySlug(t.database.db, 'tea-ceremony');
  // 07:00–21:00 every day: days of up to 10 hours from 08:00 fit.
  await setWeeklyAvailability(
    t.database.db,
    guide.guideId,
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 420, endMinute: 1260 })),
  );
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '21.37' })).statusCode).toBe(200);
});
afterAll(() => t.close());

const extraKinds = ['entrance_tickets', 'meals', 'guide_travel'] as const;

/**
 * A guide's rates as the rates route takes them, in prices that keep a week's group inside the bound (decision 182).
 */
const ratesArb = fc
  .record({
    currency: fc.constantFrom('JPY' as const, 'CNY' as const),
    basic: fc.integer({ min: 0, max: 1000 }),
    additional: fc.integer({ min: 0, max: 1000 }),
    includedPeople: fc.integer({ min: 1, max: 4 }),
    childPercent: fc.integer({ min: 0, max: 100 }),
    infantsFree: fc.boolean(),
    dayRate: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    dayHours: fc.integer({ min: 6, max: 10 }),
    minHours: fc.integer({ min: 1, max: 4 }),
    maxHours: fc.integer({ min: 4, max: 10 }),
    servicePrice: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    overtime: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    extras: fc.subarray([...extraKinds]),
    extraPrice: fc.integer({ min: 1, max: 500 }),
  })
  .map((r) => {
    // Yen: ¥1,000–¥11,000 an hour; yuan: 50–550 元 (the floors of decision 082 and well under the ceilings).
    const floor = r.currency === 'JPY' ? 1_000 : 5_000;
    const step = r.currency === 'JPY' ? 10 : 50;
    return {
      currency: r.currency,
      basicPricePerHourCents: floor + r.basic * step,
      additionalPricePerPersonCents: r.additional * (step / 2),
      minPeople: 1,
      maxPeople: 8,
      minDurationHours: r.minHours,
      maxDurationHours: r.maxHours,
      includedPeople: r.includedPeople,
      childPriceRate: r.childPercent / 100,
      infantsFree: r.infantsFree,
      dayRateCents: r.dayRate === null ? null : floor * 6 + r.dayRate * step * 4,
      dayHours: r.dayHours,
      instantBook: true,
      minNoticeHours: 0,
      bufferMinutes: 0,
      extras: [
        ...(r.overtime === null
          ? []
          : [{ kind: 'overtime_hour' as const, included: false, priceCents: floor + r.overtime * step }]),
        ...r.extras.map((kind) => ({ kind, included: false, priceCents: r.extraPrice * step })),
      ],
      services: [{ subcategoryId: 0, priceCents: r.servicePrice === null ? null : floor + r.servicePrice * step }],
    };
  });

/**
 * The question a traveler asks: a group, hours or days (of the guide's usual day or hours asked), the currency seen, a
 * service, extras.
 */
const askArb = fc.record({
  adults: fc.integer({ min: 1, max: 4 }),
  children: fc.integer({ min: 0, max: 2 }),
  infants: fc.integer({ min: 0, max: 2 }),
  length: fc.oneof(
    fc.record({ hours: fc.integer({ min: 2, max: 20 }).map((h) => h / 2) }),
    fc.record({
      days: fc.integer({ min: 1, max: 3 }),
      dayHours: fc.option(fc.integer({ min: 4, max: 10 }), { nil: undefined }),
    }),
  ),
  chargeCurrency: fc.constantFrom('JPY' as const, 'CNY' as const),
  withService: fc.boolean(),
  extras: fc.subarray([...extraKinds]),
});

type Ask = typeof askArb extends fc.Arbitrary<infer A> ? A : never;

const query = (a: Ask, length: { hours: number } | { days: number; dayHours?: number }) => {
  const q = new URLSearchParams({
    adults: String(a.adults),
    children: String(a.children),
    infants: String(a.infants),
    chargeCurrency: a.chargeCurrency,
  });
  if ('hours' in length) q.set('durationHours', String(length.hours));
  else {
    q.set('days', String(length.days));
    if (length.dayHours !== undefined) q.set('dayHours', String(length.dayHours));
  }
  return q;
};

/** The card's group quote for the question, through `GET /api/v2/guides`. */
async function cardFor(a: Ask) {
  const q = query(a, a.length);
  // The search names a day's hours `durationHours`, with `days` or without.
  if ('days' in a.length) {
    q.delete('dayHours');
    if (a.length.dayHours !== undefined) q.set('durationHours', String(a.length.dayHours));
  }
  const res = await t.app.inject({ url: `/api/v2/guides?city=nara&${q}`, remoteAddress: nextAddress() });
  expect(res.statusCode, res.body).toBe(200);
  const card = guideListReplySchema.parse(res.json()).data.find((c) => c.id === guide.guideId);
  expect(card, 'the guide is listed').toBeDefined();
  return card!;
}

/** The quote for the question; `full`: with the service and the extras asked. */
async function quoteFor(a: Ask, length: { hours: number } | { days: number; dayHours: number }, full: boolean) {
  const q = query(a, length);
  if (full && a.withService) q.set('subcategoryId', String(service));
  if (full && a.extras.length > 0) q.set('extras', a.extras.join(','));
  return t.app.inject({ url: `/api/v2/guides/${guide.guideId}/quote?${q}`, remoteAddress: nextAddress() });
}

function answered(res: Awaited<ReturnType<typeof quoteFor>>) {
  expect(res.statusCode, res.body).toBe(200);
  return quoteReplySchema.parse(res.json());
}

async function bookingFor(a: Ask, length: { hours: number } | { days: number; dayHours: number }) {
  const ages = [...Array.from({ length: a.children }, () => 7), ...Array.from({ length: a.infants }, () => 1)];
  const body = {
    guideId: guide.guideId,
    date,
    ...('hours' in length
      ? { startTime: '08:00', durationHours: length.hours }
      : { days: length.days, dayStartTime: '08:00', dayHours: length.dayHours }),
    adults: a.adults,
    children: a.children,
    infants: a.infants,
    ...(ages.length > 0 && { childAges: ages }),
    chargeCurrency: a.chargeCurrency,
    ...(a.withService && { subcategoryId: service }),
    ...(a.extras.length > 0 && { extras: a.extras }),
  };
  // The same traveler at the same time: each checkout releases the last one's unpaid hold.
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/bookings',
    headers: auth(traveler.token),
    payload: body,
    remoteAddress: nextAddress(),
  });
}

describe('one price (decision 187)', () => {
  it(`the search card, the quote and the booking charged agree for ${RUNS} random guides and questions`, async () => {
    await fc.assert(
      fc.asyncProperty(ratesArb, askArb, async (rates, asked0) => {
        // Extras are asked among those the guide declares (another is refused alike, quote-extras.ts).
        const a = { ...asked0, extras: asked0.extras.filter((k) => rates.extras.some((e) => e.kind === k)) };
        // Each request from its own address: the rate limits are per address, and this test asks thousands.
        const body = { ...rates, services: [{ subcategoryId: service, priceCents: rates.services[0]!.priceCents }] };
        const put = await t.app.inject({
          method: 'PUT',
          url: '/api/v2/guides/me/rates',
          headers: auth(guide.token),
          payload: body,
          remoteAddress: nextAddress(),
        });
        expect(put.statusCode, put.body).toBe(200);
        await t.app.guideSearch.sync();
        const card = await cardFor(a);
        if (!card.groupQuote) {
          // A length the guide does not sell: the quote and the checkout refuse it too.
          expect(card.groupQuoteRefusal).toBe('duration_out_of_range');
          if ('hours' in a.length || a.length.dayHours !== undefined) {
            const length = 'hours' in a.length ? a.length : { days: a.length.days, dayHours: a.length.dayHours! };
            const refused = await quoteFor(a, length, false);
            expect([refused.statusCode, refused.json().code]).toEqual([400, 'duration_out_of_range']);
            expect((await bookingFor(a, length)).statusCode).toBe(400);
          }
          return;
        }
        const g = card.groupQuote;
        // The card's trip, asked of the quote exactly: the days and each day's hours it priced.
        const length = 'hours' in a.length ? { hours: g.hours } : { days: g.days, dayHours: g.dayHours };
        const plain = answered(await quoteFor(a, length, false));
        expect([plain.guideCurrency, plain.guideTotal, plain.chargeCurrency, plain.chargeTotal, plain.hours]).toEqual([
          rates.currency,
          g.totalCents,
          g.chargeCurrency,
          g.chargeTotal,
          g.hours,
        ]);
        if ('days' in length)
          expect([plain.guideDayTotal, plain.chargeDayTotal]).toEqual([g.dayTotalCents, g.chargeDayTotal]);
        // The quote with the service and extras asked is what the checkout of the same question charges.
        const asked = a.withService || a.extras.length > 0 ? answered(await quoteFor(a, length, true)) : plain;
        const made = await bookingFor(a, length);
        expect(made.statusCode, made.body).toBe(201);
        const b = made.json();
        expect({
          currency: b.currency,
          total: b.totalPriceCents,
          deposit: b.depositCents,
          chargeCurrency: b.chargeCurrency,
          chargeDeposit: b.chargeDepositCents,
          lines: b.lines.map((l: { kind: string; amountCents: number }) => [l.kind, l.amountCents]),
          extras: (b.extras ?? []).map((e: { kind: string; priceCents: number }) => [e.kind, e.priceCents]),
        }).toEqual({
          currency: asked.guideCurrency,
          total: asked.guideTotal,
          deposit: asked.guideDeposit,
          chargeCurrency: asked.chargeCurrency,
          chargeDeposit: asked.chargeDeposit,
          lines: asked.lines.map((l) => [l.kind, l.guideAmount]),
          extras: (asked.extras ?? []).map((e) => [e.kind, e.guideAmount]),
        });
        if (!a.withService) expect(b.totalPriceCents).toBe(g.totalCents);
      }),
      { numRuns: RUNS },
    );
  }, 3_600_000);
});
