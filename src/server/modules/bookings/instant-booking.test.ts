import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guide as chatGuide, offerBody, openChat } from '../messaging/test-helpers';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import { book, callAs, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * Instant booking, the guide's minimum notice and buffer (decision 153), as a client sees them: the
 * rates, the refusal codes of every way a time is taken, a deposit that confirms at once, and the
 * 30-day pause after the guide cancels a confirmed booking.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());

const get = (url: string, who: Person | null = null) => callAs(t, 'GET', url, who);
const slotTimes = async (guideId: number, date: string, hours = 2) =>
  (await get(`/api/v2/guides/${guideId}/slots?date=${date}&durationHours=${hours}`))
    .json()
    .slots.map((s: { startTime: string }) => s.startTime);
const noticesOf = (userId: number) =>
  t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, userId));
const RATES = {
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 3_000,
  minPeople: 1,
  maxPeople: 6,
  minDurationHours: 2,
  maxDurationHours: 8,
  services: [],
};

describe('the rates carry the three settings', () => {
  it('defaults them when left out (the PUT replaces the rates whole), reads them back, and refuses values out of range', async () => {
    const g = await guidePerson(t);
    const put = (body: object) => callAs(t, 'PUT', '/api/v2/guides/me/rates', g, body);
    const plain = await put(RATES);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({
      instantBook: false,
      minNoticeHours: 24,
      bufferMinutes: 30,
      instantBookPausedUntil: null,
    });
    const set = await put({ ...RATES, instantBook: true, minNoticeHours: 6, bufferMinutes: 45 });
    expect(set.json()).toMatchObject({ instantBook: true, minNoticeHours: 6, bufferMinutes: 45 });
    expect((await get('/api/v2/guides/me/rates', g)).json()).toMatchObject({
      instantBook: true,
      minNoticeHours: 6,
      bufferMinutes: 45,
    });
    for (const bad of [
      { minNoticeHours: 169 },
      { minNoticeHours: -1 },
      { bufferMinutes: 20 },
      { bufferMinutes: 255 },
      { instantBook: 'yes' },
    ]) {
      const res = await put({ ...RATES, ...bad });
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, 'validation_failed']);
    }
  });
});

