import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, daysAhead, person, type Person } from '../bookings/test-helpers';
import { octoBookingOf } from './index';
import { octo, octoValid, reseller, resellingGuide } from './test-helpers';

/**
 * A reseller's booking through OCTO (decision 202), walked as a reseller's engineer walks it: supplier, products,
 * calendar, availability, reserve, extend, confirm, update, get, list, cancel, with the error cases; every reply
 * checked by the published schemas.
 */
let t: TestApp;
let admin: Person;
let key: string;
let other: string;
let guide: Awaited<ReturnType<typeof resellingGuide>>;
let product: string;

const PRICING = { 'octo-capabilities': 'octo/pricing' };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  key = (await reseller(t, admin, 'Trip Partner', 15)).apiKey;
  other = (await reseller(t, admin, 'Other Partner', 10)).apiKey;
  guide = await resellingGuide(t, { instantBook: true });
  product = `guide-${guide.guideId}`;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const call = async (path: string, opts: { method?: 'GET' | 'POST' | 'PATCH'; body?: Body; as?: string } = {}) =>
  octo(t, path, { method: opts.method ?? 'GET', body: opts.body, key: opts.as ?? key, headers: PRICING });
const booking = async (path: string, opts: Parameters<typeof call>[1] = {}) => {
  const res = await call(path, opts);
  expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
  return octoValid('zBooking', res.json());
};
type ErrorSchema = Extract<Parameters<typeof octoValid>[0], `zError${string}`>;
const error = async (path: string, opts: Parameters<typeof call>[1], schema: ErrorSchema) => {
  const res = await call(path, opts);
  expect(res.statusCode).toBe(400);
  return octoValid(schema, res.json()) as { error: string; errorMessage: string } & Partial<Record<string, string>>;
};
const starts = async (day: string, optionId = 'hours-3') => {
  const res = await call('/availability', {
    method: 'POST',
    body: { productId: product, optionId, localDateStart: day, localDateEnd: day },
  });
  return (res.json() as unknown[]).map((a) => octoValid('zAvailability', a));
};
const FAMILY = [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }];
const reserve = (availabilityId: string, extra: Body = {}, as = key) =>
  call('/bookings', {
    method: 'POST',
    as,
    body: { uuid: randomUUID(), productId: product, optionId: 'hours-3', availabilityId, unitItems: FAMILY, ...extra },
  });
const CONTACT = { fullName: '王芳', emailAddress: 'wang.fang@example.com', locales: ['zh-CN'] };
const ledger = async (bookingId: number) =>
  (await t.app.inject({ url: `/api/admin/bookings/${bookingId}/ledger`, headers: auth(admin.token) })).json() as {
    entries: { account: string; kind: string; amountCents: number; currency: string }[];
  };
const bookingIdOf = (supplierReference: string | null) => Number(supplierReference!.replace(/^TG0*/, ''));

