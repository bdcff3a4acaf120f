import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import { auth, makeUser, tokenFor } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eq } from 'drizzle-orm';
import { guides } from '../../db/schema/index';
import { book, confirmedBooking, daysAhead, guidePerson, pay, person, type Person } from '../bookings/test-helpers';

/**
 * GET /api/v2/guides/me/overview (/guide) from a real history driven through the API:
 * paid requests, accepted tours of the week, completions posting earnings to the ledger (counted in
 * the guide's day, month and year in Tokyo), the wallet's pending and withdrawable, published reviews
 * and unread counts; another guide's data never shows, and a traveler gets 403 not_a_guide.
 */
const TOKYO = 'Asia/Tokyo';
const HOUR = 3_600_000;
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;
let freshGuide: Awaited<ReturnType<typeof guidePerson>>;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
async function overview(who: Person): Promise<GuideOverview> {
  const res = await call('GET', '/api/v2/guides/me/overview', who);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const tokyo = (date: string, hh: number, mm = 0) => zonedTimeToUtc(date, hh * 60 + mm, TOKYO);
const setNow = (at: Date) => {
  t.app.bookings.now = () => at;
};

/** Books (10:00 unless said, 2 h, 2 travelers) and has the guide accept: an upcoming tour. */
async function acceptedTour(g: Person & { guideId: number }, date: string, startTime = '10:00') {
  const id = await confirmedBooking(t, traveler, g.guideId, date, startTime);
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
  return id;
}

/**
 * An accepted tour started by both sides and completed by the traveler at `completeAt`; returns the guide's earnings
 * entry.
 */
async function completedTour(g: Person & { guideId: number }, date: string, completeAt: Date) {
  const id = await acceptedTour(g, date);
  setNow(new Date(tokyo(date, 10).getTime() + 10 * 60_000));
  expect(
    (await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' })).statusCode,
  ).toBe(200);
  expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, g, { userType: 'guide' })).json().status).toBe(
    'ongoing',
  );
  setNow(completeAt);
  expect((await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'completed' })).statusCode).toBe(200);
  t.app.bookings.now = () => new Date();
  const ledger = (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
  const entry = ledger.entries.find((e: { kind: string }) => e.kind === 'guide_earnings');
  return { id, amountCents: entry.amountCents as number, availableAt: entry.availableAt as string };
}