describe('the notice and the buffer', () => {
  it('slots keep both: nothing inside the notice, nothing inside a tour’s buffer', async () => {
    const g = await guidePerson(t, { minNoticeHours: 72, bufferMinutes: 60 });
    expect(await slotTimes(g.guideId, daysAhead(1))).toEqual([]);
    const reply = (await get(`/api/v2/guides/${g.guideId}/slots?date=${daysAhead(20)}&durationHours=2`)).json();
    expect(reply).toMatchObject({ leadTimeHours: 72, bufferMinutes: 60, instantBook: false });
    expect(
      (
        await book(t, traveler, {
          guideId: g.guideId,
          date: daysAhead(20),
          startTime: '11:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    // 11:00–13:00 taken with an hour either side: 09:00 ends at 11:00 (inside), 14:00 is the first after.
    expect(await slotTimes(g.guideId, daysAhead(20))).toEqual(['14:00', '14:30', '15:00']);
  });

  it('the checkout says why: too_short_notice with the earliest start, buffer_conflict, slot_unavailable', async () => {
    const g = await guidePerson(t, { minNoticeHours: 48, bufferMinutes: 60 });
    const other = await person(t);
    const soon = await book(t, other, {
      guideId: g.guideId,
      date: daysAhead(1),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(soon.statusCode).toBe(409);
    expect(soon.json().code).toBe('too_short_notice');
    const earliest = soon.json().fields[0];
    expect(earliest.path).toBe('earliestStartsAt');
    expect(Math.abs(Date.parse(earliest.message) - (Date.now() + 48 * 3_600_000))).toBeLessThan(120_000);

    const date = daysAhead(21);
    expect(
      (await book(t, traveler, { guideId: g.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
    const codeAt = async (startTime: string) =>
      (await book(t, other, { guideId: g.guideId, date, startTime, durationHours: 2, travelers: 1 })).json().code;
    expect(await codeAt('11:00')).toBe('slot_unavailable');
    expect(await codeAt('12:30')).toBe('buffer_conflict');
    expect(
      (await book(t, other, { guideId: g.guideId, date, startTime: '13:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('a new time for a booking keeps them too', async () => {
    const g = await guidePerson(t, { bufferMinutes: 60 });
    const mine = (
      await book(t, traveler, {
        guideId: g.guideId,
        date: daysAhead(40),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    expect((await pay(t, traveler, mine)).statusCode).toBe(201);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${mine}/accept`, g)).statusCode).toBe(200);
    const other = await person(t);
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: daysAhead(41),
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    const propose = (date: string, startTime: string) =>
      callAs(t, 'POST', `/api/v2/bookings/${mine}/reschedule`, traveler, { date, startTime });
    expect((await propose(daysAhead(41), '12:30')).json().code).toBe('buffer_conflict');
    expect((await propose(daysAhead(0), '15:00')).json().code).toBe('too_short_notice');
    expect((await propose(daysAhead(41), '13:00')).statusCode).toBe(201);
  });

  it('a guide’s offer keeps them, outside the weekly hours as before', async () => {
    const g = await chatGuide(t, 'Notice Guide');
    const chat = await openChat(t, traveler, g.guideId);
    const offer = (date: string, startTime: string) =>
      callAs(t, 'POST', `/api/v2/conversations/${chat}/offers`, g, offerBody(date, { startTime }));
    const soon = await offer(daysAhead(0), '23:00');
    expect([soon.statusCode, soon.json().code]).toEqual([409, 'too_short_notice']);
    expect(
      (
        await book(t, traveler, {
          guideId: g.guideId,
          date: daysAhead(42),
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    // 12:00 is the booking's end: inside the 30 minutes the guide keeps; 12:30 is fine.
    expect((await offer(daysAhead(42), '12:00')).json().code).toBe('buffer_conflict');
    expect((await offer(daysAhead(42), '12:30')).statusCode).toBe(201);
  });
});

describe('instant booking', () => {
  it('the deposit confirms the booking at once: upcoming, the ledger balanced, the guide told once', async () => {
    const g = await guidePerson(t, { instantBook: true });
    expect(
      (await get(`/api/v2/guides/${g.guideId}/slots?date=${daysAhead(30)}&durationHours=2`)).json().instantBook,
    ).toBe(true);
    const made = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    });
    expect(made.json()).toMatchObject({ status: 'pending', instantBook: true });
    const id = made.json().id;
    const paid = await pay(t, traveler, id);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().booking).toMatchObject({ status: 'upcoming', instantBook: true });
    const ledger = (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
    expect(ledger.balance.total).toBe(0);
    expect(ledger.balance.traveler).toBe(-paid.json().booking.depositCents);
    await vi.waitFor(async () => {
      const guideNotices = (await noticesOf(g.id)).filter((n) => n.dedupeKey?.startsWith(`booking:${id}:`));
      expect(guideNotices.map((n) => n.dedupeKey)).toEqual([`booking:${id}:paid`]);
      expect(guideNotices[0]!.texts?.en?.title).toBe('Instant booking confirmed');
      const travelerNotices = (await noticesOf(traveler.id)).filter((n) => n.dedupeKey === `booking:${id}:paid`);
      expect(travelerNotices[0]!.texts?.ja?.title).toBe('予約が即時確定しました');
    });
    // Nothing left for the guide to answer.
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, g)).json().code).toBe('invalid_transition');
  });

  it('a wallet’s deposit confirmed by the provider’s webhook confirms it at once too, told once', async () => {
    const g = await guidePerson(t, { instantBook: true });
    const id = (
      await book(t, traveler, {
        guideId: g.guideId,
        date: daysAhead(31),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const res = await pay(t, traveler, id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' });
    expect(res.json().payment.status).toBe('pending');
    const params = new URLSearchParams(res.json().payment.approvalUrl.split('?')[1]);
    const hook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/payments/webhooks/simulated',
        headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: params.get('signature')! },
        payload: JSON.stringify({ type: 'payment.succeeded', ref: params.get('ref') }),
      });
    // Delivered twice: settled once.
    for (let i = 0; i < 2; i++) expect((await hook()).statusCode).toBe(200);
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json()).toMatchObject({
      status: 'upcoming',
      instantBook: true,
    });
    expect((await get(`/api/admin/bookings/${id}/ledger`, admin)).json().balance.total).toBe(0);
    await vi.waitFor(async () => {
      expect(
        (await noticesOf(g.id)).filter((n) => n.dedupeKey?.startsWith(`booking:${id}:`)).map((n) => n.dedupeKey),
      ).toEqual([`booking:${id}:paid`]);
    });
  });

  it('a guide who cancels a confirmed booking loses it for 30 days: rates, new bookings and search say so', async () => {
    const g = await guidePerson(t, { instantBook: true, city: 'nara' });
    const search = async () =>
      (await get('/api/v2/guides?city=nara&instantBook=true&limit=50'))
        .json()
        .data.map((c: { id: number; instantBook: boolean }) => [c.id, c.instantBook]);
    expect(await search()).toContainEqual([g.guideId, true]);
    const id = (
      await book(t, traveler, {
        guideId: g.guideId,
        date: daysAhead(50),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    expect((await pay(t, traveler, id)).json().booking.status).toBe('upcoming');
    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, g, {
      status: 'cancelled',
      reason: 'I am ill',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rates = (await get('/api/v2/guides/me/rates', g)).json();
    expect(rates.instantBook).toBe(true);
    expect(Math.abs(Date.parse(rates.instantBookPausedUntil) - (Date.now() + 30 * DAY_MS))).toBeLessThan(120_000);
    expect(await search()).not.toContainEqual(expect.arrayContaining([g.guideId]));
    expect((await get(`/api/v2/guides/${g.guideId}?lang=en`)).json().instantBook).toBe(false);
    // A new booking waits for the guide's answer again.
    const next = (
      await book(t, traveler, {
        guideId: g.guideId,
        date: daysAhead(51),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json();
    expect(next.instantBook).toBe(false);
    expect((await pay(t, traveler, next.id)).json().booking.status).toBe('confirmed');
  });
});
