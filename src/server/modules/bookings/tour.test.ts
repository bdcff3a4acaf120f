import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { tourSteps, type TourSteps } from '../../test/booking-steps';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCast, type BookingCast, confirmedBooking, daysAhead, guidePerson } from './test-helpers';

/**
 * On tour: confirming the start and completion with the guide's pending earnings, every step's
 * authorization and the ledger after each (a booking's entries sum to zero), and a Japanese guide's
 * notices. Extensions are tour-extensions.test.ts.
 */
let t: TestApp;
let { traveler, stranger, guide, otherGuide } = {} as BookingCast;
let { call, ledger, confirmStart, requestExtension, complete, upcoming, onTourDay } = {} as TourSteps;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const cast = await bookingCast(t);
  ({ traveler, stranger, guide, otherGuide } = cast);
  ({ call, ledger, confirmStart, requestExtension, complete, upcoming, onTourDay } = tourSteps(t, cast));
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

/** null: a visitor without a token. */
const visitor = null;

describe('confirming the start', () => {
  it('needs both sides on the tour day; the second confirmation makes it ongoing; the other side is told', async () => {
    const b = await upcoming(60);
    const early = await confirmStart(b.id, traveler, 'traveler');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('too_early');

    onTourDay(b);
    expect((await confirmStart(b.id, visitor, 'traveler')).statusCode).toBe(401);
    for (const who of [stranger, otherGuide]) expect((await confirmStart(b.id, who, 'traveler')).statusCode).toBe(404);
    const wrongSide = await confirmStart(b.id, traveler, 'guide');
    expect(wrongSide.statusCode).toBe(403);

    const first = await confirmStart(b.id, traveler, 'traveler');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'start_confirmed',
      travelerConfirmedStart: true,
      guideConfirmedStart: false,
      actions: [],
    });
    // Confirming again changes nothing: still waiting for the guide.
    expect((await confirmStart(b.id, traveler, 'traveler')).json().status).toBe('start_confirmed');
    const guideView = (await call('GET', `/api/v2/bookings/${b.id}`, guide)).json();
    expect(guideView.actions).toContain('start_confirm');
    // The guide was told (a system message, pushed to their open tabs, created after the commit: decision 085).
    await t.app.jobs.settled();
    const notices = (await call('GET', '/api/v2/system-messages', guide)).json().data.messages as {
      title: string;
      relatedEntityId: number | null;
    }[];
    expect(notices.some((m) => m.title === 'The traveler is ready to start' && m.relatedEntityId === b.id)).toBe(true);

    const second = await confirmStart(b.id, guide, 'guide');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'ongoing', guideConfirmedStart: true });
    expect((await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json().actions.sort()).toEqual([
      'dispute',
      'request_extension',
      'service_complete',
    ]);
    // An ongoing tour is in the traveler's ongoing tab.
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=ongoing`, traveler)).json();
    expect(list.data.map((x: { id: number }) => x.id)).toContain(b.id);
  });

  it('a tour whose start came while the guide has not confirmed it is counted and listed under ongoing, not upcoming', async () => {
    const b = await upcoming(70);
    onTourDay(b);
    await confirmStart(b.id, traveler, 'traveler');
    const upcomingTab = (
      await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=upcoming`, traveler)
    ).json();
    expect(upcomingTab.data.map((x: { id: number }) => x.id)).not.toContain(b.id);
    const ongoingTab = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=ongoing`, traveler)).json();
    expect(ongoingTab.data.find((x: { id: number }) => x.id === b.id)).toMatchObject({
      status: 'start_confirmed',
      guideConfirmedStart: false,
    });
    // The tabs' counts follow the same rule.
    const { counts } = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}`, traveler)).json();
    expect(counts).toMatchObject({ upcoming: upcomingTab.data.length, ongoing: ongoingTab.data.length });
  });

  it('a start-confirmed booking shows under upcoming, so the traveler sees that the guide is awaited', async () => {
    const b = await upcoming(61);
    onTourDay(b);
    await confirmStart(b.id, guide, 'guide');
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=upcoming`, traveler)).json();
    expect(list.data.find((x: { id: number }) => x.id === b.id)).toMatchObject({
      status: 'start_confirmed',
      travelerConfirmedStart: false,
      actions: ['start_confirm'],
    });
  });
});

describe('completing', () => {
  it('the guide may complete too; only an ongoing tour; the earnings are the deposit less the commission', async () => {
    const b = await upcoming(65);
    onTourDay(b);
    expect((await complete(b.id, traveler)).statusCode).toBe(409);
    await confirmStart(b.id, traveler, 'traveler');
    await confirmStart(b.id, guide, 'guide');
    const done = await complete(b.id, guide);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    // 13,200 deposit − 6,600 commission.
    expect((await ledger(b.id)).balance).toEqual({ traveler: -13_200, guide: 6_600, platform: 6_600, total: 0 });
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=past`, traveler)).json();
    expect(list.data.map((x: { id: number }) => x.id)).toContain(b.id);
  });

  it('other statuses stay closed on the status route', async () => {
    const b = await upcoming(66);
    const res = await call('PATCH', `/api/bookings/${b.id}/status`, traveler, { status: 'ongoing' });
    expect(res.statusCode).toBe(409);
  });
});

/** An extension request cannot get stuck: withdrawn by the traveler, or lapsed unpaid. */
describe('in Japanese', () => {
  it("tells a guide whose stored locale is ja of the tour's steps in Japanese, durations in words", async () => {
    const jaGuide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, jaGuide.id));
    const id = await confirmedBooking(t, traveler, jaGuide.guideId, daysAhead(86));
    const b = (await call('POST', `/api/v2/bookings/${id}/accept`, jaGuide)).json() as { id: number; startsAt: string };
    onTourDay(b);
    expect((await confirmStart(b.id, traveler, 'traveler')).statusCode).toBe(200);
    expect((await confirmStart(b.id, jaGuide, 'guide')).json().status).toBe('ongoing');
    expect((await requestExtension(b.id, 0.25)).statusCode).toBe(200);
    const inbox = async () =>
      (await call('GET', '/api/v2/system-messages', jaGuide)).json().data.messages as {
        title: string;
        message: string;
      }[];
    await expect
      .poll(async () => (await inbox()).find((m) => m.title === '延長のリクエストがありました')?.message)
      .toContain('15分延長');
    expect((await inbox()).some((m) => m.title === '旅行者が開始を確認しました')).toBe(true);
  });
});