describe('a reseller’s booking, from the supplier to its cancellation', () => {
  it('walks supplier → products → calendar → availability → reserve → extend → confirm → update → get → list → cancel', async () => {
    octoValid('zSupplier', (await call('/supplier')).json());
    const products = (await call('/products')).json() as unknown[];
    expect(products.map((p) => octoValid('zProduct', p).id)).toContain(product);
    const day = daysAhead(10);
    const calendar = await call('/availability/calendar', {
      method: 'POST',
      body: { productId: product, optionId: 'hours-3', localDateStart: day, localDateEnd: daysAhead(12) },
    });
    expect((calendar.json() as unknown[]).map((d) => octoValid('zAvailabilityCalendar', d).status)[0]).toBe(
      'AVAILABLE',
    );
    const [first] = await starts(day);
    const uuid = randomUUID();
    const body = {
      uuid,
      productId: product,
      optionId: 'hours-3',
      availabilityId: first!.id,
      unitItems: FAMILY,
      currency: 'CNY',
      resellerReference: 'TRIP-1',
    };
    const held = await booking('/bookings', { method: 'POST', body });
    expect(held).toMatchObject({ uuid, status: 'ON_HOLD', cancellable: true, availabilityId: first!.id });
    expect(new Date(held.utcExpiresAt!).getTime() - new Date(held.utcCreatedAt).getTime()).toBe(30 * 60_000);
    // The price is the quote's for the family in yuan; the hold takes the start from availability at once.
    const quote = (
      await t.app.inject({
        url: `/api/v2/guides/${guide.guideId}/quote?adults=2&children=1&durationHours=3&chargeCurrency=CNY`,
      })
    ).json();
    expect(held.pricing).toMatchObject({ retail: quote.chargeTotal, currency: 'CNY', currencyPrecision: 2 });
    expect(held.pricing!.net).toBe(quote.chargeTotal - Math.round(quote.chargeTotal * 0.15));
    expect((await starts(day)).map((a) => a.id)).not.toContain(first!.id);
    // The same uuid again answers the same reservation.
    expect((await booking('/bookings', { method: 'POST', body })).supplierReference).toBe(held.supplierReference);

    const extended = await booking(`/bookings/${uuid}/extend`, { method: 'POST', body: { expirationMinutes: 60 } });
    expect(new Date(extended.utcExpiresAt!).getTime()).toBeGreaterThan(new Date(held.utcExpiresAt!).getTime());

    const confirmed = await booking(`/bookings/${uuid}/confirm`, { method: 'POST', body: { contact: CONTACT } });
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', utcExpiresAt: null, resellerReference: 'TRIP-1' });
    expect(confirmed.contact).toMatchObject({ fullName: '王芳', emailAddress: 'wang.fang@example.com' });
    expect(confirmed.supplierReference).toMatch(/^TG\d{4,}$/);
    const id = bookingIdOf(confirmed.supplierReference);
    // The traveler hears of it in Chinese.
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, CONTACT.emailAddress));
    expect(mail!.subject).toContain('预订成功');
    // The guide reads it among her bookings with the traveler's name.
    const hers = await callAs(t, 'GET', `/api/v2/bookings-new/guide/${guide.id}`, guide);
    const seen = (hers.json().data as Record<string, unknown>[]).find((b) => b.id === id);
    expect(seen).toMatchObject({
      status: 'upcoming',
      adults: 2,
      children: 1,
      traveler: { fullName: '王芳' },
      reseller: { name: 'Trip Partner', contact: { emailAddress: CONTACT.emailAddress, locales: ['zh-CN'] } },
    });

    const updated = await booking(`/bookings/${uuid}`, {
      method: 'PATCH',
      body: { notes: 'A stroller with us', contact: { phoneNumber: '+86 138 0013 8000' } },
    });
    expect(updated).toMatchObject({ notes: 'A stroller with us', contact: { fullName: '王芳' } });
    expect(updated.contact.phoneNumber).toBe('+86 138 0013 8000');
    expect((await booking(`/bookings/${uuid}`)).status).toBe('CONFIRMED');
    const byReference = (await call('/bookings?resellerReference=TRIP-1')).json() as unknown[];
    expect(byReference.map((b) => octoValid('zBooking', b).uuid)).toEqual([uuid]);
    const byNumber = (await call(`/bookings?supplierReference=${confirmed.supplierReference}`)).json() as unknown[];
    expect(byNumber.map((b) => octoValid('zBooking', b).uuid)).toEqual([uuid]);

    const cancelled = await booking(`/bookings/${uuid}/cancel`, { method: 'POST', body: { reason: 'Plans changed' } });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect(cancelled.cancellation).toMatchObject({ refund: 'FULL', reason: 'Plans changed' });
    expect((await starts(day)).map((a) => a.id)).toContain(first!.id);
    // Cancelled within its terms, nobody owes or earns anything for it.
    const sums = new Map<string, number>();
    for (const e of (await ledger(id)).entries)
      sums.set(`${e.account}:${e.currency}`, (sums.get(`${e.account}:${e.currency}`) ?? 0) + e.amountCents);
    expect([...sums.values()].every((v) => v === 0)).toBe(true);
  });

  it('is PENDING with a guide who answers requests, until she accepts', async () => {
    const asking = await resellingGuide(t, { instantBook: false });
    const day = daysAhead(11);
    const res = await call('/availability', {
      method: 'POST',
      body: { productId: `guide-${asking.guideId}`, optionId: 'hours-2', localDateStart: day, localDateEnd: day },
    });
    const availabilityId = (res.json() as { id: string }[])[0]!.id;
    const uuid = randomUUID();
    const body = { uuid, productId: `guide-${asking.guideId}`, optionId: 'hours-2', availabilityId, unitItems: FAMILY };
    await booking('/bookings', { method: 'POST', body });
    const pending = await booking(`/bookings/${uuid}/confirm`, { method: 'POST', body: { contact: CONTACT } });
    expect(pending.status).toBe('PENDING');
    const id = bookingIdOf(pending.supplierReference);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, asking)).statusCode).toBe(200);
    expect((await booking(`/bookings/${uuid}`)).status).toBe('CONFIRMED');
  });

  it('is REJECTED when the guide declines, and then owes and earns nothing', async () => {
    const asking = await resellingGuide(t, { instantBook: false });
    const day = daysAhead(12);
    const res = await call('/availability', {
      method: 'POST',
      body: { productId: `guide-${asking.guideId}`, optionId: 'hours-2', localDateStart: day, localDateEnd: day },
    });
    const availabilityId = (res.json() as { id: string }[])[0]!.id;
    const uuid = randomUUID();
    const body = { uuid, productId: `guide-${asking.guideId}`, optionId: 'hours-2', availabilityId, unitItems: FAMILY };
    await booking('/bookings', { method: 'POST', body });
    const pending = await booking(`/bookings/${uuid}/confirm`, { method: 'POST', body: { contact: CONTACT } });
    const id = bookingIdOf(pending.supplierReference);
    expect((await ledger(id)).entries.length).toBeGreaterThan(0);
    const declined = await callAs(t, 'POST', `/api/v2/bookings/${id}/decline`, asking, {
      reason: 'Not free after all',
    });
    expect(declined.statusCode).toBe(200);
    expect(await booking(`/bookings/${uuid}`)).toMatchObject({ status: 'REJECTED', cancellable: false });
    const sums = new Map<string, number>();
    for (const e of (await ledger(id)).entries)
      sums.set(`${e.account}:${e.currency}`, (sums.get(`${e.account}:${e.currency}`) ?? 0) + e.amountCents);
    expect([...sums.values()].every((v) => v === 0)).toBe(true);
  });
});

