import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../shared/availability';
import { bookings, guides } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  CARD_OK,
  daysAhead,
  guidePerson,
  type Method,
  pay,
  person,
  type Person,
  type Who,
} from './test-helpers';

/**
 * On tour over several days (decision 155): day 1's start covers the span, the current day in the
 * reply, an extension lengthens the day it is asked on (the limit per day, never into the next day's
 * start), completion from the last day's start; and a day missed (decision 158): reported from that day's
 * start, the deposit shared by day.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let g: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  // 09:00–17:00 every day, eight-hour days at a day rate, overtime at 200 RMB an hour (frozen at booking).
  g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  await t.database.db
    .update(guides)
    .set({
      dayRateCents: 200_000,
      dayHours: 8,
      extras: [{ kind: 'overtime_hour', included: false, priceCents: 20_000 }],
    })
    .where(eq(guides.id, g.guideId));
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const view = async (id: number, who: Who = traveler) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
const confirmStart = (id: number, who: Who, userType: 'traveler' | 'guide') =>
  call('PATCH', `/api/bookings/${id}/confirm-start`, who, { userType });
const requestExtension = (id: number, hours: number) =>
  call('POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: hours });
const complete = (id: number, who: Who = traveler) =>
  call('PATCH', `/api/bookings/${id}/status`, who, { status: 'completed' });
const reportNoShow = (id: number, who: Who, body: Record<string, unknown> = {}) =>
  call('POST', `/api/v2/bookings/${id}/report-no-show`, who, body);
const dispute = (id: number, who: Who) =>
  call('POST', '/api/v2/disputes', who, {
    bookingId: id,
    reason: 'I was at the meeting point all morning; photos attached',
  });
/** The notices `who` has about booking `id`, newest first (they follow the commit). */
const notices = async (id: number, who: Who) =>
  (
    (await call('GET', '/api/v2/system-messages?limit=100', who)).json().data.messages as {
      title: string;
      message: string;
    }[]
  ).filter((m) => m.message.includes(`TG${String(id).padStart(4, '0')}`));
const guideWho = (): Person => ({ id: g.id, token: g.token }) as Person;

/** The server's clock at `hhmm` (Tokyo) on the tour's day `n` (1-based). */
function at(date: string, n: number, hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const instant = new Date(Date.parse(`${addDays(date, n - 1)}T00:00:00Z`) + ((h - 9) * 60 + m) * 60_000);
  t.app.bookings.now = () => instant;
}

/** Three days from `date`, 09:00–17:00 Tokyo (00:00–08:00 UTC), paid and accepted. */
async function threeDays(date: string) {
  const res = await book(t, traveler, { guideId: g.guideId, date, days: 3, dayStartTime: '09:00', travelers: 2 });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  expect((await pay(t, traveler, id)).statusCode).toBe(201);
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, guideWho())).json().status).toBe('upcoming');
  return id;
}