/** The last day of the first month whose last day is at least `minDays` ahead (Tokyo). */
function monthEndAhead(minDays: number): string {
  let d = addDays(todayInZone(TOKYO), minDays);
  while (addDays(d, 1).slice(8) !== '01') d = addDays(d, 1);
  return d;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const u = await makeUser(t.database.db, { fullName: 'Wang Fang' });
  traveler = { id: u.id, token: await tokenFor(t.database.db, u.id) };
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, name: 'Sato Yuki', minNoticeHours: 12 });
  otherGuide = await guidePerson(t, { priceRmb: 400, minNoticeHours: 12 });
  freshGuide = await guidePerson(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('access', () => {
  it('a visitor gets 401; a traveler gets 403 not_a_guide like the other /guides/me routes', async () => {
    expect((await call('GET', '/api/v2/guides/me/overview', null)).statusCode).toBe(401);
    const asTraveler = await call('GET', '/api/v2/guides/me/overview', traveler);
    expect(asTraveler.statusCode).toBe(403);
    expect(asTraveler.json().code).toBe('not_a_guide');
    const rates = await call('GET', '/api/v2/guides/me/rates', traveler);
    expect(rates.statusCode).toBe(asTraveler.statusCode);
    expect(rates.json().code).toBe(asTraveler.json().code);
  });
});

describe('a freshly approved guide', () => {
  it('has an empty week, no requests, no earnings and no reviews', async () => {
    const o = await overview(freshGuide);
    const today = todayInZone(TOKYO);
    expect(o.today).toBe(today);
    expect(o.week.tours).toEqual([]);
    expect(o.week.start <= today && today <= o.week.end).toBe(true);
    expect(addDays(o.week.start, 6)).toBe(o.week.end);
    expect(new Date(`${o.week.start}T00:00:00Z`).getUTCDay()).toBe(1); // Monday
    expect(o.requests).toEqual({ count: 0, items: [] });
    expect(o.earnings).toEqual({
      currency: 'CNY',
      todayCents: 0,
      monthCents: 0,
      yearCents: 0,
      totalCents: 0,
      pendingCents: 0,
      withdrawableCents: 0,
      nextAvailableAt: null,
      inPerson: { todayCents: 0, monthCents: 0, yearCents: 0, totalCents: 0 },
    });
    expect(o.ratings).toEqual({ average: 0, count: 0, reviews: [] });
    expect(o.unread).toEqual({ chatUnreadCount: 0, systemUnreadCount: 0, totalUnreadCount: 0 });
  });
});

describe('the figures', () => {
  it('new requests: paid bookings awaiting the answer, most urgent first, with the count; unread as the messaging module counts it', async () => {
    const later = await confirmedBooking(t, traveler, guide.guideId, daysAhead(40));
    // A tour starting within 48 h must be answered before it starts: more urgent than the older request.
    // Both guides take tours at 12 hours' notice (decision 153), so some 10:00 one or two days ahead is
    // bookable and within 48 h whatever the hour of the run (at 24 h, none from 10:00 to 11:00 Tokyo).
    const soonDay = [1, 2]
      .map((d) => daysAhead(d))
      .find((d) => tokyo(d, 10).getTime() - Date.now() > 13 * HOUR && tokyo(d, 10).getTime() - Date.now() < 47 * HOUR)!;
    const sooner = await confirmedBooking(t, traveler, guide.guideId, soonDay);
    // The same traveler, later that day (one traveler is never booked twice at once: traveler_busy).
    await confirmedBooking(t, traveler, otherGuide.guideId, soonDay, '14:00');
    const o = await overview(guide);
    expect(o.requests.count).toBe(2);
    expect(o.requests.items.map((r) => r.id)).toEqual([sooner, later]);
    expect(o.requests.items[0]).toMatchObject({
      status: 'confirmed',
      travelers: 2,
      duration: 2,
      scheduledStartTime: '10:00',
      date: soonDay,
      traveler: { id: traveler.id, fullName: 'Wang Fang' },
    });
    expect(o.requests.items[0]!.bookingNumber).toMatch(/^TG\d{4,}$/);
    expect(Date.parse(o.requests.items[0]!.respondBy!)).toBeGreaterThan(Date.now());
    // Unread: the paid-request notices reached the guide; the same figures as the header's count.
    const unread = (await call('GET', `/api/conversations/total-unread-count/${guide.id}`, guide)).json();
    expect(o.unread).toEqual({
      chatUnreadCount: unread.chatUnreadCount,
      systemUnreadCount: unread.systemUnreadCount,
      totalUnreadCount: unread.totalUnreadCount,
    });
    expect(o.unread.systemUnreadCount).toBeGreaterThanOrEqual(2);
    // Answering a request takes it off the list.
    expect(
      (await call('POST', `/api/v2/bookings/${later}/decline`, guide, { reason: 'schedule_conflict' })).statusCode,
    ).toBe(200);
    const after = await overview(guide);
    expect(after.requests.count).toBe(1);
    expect(after.requests.items.map((r) => r.id)).toEqual([sooner]);
  });

  it("this week's tours: accepted tours starting Monday–Sunday in the guide's zone, soonest first; not next week's, not another guide's", async () => {
    const day = daysAhead(60);
    const inWeek = await acceptedTour(guide, day);
    const nextWeek = await acceptedTour(guide, addDays(day, 7));
    await acceptedTour(otherGuide, day, '14:00');
    setNow(tokyo(day, 8));
    const o = await overview(guide);
    expect(o.today).toBe(day);
    expect(o.week.tours.map((x) => x.id)).toEqual([inWeek]);
    expect(o.week.tours[0]).toMatchObject({
      status: 'upcoming',
      date: day,
      scheduledStartTime: '10:00',
      timeZone: TOKYO,
      duration: 2,
      travelers: 2,
      traveler: { fullName: 'Wang Fang' },
    });
    expect(o.week.tours[0]!.startsAt).toBe(tokyo(day, 10).toISOString());
    // A week later the other one is this week's.
    setNow(tokyo(addDays(day, 7), 8));
    expect((await overview(guide)).week.tours.map((x) => x.id)).toEqual([nextWeek]);
    // The week is Monday to Sunday: the Sunday night of the week (23:59 Tokyo) still sees the first tour.
    const o1 = await overview(guide);
    setNow(tokyo(o1.week.start, 0)); // Monday 00:00 of the second week
    expect((await overview(guide)).week.tours.map((x) => x.id)).toEqual([nextWeek]);
    setNow(new Date(tokyo(o1.week.start, 0).getTime() - 60_000)); // Sunday 23:59 of the first week
    expect((await overview(guide)).week.tours.map((x) => x.id)).toEqual([inWeek]);
  });

  it('a tour of several days begun before the week shows in the week its days reach, with its days', async () => {
    const g = await guidePerson(t, { priceRmb: 300 });
    await t.database.db.update(guides).set({ dayRateCents: 200_000, dayHours: 8 }).where(eq(guides.id, g.guideId));
    let sunday = daysAhead(120);
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const res = await book(t, traveler, {
      guideId: g.guideId,
      date: sunday,
      days: 3,
      dayStartTime: '09:00',
      travelers: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
    // Monday of the next week: the span's Monday and Tuesday are this week's.
    setNow(tokyo(addDays(sunday, 1), 8));
    const o = await overview(g);
    expect(o.week.start).toBe(addDays(sunday, 1));
    expect(o.week.tours.map((x) => x.id)).toEqual([id]);
    expect(o.week.tours[0]).toMatchObject({ date: sunday, days: 3, duration: 8 });
    // The week before holds its Sunday too; the week after, none of it.
    setNow(tokyo(addDays(sunday, -1), 8));
    expect((await overview(g)).week.tours.map((x) => x.id)).toEqual([id]);
    setNow(tokyo(addDays(sunday, 8), 8));
    expect((await overview(g)).week.tours).toEqual([]);
  });

  it("earnings: a completion at 23:30 Tokyo counts in Tokyo's day (not the UTC one), month and year; pending, then withdrawable", async () => {
    // Past every other tour of this traveler's here (40, 60, 67 and 90 days ahead): a month's end
    // 45 days ahead fell on 60 + 7 when the suite ran on 25 November, and the traveler was busy.
    const day = monthEndAhead(100);
    const next = addDays(day, 1); // the 1st of the next month
    const tour = await completedTour(guide, day, tokyo(day, 23, 30));
    expect(tour.amountCents).toBeGreaterThan(0);
    const e = tour.amountCents;

    // 23:50 the same evening in Tokyo (14:50 UTC): today, this month, this year.
    setNow(tokyo(day, 23, 50));
    let o = await overview(guide);
    expect(o.earnings).toMatchObject({
      todayCents: e,
      monthCents: e,
      yearCents: e,
      totalCents: e,
      pendingCents: e,
      withdrawableCents: 0,
      nextAvailableAt: tour.availableAt,
    });
    // What she collected in person counts in the same periods, so wallet and cash make her tour card's net
    // (decision 196).
    const net = (await call('GET', `/api/v2/bookings/${tour.id}`, guide)).json().guideNetCents as number;
    expect(net).toBeGreaterThan(e);
    expect(o.earnings.inPerson).toEqual({
      todayCents: net - e,
      monthCents: net - e,
      yearCents: net - e,
      totalCents: net - e,
    });

    // 00:30 the next morning in Tokyo is still the same UTC day (15:30 UTC), but a new day and month in Tokyo.
    setNow(tokyo(next, 0, 30));
    expect(todayInZone('UTC', tokyo(next, 0, 30))).toBe(day);
    o = await overview(guide);
    expect(o.earnings.todayCents).toBe(0);
    expect(o.earnings.monthCents).toBe(0);
    expect(o.earnings.yearCents).toBe(next.slice(0, 4) === day.slice(0, 4) ? e : 0);
    expect(o.earnings.totalCents).toBe(e);
    expect(o.earnings.inPerson).toMatchObject({ todayCents: 0, monthCents: 0, totalCents: net - e });

    // Ten days later: withdrawable (five working days), the same total; the wallet agrees.
    setNow(new Date(tokyo(day, 23, 30).getTime() + 10 * 24 * HOUR));
    o = await overview(guide);
    expect(o.earnings).toMatchObject({ pendingCents: 0, withdrawableCents: e, totalCents: e, todayCents: 0 });
    const w = (await call('GET', '/api/v2/wallet', guide)).json();
    expect(w.earnings).toMatchObject({
      totalCents: o.earnings.totalCents,
      pendingCents: o.earnings.pendingCents,
      withdrawableCents: o.earnings.withdrawableCents,
    });

    // Another guide's completion never shows in this guide's figures.
    t.app.bookings.now = () => new Date();
    const theirs = await completedTour(otherGuide, addDays(day, 2), tokyo(addDays(day, 2), 13));
    setNow(tokyo(addDays(day, 2), 14));
    const mine = await overview(guide);
    expect(mine.earnings.totalCents).toBe(e);
    expect(mine.earnings.todayCents).toBe(0);
    const other = await overview(otherGuide);
    expect(other.earnings).toMatchObject({
      todayCents: theirs.amountCents,
      totalCents: theirs.amountCents,
      pendingCents: theirs.amountCents,
    });
    expect(other.week.tours.every((x) => x.traveler.id === traveler.id)).toBe(true);
  });

  it("ratings: average, count and the last published reviews with the reviewer's first name; unpublished ones stay hidden", async () => {
    const day = daysAhead(90);
    const tour = await completedTour(guide, day, tokyo(day, 13));
    const review = await call('POST', '/api/v2/reviews', traveler, {
      bookingId: tour.id,
      type: 'traveler_to_guide',
      rating: 4,
      content: '很棒的导游',
    });
    expect(review.statusCode).toBe(201);
    // Dual-blind: not published until the guide reviews too.
    let o = await overview(guide);
    expect(o.ratings.reviews).toEqual([]);
    expect(
      (await call('POST', '/api/v2/reviews', guide, { bookingId: tour.id, type: 'guide_to_traveler', rating: 5 }))
        .statusCode,
    ).toBe(201);
    o = await overview(guide);
    expect(o.ratings.count).toBe(1);
    expect(o.ratings.average).toBe(4);
    expect(o.ratings.reviews).toHaveLength(1);
    expect(o.ratings.reviews[0]).toMatchObject({ rating: 4, content: '很棒的导游', reviewerFirstName: 'Wang' });
    expect(o.ratings.reviews[0]!.publishedAt).toEqual(expect.any(String));
    expect((await overview(otherGuide)).ratings).toEqual({ average: 0, count: 0, reviews: [] });
  });
});
