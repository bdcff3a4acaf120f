import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { users } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth, makeGuide, makeUser, tokenFor, type GuideSpec } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import { AppError } from '../../lib/app-error';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';

/** Test-only helpers for the bookings suites (not exported from the module's index). */
export const CARD_OK = {
  kind: 'deposit',
  method: 'card',
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/34',
  cvv: '123',
  cardHolder: 'Li Wei',
} as const;
export const CARD_DECLINED = { ...CARD_OK, cardNumber: '4000 0000 0000 0002' } as const;

export interface Person {
  id: number;
  token: string;
}

export async function person(t: TestApp, fields: { admin?: boolean } = {}): Promise<Person> {
  const db = t.database.db;
  const u = await makeUser(db);
  if (fields.admin) await db.update(users).set({ isAdmin: true }).where(eq(users.id, u.id));
  return { id: u.id, token: await tokenFor(db, u.id) };
}

export async function guidePerson(t: TestApp, spec: GuideSpec = {}) {
  const g = await makeGuide(t.database.db, spec);
  return { id: g.user.id, guideId: g.guide.id, token: await tokenFor(t.database.db, g.user.id) };
}

/**
 * The people most booking suites need, made in this order: a traveler, a stranger, an admin, a guide
 * at 300 RMB an hour for up to 4, and another guide.
 */
export async function bookingCast(t: TestApp) {
  const traveler = await person(t);
  const stranger = await person(t);
  const admin = await person(t, { admin: true });
  const guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  const otherGuide = await guidePerson(t);
  return { traveler, stranger, admin, guide, otherGuide };
}
export type BookingCast = Awaited<ReturnType<typeof bookingCast>>;

/** Someone signed in, or nobody. */
export type Who = Person | null;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** One request as `who` (anonymous for null): how the bookings suites call the API. */
export function callAs(t: TestApp, method: Method, url: string, who: Who, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? auth(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A date `days` ahead in Tokyo. */
export const daysAhead = (days: number) => addDays(todayInZone('Asia/Tokyo'), days);

let keyCounter = 0;
export const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

export async function book(t: TestApp, who: Person, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v2/bookings', headers: auth(who.token), payload: body });
}

export async function pay(
  t: TestApp,
  who: Person,
  bookingId: number,
  body: Record<string, unknown> = CARD_OK,
  key = newKey(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${bookingId}/payments`,
    headers: { ...auth(who.token), 'idempotency-key': key },
    payload: body,
    remoteAddress: nextAddress(), // payments are rate-limited per address; tests pay from many
  });
}

/** Books and pays: a confirmed booking (a paid request waiting for the guide). */
export async function confirmedBooking(
  t: TestApp,
  who: Person,
  guideId: number,
  date: string,
  startTime = '10:00',
  durationHours = 2,
) {
  const res = await book(t, who, { guideId, date, startTime, durationHours, travelers: 2 });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  const paid = await pay(t, who, id);
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return id;
}

/** Prices in yen (decision 164), as a guide sets them: ¥4,000 an hour and ¥1,000 for each further traveler. */
export const YEN_RATES = {
  currency: 'JPY',
  basicPricePerHourCents: 4_000,
  additionalPricePerPersonCents: 1_000,
  minPeople: 1,
  maxPeople: 6,
  minDurationHours: 1,
  maxDurationHours: 8,
  services: [],
} as const;

/** A guide who prices in yen (`YEN_RATES`), switched by the rates route as the guide would. */
export async function yenGuide(t: TestApp, spec: GuideSpec = {}) {
  const guide = await guidePerson(t, spec);
  const res = await callAs(t, 'PUT', '/api/v2/guides/me/rates', guide, YEN_RATES);
  if (res.statusCode !== 200) throw new AppError('internal', `rates failed: ${res.statusCode} ${res.body}`);
  return guide;
}

/**
 * A wallet payment approved as the demo page approves it: the signed event its approval link carries,
 * posted to the webhook. The reply must have `expected` status (a replaced payment's is refused).
 */
export async function approveWallet(t: TestApp, approvalUrl: string, expected = 200) {
  const q = new URLSearchParams(approvalUrl.split('?')[1]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/payments/webhooks/simulated',
    headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: q.get('signature')! },
    payload: JSON.stringify({ type: 'payment.succeeded', ref: q.get('ref') }),
  });
  if (res.statusCode !== expected)
    throw new AppError('internal', `approval answered ${res.statusCode}, not ${expected}: ${res.body}`);
  return res;
}

/**
 * The deposit paid by Alipay (in yuan, whatever the booking's currency) and approved; the payment as the route answered
 * it.
 */
export async function paidByAlipay(t: TestApp, who: Person, bookingId: number) {
  const paid = await pay(t, who, bookingId, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' });
  if (paid.statusCode !== 201) throw new AppError('internal', `payment failed: ${paid.statusCode} ${paid.body}`);
  const payment = paid.json().payment as { id: number; approvalUrl: string; amountCents: number; currency: string };
  await approveWallet(t, payment.approvalUrl);
  return payment;
}

/**
 * Reads until `ok` holds, up to 5 s: notices are jobs delivered after the commit, and on a loaded
 * machine the job runner can take more than a second.
 */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 250; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}