/** A whole extension of `hours` on the current day: asked, paid, approved, confirmed. */
async function extend(id: number, hours: number) {
  const asked = await requestExtension(id, hours);
  expect(asked.statusCode, asked.body).toBe(200);
  const paid = await pay(t, traveler, id, { ...CARD_OK, kind: 'extension' });
  expect(paid.statusCode, paid.body).toBe(201);
  expect((await call('POST', `/api/v2/bookings/${id}/extension/approve`, guideWho())).statusCode).toBe(200);
  const confirmed = await call('PATCH', `/api/bookings/${id}/confirm-extension`, traveler, { userType: 'traveler' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { asked: asked.json(), confirmed: confirmed.json() };
}

const day = (date: string, n: number, endUtc = '08:00') => ({
  date: addDays(date, n - 1),
  startsAt: `${addDays(date, n - 1)}T00:00:00.000Z`,
  endsAt: `${addDays(date, n - 1)}T${endUtc}:00.000Z`,
});

describe('three days on tour', () => {
  it('day 1 starts the span; each day is extended on its own day with its own limit; completion waits for the last day', async () => {
    const date = daysAhead(25);
    const id = await threeDays(date);

    // Day 1: both confirm the start once; the tour is ongoing and the reply names day 1 of 3.
    at(date, 1, '09:10');
    expect((await confirmStart(id, traveler, 'traveler')).statusCode).toBe(200);
    expect((await confirmStart(id, guideWho(), 'guide')).json()).toMatchObject({ status: 'ongoing', currentDay: 1 });

    // Not completed before the last day: no button for either side, and 409 tour_not_over if asked.
    expect((await view(id)).actions).not.toContain('service_complete');
    expect((await view(id, guideWho())).actions).not.toContain('service_complete');
    const early = await complete(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('tour_not_over');
    expect((await complete(id, guideWho())).json().code).toBe('tour_not_over');

    // Two hours on day 1 at the frozen overtime rate: day 1 ends at 19:00, the others keep their hours.
    const one = await extend(id, 2);
    expect(one.asked).toMatchObject({ status: 'extend_requested', extension: { day: 1, priceCents: 40_000 } });
    expect(one.confirmed).toMatchObject({
      status: 'ongoing',
      currentDay: 1,
      duration: 8,
      extensionCount: 1,
      dayExtensionCount: 1,
      endsAt: `${addDays(date, 2)}T08:00:00.000Z`,
    });
    expect(one.confirmed.schedule).toEqual([day(date, 1, '10:00'), day(date, 2), day(date, 3)]);
    await extend(id, 1);
    // The guide's calendar has day 1 ending at 20:00 (11:00Z), days 2 and 3 as booked.
    const url = (await call('GET', '/api/v2/guides/me/calendar-url', guideWho())).json().url as string;
    const feed = (await t.app.inject({ url: new URL(url).pathname, remoteAddress: nextAddress() })).body
      .replace(/\r\n /g, '')
      .split('\r\n');
    const compact = (d: string) => d.replaceAll('-', '');
    expect(feed.filter((l) => l.startsWith('DTEND')).sort()).toEqual([
      `DTEND:${compact(date)}T110000Z`,
      `DTEND:${compact(addDays(date, 1))}T080000Z`,
      `DTEND:${compact(addDays(date, 2))}T080000Z`,
    ]);
    // The limit is per day: day 1 has had its two.
    const limit = await requestExtension(id, 1);
    expect(limit.statusCode).toBe(409);
    expect(limit.json().code).toBe('extension_limit_reached');
    expect((await view(id)).actions).not.toContain('request_extension');

    // Day 2: the start of day 1 still holds (confirming again changes nothing), a fresh day's limit.
    at(date, 2, '08:30');
    const day2 = await view(id);
    expect(day2).toMatchObject({ status: 'ongoing', currentDay: 2, dayExtensionCount: 0, extensionCount: 2 });
    expect(day2.actions).toContain('request_extension');
    expect(day2.actions).not.toContain('service_complete');
    expect((await confirmStart(id, traveler, 'traveler')).json()).toMatchObject({ status: 'ongoing' });
    const two = await extend(id, 0.5);
    expect(two.asked.extension).toMatchObject({ day: 2, priceCents: 10_000 });
    expect(two.confirmed.schedule).toEqual([day(date, 1, '11:00'), day(date, 2, '08:30'), day(date, 3)]);
    expect((await complete(id)).json().code).toBe('tour_not_over');

    // Day 3 before its start: still not; from its start, yes. Its extension moves the booking's end.
    at(date, 3, '08:59');
    expect((await complete(id)).json().code).toBe('tour_not_over');
    at(date, 3, '09:00');
    expect((await view(id)).actions).toContain('service_complete');
    const three = await extend(id, 1);
    expect(three.confirmed).toMatchObject({ currentDay: 3, endsAt: `${addDays(date, 2)}T09:00:00.000Z` });
    expect(three.confirmed.schedule[2]).toEqual(day(date, 3, '09:00'));

    at(date, 3, '18:00');
    const done = await complete(id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    // Every day's extensions are released to the guide with the deposit: 4.5 h × 200 RMB = 90,000 fen.
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.balance.traveler).toBe(-(done.json().depositCents + 90_000));
  });

  it('an extension that would reach the next day’s start is refused with 409 extension_into_next_day', async () => {
    const date = daysAhead(35);
    const id = await threeDays(date);
    at(date, 1, '09:10');
    await confirmStart(id, traveler, 'traveler');
    await confirmStart(id, guideWho(), 'guide');
    // A day of 23 h (09:00 to 08:00 the next morning) leaves one hour before day 2 starts.
    await t.database.db
      .update(bookings)
      .set({ durationMinutes: 23 * 60 })
      .where(eq(bookings.id, id));
    const refused = await requestExtension(id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('extension_into_next_day');
    expect((await view(id)).status).toBe('ongoing');
    // One hour fits exactly.
    expect((await requestExtension(id, 1)).json()).toMatchObject({ status: 'extend_requested', extension: { day: 1 } });
  });
});

/**
 * Three days of 2,240 RMB each (the 2,000 RMB day rate and 30 RMB an hour for the second traveler):
 * 6,720 RMB, a deposit of 1,344 RMB (448 a day) and a commission of 672 RMB (224 a day).
 */
const SHARE = 44_800;
const COMMISSION_SHARE = 22_400;

describe('a day missed on a later day (decision 158)', () => {
  // A traveler of their own each: the credit a guide's absence gives would come off the next booking (decision 139).
  beforeEach(async () => {
    traveler = await person(t);
  });

  it('the guide absent on day 2 of 3: days 2 and 3 come back, day 1 and its extension are the guide’s earnings; the guide may contest', async () => {
    const date = daysAhead(60);
    const id = await threeDays(date);
    at(date, 1, '09:10');
    await confirmStart(id, traveler, 'traveler');
    await confirmStart(id, guideWho(), 'guide');
    await extend(id, 2); // 40,000 fen at the frozen overtime rate, on day 1

    // Day 2 from 08:30: the report opens at 09:20 for either side, whatever day 1 confirmed.
    at(date, 2, '08:30');
    const card = await view(id);
    expect(card).toMatchObject({
      status: 'ongoing',
      currentDay: 2,
      depositCents: 3 * SHARE,
      noShowReportableFrom: `${addDays(date, 1)}T00:20:00.000Z`,
      noShowRefundCents: 2 * SHARE,
    });
    expect((await view(id, guideWho())).noShowReportableFrom).toBe(`${addDays(date, 1)}T00:20:00.000Z`);
    // An hour asked for day 2 that morning, approved, and the guide never came: it goes back in full.
    expect((await extend(id, 1)).asked.extension).toMatchObject({ day: 2, priceCents: 20_000 });
    at(date, 2, '09:19');
    const early = await reportNoShow(id, traveler);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('too_early');

    at(date, 2, '09:30');
    // The quote is what the report charges: the shares of days 2 and 3 back.
    const quote = (await call('GET', `/api/v2/bookings/${id}/cancellation-quote`, traveler)).json();
    expect(quote).toMatchObject({
      tier: 'missed_day',
      depositPaidCents: 3 * SHARE,
      refundCents: 2 * SHARE,
      guideCents: SHARE - COMMISSION_SHARE,
      platformCents: COMMISSION_SHARE,
    });
    // No other guide on a later day: nothing changes.
    const instead = await reportNoShow(id, traveler, { replacement: true });
    expect(instead.statusCode).toBe(409);
    expect(instead.json().code).toBe('no_replacement_today');
    expect((await view(id)).status).toBe('ongoing');

    const res = await reportNoShow(id, traveler, { note: 'Waited at the hotel lobby from 09:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'guide_no_show',
      refund: { amountCents: quote.refundCents },
    });
    expect(res.json().creditIssued).toMatchObject({ amountCents: 5_000, spent: false });
    // Day 2's extension was refunded through its payment by the time the reply is read.
    expect(res.json().extensionsPaidCents).toBe(40_000);

    // The ledger: day 1 and its extension are the guide's (less the commission, as at completion), held as
    // earnings; day 2's extension is refunded like a rejected one.
    const l = await ledger(id);
    expect(
      l.entries
        .filter((e: { kind: string }) => e.kind === 'refund')
        .map((e: { amountCents: number }) => e.amountCents)
        .sort(),
    ).toEqual([2 * SHARE, 20_000].sort());
    expect(l.balance).toEqual({
      traveler: -(3 * SHARE + 40_000) + 2 * SHARE,
      guide: SHARE - COMMISSION_SHARE + 36_000,
      platform: COMMISSION_SHARE + 4_000,
      total: 0,
    });
    const earnings = l.entries.filter((e: { kind: string }) => e.kind === 'guide_earnings');
    expect(earnings.map((e: { amountCents: number }) => e.amountCents).sort()).toEqual(
      [36_000, SHARE - COMMISSION_SHARE].sort(),
    );
    expect(earnings.every((e: { availableAt: string | null }) => e.availableAt !== null)).toBe(true);

    // Both are told which day, and the traveler what comes back.
    await vi.waitFor(async () => {
      const mine = await notices(id, traveler);
      expect(mine.find((m) => m.title === 'Reported: your guide did not come')?.message).toContain(
        'Your guide did not come on day 2 of 3, so booking',
      );
      expect(mine.find((m) => m.title === 'Reported: your guide did not come')?.message).toContain(
        '896 RMB, the deposit for the days not given, is refunded to you.',
      );
      const theirs = await notices(id, guideWho());
      expect(theirs.find((m) => m.title === 'The traveler reported that you did not come')?.message).toContain(
        'did not come on day 2 of 3; the booking is cancelled and 896 RMB',
      );
    });

    // The guide contests within 48 hours; the traveler, who reported, cannot.
    at(date, 3, '20:00');
    expect((await dispute(id, traveler)).statusCode).toBe(409);
    const contested = await dispute(id, guideWho());
    expect(contested.statusCode, contested.body).toBe(201);
    expect((await view(id)).status).toBe('disputed');
  });

  it('the traveler absent on day 3 of 3: nothing back, as on the first day; the days given are the guide’s', async () => {
    const date = daysAhead(65);
    const id = await threeDays(date);
    at(date, 1, '09:10');
    await confirmStart(id, traveler, 'traveler');
    await confirmStart(id, guideWho(), 'guide');
    at(date, 3, '09:25');
    const res = await reportNoShow(id, guideWho());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'traveler',
      cancelReason: 'traveler_no_show',
      refund: { amountCents: 0 },
    });
    // Days 1 and 2 as at completion (224 RMB a day to the platform); day 3 by the no-show tier (10 % of its share).
    const l = await ledger(id);
    expect(l.balance).toEqual({
      traveler: -3 * SHARE,
      guide: 2 * (SHARE - COMMISSION_SHARE) + 40_320,
      platform: 2 * COMMISSION_SHARE + 4_480,
      total: 0,
    });
    await vi.waitFor(async () => {
      expect(
        (await notices(id, traveler)).find((m) => m.title === 'Your guide reported that you did not come')?.message,
      ).toContain('that you did not come on day 3 of 3; the booking is cancelled and the deposit is not refunded');
    });
    // The traveler may contest it.
    expect((await view(id)).actions).toContain('dispute');
  });

  it('a side who never confirmed on day 1 can still be reported on day 2, by either side; after the last date, no longer', async () => {
    const date = daysAhead(70);
    const id = await threeDays(date);
    // The traveler confirmed on day 1; the guide never did.
    at(date, 1, '09:10');
    await confirmStart(id, traveler, 'traveler');
    at(date, 2, '10:00');
    expect((await view(id)).status).toBe('start_confirmed');
    expect((await view(id, guideWho())).noShowReportableFrom).toBe(`${addDays(date, 1)}T00:20:00.000Z`);
    const res = await reportNoShow(id, traveler);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refund: { amountCents: 2 * SHARE } });

    const other = await threeDays(daysAhead(75));
    at(daysAhead(75), 1, '09:10');
    await confirmStart(other, traveler, 'traveler');
    await confirmStart(other, guideWho(), 'guide');
    // The day after the last: the days are over, nothing to report.
    at(daysAhead(75), 4, '10:00');
    expect((await view(other)).noShowReportableFrom).toBeNull();
    const late = await reportNoShow(other, traveler);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invalid_transition');
    expect((await view(other)).status).toBe('ongoing');
  });

  it('on day 1 the report works as for one day: the whole deposit back (it covers every day), the day named', async () => {
    const date = daysAhead(80);
    const id = await threeDays(date);
    at(date, 1, '09:30');
    expect((await view(id)).noShowRefundCents).toBe(3 * SHARE);
    const reported = await reportNoShow(id, traveler);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toMatchObject({ status: 'cancelled', refund: { amountCents: 3 * SHARE } });
    expect((await ledger(id)).balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
    await vi.waitFor(async () => {
      expect(
        (await notices(id, traveler)).find((m) => m.title === 'Reported: your guide did not come')?.message,
      ).toContain('is cancelled on day 1 of 3 and your deposit of 1,344 RMB is refunded in full.');
    });
  });
});
