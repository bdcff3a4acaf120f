import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments } from '../db/schema/index';
import {
  type BookingCast,
  callAs,
  CARD_OK,
  confirmedBooking,
  daysAhead,
  guidePerson,
  type Method,
  newKey,
  pay,
  person,
  type Person,
  type Who,
} from '../modules/bookings/test-helpers';
import { auth } from './guide-fixtures';
import type { TestApp } from './test-app';

/**
 * The API steps a bookings suite split across test files shares between them, made in its beforeAll once
 * its people exist; kept in src/server/test, which eslint.config.js counts as test support (SERVER_TESTS).
 */

/**
 * A tour's steps as its traveler and guide take them: start, extension, completion (tour.test.ts,
 * tour-extensions.test.ts).
 */
export function tourSteps(t: TestApp, { traveler, admin, guide }: BookingCast) {
  const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
  const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
  const confirmStart = (id: number, who: Who, userType: 'traveler' | 'guide') =>
    call('PATCH', `/api/bookings/${id}/confirm-start`, who, { userType });
  const requestExtension = (id: number, hours: number, who: Who = traveler, extra: object = {}) =>
    call('POST', `/api/bookings/${id}/request-extension`, who, { extensionHours: hours, ...extra });
  const payExtension = (id: number, body: object = CARD_OK, key = newKey()) =>
    pay(t, traveler, id, { ...body, kind: 'extension' }, key);
  const markPaid = (id: number, paymentId: number | string, who: Who = traveler, paid = true) =>
    call('PATCH', `/api/bookings/${id}/extension-payment`, who, {
      paid,
      paymentMethod: 'card',
      transactionData: {
        transactionId: String(paymentId),
        transactionTime: new Date().toISOString(),
        amount: 1,
        currency: 'RMB',
        paymentMethod: 'card',
        status: 'succeeded',
      },
      paymentDetails: { lastFourDigits: '4242', cardHolder: 'Li Wei' },
    });
  const approve = (id: number, who: Who = guide) => call('POST', `/api/v2/bookings/${id}/extension/approve`, who);
  const reject = (id: number, who: Who = guide) => call('POST', `/api/v2/bookings/${id}/extension/reject`, who);
  const confirmExtension = (id: number, who: Who = traveler, userType: 'traveler' | 'guide' = 'traveler') =>
    call('PATCH', `/api/bookings/${id}/confirm-extension`, who, { userType });
  const complete = (id: number, who: Who) => call('PATCH', `/api/bookings/${id}/status`, who, { status: 'completed' });

  /** A booking the guide accepted (2 travelers × 2 h at 300 + 30 RMB: 660 RMB, deposit 132 RMB). */
  async function upcoming(days: number, startTime = '10:00') {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days), startTime);
    const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, guide);
    expect(accepted.statusCode).toBe(200);
    return accepted.json() as { id: number; startsAt: string; endsAt: string; date: string };
  }
  /** Moves the server's clock to the tour's start. */
  const onTourDay = (b: { startsAt: string }) => {
    t.app.bookings.now = () => new Date(Date.parse(b.startsAt) + 10 * 60_000);
  };
  async function ongoing(days: number, startTime = '10:00') {
    const b = await upcoming(days, startTime);
    onTourDay(b);
    expect((await confirmStart(b.id, traveler, 'traveler')).statusCode).toBe(200);
    expect((await confirmStart(b.id, guide, 'guide')).json().status).toBe('ongoing');
    return b;
  }
  return {
    call,
    ledger,
    confirmStart,
    requestExtension,
    payExtension,
    markPaid,
    approve,
    reject,
    confirmExtension,
    complete,
    upcoming,
    onTourDay,
    ongoing,
  };
}
export type TourSteps = ReturnType<typeof tourSteps>;

type Guide = Awaited<ReturnType<typeof guidePerson>>;

/** Proposing, answering and reading a new time (reschedule.test.ts, reschedule-deadlines.test.ts). */
export function rescheduleSteps(t: TestApp, { traveler, admin }: { traveler: Person; admin: Person }) {
  const get = async (id: number, who: Person) =>
    (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(who.token) })).json();
  const post = (url: string, who: Person, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(who.token), ...(payload && { payload }) });
  const propose = (id: number, who: Person, body: object) => post(`/api/v2/bookings/${id}/reschedule`, who, body);
  const accept = (id: number, pid: number, who: Person) => post(`/api/v2/bookings/${id}/reschedule/${pid}/accept`, who);
  const decline = (id: number, pid: number, who: Person, reason?: string) =>
    post(`/api/v2/bookings/${id}/reschedule/${pid}/decline`, who, reason === undefined ? {} : { reason });
  const ledger = async (id: number) =>
    (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();
  /** A paid booking the guide accepted: `upcoming`. */
  async function upcoming(g: Guide, date: string, start = '10:00', hours = 2, who = traveler) {
    const id = await confirmedBooking(t, who, g.guideId, date, start, hours);
    const res = await post(`/api/v2/bookings/${id}/accept`, g);
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }
  return { get, post, propose, accept, decline, ledger, upcoming };
}
export type RescheduleSteps = ReturnType<typeof rescheduleSteps>;

/** A guide's cancellation and the traveler's choice of another (replacement.test.ts, replacement-handover.test.ts). */
export function replacementSteps(t: TestApp, admin: Person) {
  let cityCounter = 0;
  /** A city no guide of the suite is in yet. */
  const newCity = () => `replace-city-${++cityCounter}`;
  const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
  const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
  const view = async (id: number, who: Who) => call('GET', `/api/v2/bookings/${id}`, who);
  const cancelAs = (id: number, who: Who, reason = 'I am ill') =>
    call('PATCH', `/api/bookings/${id}/status`, who, { status: 'cancelled', reason });
  const replacements = (id: number, who: Who) => call('GET', `/api/v2/bookings/${id}/replacements`, who);
  const choose = (id: number, who: Who, guideId: number) =>
    call('POST', `/api/v2/bookings/${id}/replacements`, who, { guideId });
  const charges = async (bookingId: number) =>
    (await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).filter(
      (p) => p.kind === 'deposit' && p.status !== 'failed',
    );

  /** A city of its own per scenario, so guides of other tests are never candidates. */
  async function scene(others: Parameters<typeof guidePerson>[1][] = [{}]) {
    const city = newCity();
    const booked = await guidePerson(t, { city, languages: ['zh', 'ja'], priceRmb: 300 });
    const guides = [];
    for (const spec of others) guides.push(await guidePerson(t, { city, languages: ['zh'], priceRmb: 300, ...spec }));
    const traveler = await person(t);
    return { city, booked, guides, traveler };
  }

  /** A booking the guide accepted, `days` ahead. */
  async function upcomingWith(
    traveler: Person,
    guide: Awaited<ReturnType<typeof guidePerson>>,
    days: number,
    startTime = '10:00',
  ) {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days), startTime);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, guide)).statusCode).toBe(200);
    return id;
  }
  return { call, ledger, view, cancelAs, replacements, choose, charges, newCity, scene, upcomingWith };
}
export type ReplacementSteps = ReturnType<typeof replacementSteps>;
