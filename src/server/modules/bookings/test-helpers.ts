import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { users } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth, makeGuide, makeUser, tokenFor, type GuideSpec } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';

/** Test-only helpers for the bookings suites (not exported from the module's index). */
export const CARD_OK = { kind: 'deposit', method: 'card', cardNumber: '4242 4242 4242 4242', expiryDate: '12/34', cvv: '123', cardHolder: 'Li Wei' } as const;
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
  return t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A date `days` ahead in Tokyo. */
export const daysAhead = (days: number) => addDays(todayInZone('Asia/Tokyo'), days);

let keyCounter = 0;
export const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

export async function book(t: TestApp, who: Person, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v2/bookings', headers: auth(who.token), payload: body });
}

export async function pay(t: TestApp, who: Person, bookingId: number, body: Record<string, unknown> = CARD_OK, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${bookingId}/payments`,
    headers: { ...auth(who.token), 'idempotency-key': key },
    payload: body,
    remoteAddress: nextAddress(), // payments are rate-limited per address; tests pay from many
  });
}

/** Books and pays: a confirmed booking (a paid request waiting for the guide). */
export async function confirmedBooking(t: TestApp, who: Person, guideId: number, date: string, startTime = '10:00', durationHours = 2) {
  const res = await book(t, who, { guideId, date, startTime, durationHours, travelers: 2 });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  const paid = await pay(t, who, id);
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return id;
}