describe('the errors a reseller meets', () => {
  it('names the id it cannot find, and refuses what cannot be held, never with a 5xx', async () => {
    const [a] = await starts(daysAhead(14));
    const base = { productId: product, optionId: 'hours-3', availabilityId: a!.id, unitItems: FAMILY };
    const post = (body: Body) => ({ method: 'POST' as const, body });
    expect(
      (await error('/bookings', post({ ...base, productId: 'guide-999999' }), 'zErrorInvalidProductId')).productId,
    ).toBe('guide-999999');
    expect((await error('/bookings', post({ ...base, optionId: 'hours-99' }), 'zErrorInvalidOptionId')).optionId).toBe(
      'hours-99',
    );
    expect(
      (await error('/bookings', post({ ...base, unitItems: [{ unitId: 'senior' }] }), 'zErrorInvalidUnitId')).unitId,
    ).toBe('senior');
    const badStart = await error(
      '/bookings',
      post({ ...base, availabilityId: 'tomorrow' }),
      'zErrorInvalidAvailabilityId',
    );
    expect(badStart.error).toBe('INVALID_AVAILABILITY_ID');
    expect(
      (await error('/bookings', post({ ...base, unitItems: [{ unitId: 'child' }] }), 'zErrorUnprocessableEntity'))
        .error,
    ).toBe('UNPROCESSABLE_ENTITY');
    expect((await error('/bookings', post({ ...base, expirationMinutes: 61 }), 'zErrorBadRequest')).error).toBe(
      'BAD_REQUEST',
    );
    expect((await error('/bookings', post({ ...base, unitItems: [] }), 'zErrorBadRequest')).error).toBe('BAD_REQUEST');
    const unknown = randomUUID();
    for (const [path, method] of [
      [`/bookings/${unknown}`, 'GET'],
      [`/bookings/${unknown}/confirm`, 'POST'],
      [`/bookings/${unknown}/cancel`, 'POST'],
      [`/bookings/${unknown}/extend`, 'POST'],
    ] as const) {
      const body = method === 'POST' ? { contact: CONTACT } : undefined;
      expect((await error(path, { method, body }, 'zErrorInvalidBookingUuid')).uuid).toBe(unknown);
    }
    const uuid = randomUUID();
    await booking('/bookings', post({ ...base, uuid }));
    expect(
      (await error(`/bookings/${uuid}/confirm`, post({ contact: { fullName: 'No Way' } }), 'zErrorBadRequest')).error,
    ).toBe('BAD_REQUEST');
    expect((await error(`/bookings/${uuid}/confirm`, post({}), 'zErrorBadRequest')).error).toBe('BAD_REQUEST');
  });
});

describe('a held start', () => {
  it('is refused to our own travelers (409 slot_unavailable) and to other resellers, and each sees only its own', async () => {
    const day = daysAhead(15);
    const [a] = await starts(day);
    const mine = await reserve(a!.id);
    const uuid = octoValid('zBooking', mine.json()).uuid;
    const theirs = await reserve(a!.id, {}, other);
    expect(theirs.statusCode).toBe(400);
    expect(octoValid('zErrorUnprocessableEntity', theirs.json()).error).toBe('UNPROCESSABLE_ENTITY');
    const traveler = await person(t);
    const ours = await book(t, traveler, {
      guideId: guide.guideId,
      date: day,
      startTime: a!.id.slice(11, 16),
      durationHours: 3,
      travelers: 2,
    });
    expect([ours.statusCode, ours.json().code]).toEqual([409, 'slot_unavailable']);
    for (const [path, method] of [
      [`/bookings/${uuid}`, 'GET'],
      [`/bookings/${uuid}/cancel`, 'POST'],
    ] as const)
      expect((await error(path, { method, as: other }, 'zErrorInvalidBookingUuid')).error).toBe('INVALID_BOOKING_UUID');
    expect((await call('/bookings', { as: other })).json()).toEqual([]);
    expect((await booking(`/bookings/${uuid}`)).status).toBe('ON_HOLD');
  });

  it('is free again once its hold expires by itself, and the expired hold cannot be confirmed', async () => {
    const day = daysAhead(16);
    const [a] = await starts(day);
    const held = octoValid('zBooking', (await reserve(a!.id, { expirationMinutes: 5 })).json());
    await t.app.jobs.tick(new Date(new Date(held.utcExpiresAt!).getTime() + 1000));
    expect((await booking(`/bookings/${held.uuid}`)).status).toBe('EXPIRED');
    expect((await starts(day)).map((s) => s.id)).toContain(a!.id);
    const late = await error(
      `/bookings/${held.uuid}/confirm`,
      { method: 'POST', body: { contact: CONTACT } },
      'zErrorUnprocessableEntity',
    );
    expect(late.error).toBe('UNPROCESSABLE_ENTITY');
  });
});

describe('the ledger of a reseller’s booking', () => {
  it('names the reseller’s receivable, the guide’s earnings and our margin, and sums to zero in each currency', async () => {
    const [a] = await starts(daysAhead(17));
    const held = octoValid('zBooking', (await reserve(a!.id, { currency: 'CNY' })).json());
    const done = await booking(`/bookings/${held.uuid}/confirm`, { method: 'POST', body: { contact: CONTACT } });
    const { entries } = await ledger(bookingIdOf(done.supplierReference));
    expect(entries.find((e) => e.account === 'reseller')).toMatchObject({
      kind: 'reseller_sale',
      amountCents: -done.pricing!.net!,
      currency: 'CNY',
    });
    expect(entries.find((e) => e.account === 'guide')?.kind).toBe('guide_earnings');
    expect(entries.find((e) => e.account === 'platform')?.kind).toBe('commission');
    const perCurrency = new Map<string, number>();
    for (const e of entries) perCurrency.set(e.currency, (perCurrency.get(e.currency) ?? 0) + e.amountCents);
    // The guide is paid in yen, the reseller owes yuan: both currencies, each zero.
    expect([...perCurrency.keys()].sort()).toEqual(['CNY', 'JPY']);
    expect([...perCurrency.values()]).toEqual([0, 0]);
  });
});

describe('octoBookingOf, the webhooks’ reader', () => {
  it('renders a reseller’s booking by our booking id as the reseller reads it, and nothing for our own', async () => {
    const day = daysAhead(18);
    const [a] = await starts(day);
    const held = octoValid('zBooking', (await reserve(a!.id)).json());
    const id = bookingIdOf(held.supplierReference);
    const found = await octoBookingOf(t.database.db, id);
    expect(found?.booking).toEqual(await booking(`/bookings/${held.uuid}`));
    expect(found?.channelId).toBeGreaterThan(0);
    const ours = await book(t, await person(t), {
      guideId: guide.guideId,
      date: daysAhead(19),
      startTime: '10:00',
      durationHours: 3,
      travelers: 1,
    });
    expect(await octoBookingOf(t.database.db, ours.json().id)).toBeNull();
  });
});
