import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, systemMessages, travelCredits } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  callAs,
  confirmedBooking,
  daysAhead,
  guidePerson,
  type Method,
  person,
  type Person,
  type Who,
} from './test-helpers';

/**
 * The guide did not come, and the traveler takes another guide later that day instead of the refund
 * now (decision 140): each free guide at their own first time from an hour on, the tour moved to the
 * chosen guide's time with the deposit kept (one charge), 30 minutes for them to answer, the booked
 * time back on a decline, and the refund with the credit when it ends there, contestable as a no-show.
 */
let t: TestApp;
let admin: Person;
let cityCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const view = async (id: number, who: Who) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
const askToday = (id: number, who: Who) =>
  call('POST', `/api/v2/bookings/${id}/report-no-show`, who, { note: 'Nobody at the gate', replacement: true });
const MIN = 60_000;

/**
 * A city of its own, the booked guide and `others` who could take over; an accepted 10:00–12:00 tour `days` ahead.
 * The others take tours at an hour's notice: a same-day replacement is within it (decision 153).
 */
async function scene(days: number, others: Parameters<typeof guidePerson>[1][] = [{}]) {
  const city = `no-show-city-${++cityCounter}`;
  const booked = await guidePerson(t, { city, languages: ['zh'], priceRmb: 300 });
  const guides = [];
  for (const spec of others)
    guides.push(await guidePerson(t, { city, languages: ['zh'], priceRmb: 300, minNoticeHours: 1, ...spec }));
  const traveler = await person(t);
  const id = await confirmedBooking(t, traveler, booked.guideId, daysAhead(days));
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, booked)).statusCode).toBe(200);
  const startsAt = new Date((await view(id, traveler)).startsAt).getTime();
  await t.app.jobs.tick(new Date(startsAt - 60 * MIN)); // the start day's job: awaiting_start
  return { booked, guides, traveler, id, startsAt };
}

describe('another guide later the same day after a no-show (decision 140)', () => {
  it('offers each free guide at their own time; the chosen one takes the tour over at that time with the deposit kept', async () => {
    const { booked, guides, traveler, id, startsAt } = await scene(30, [{}, {}]);
    const [first, second] = guides as [
      Awaited<ReturnType<typeof guidePerson>>,
      Awaited<ReturnType<typeof guidePerson>>,
    ];
    // The second guide is busy until 12:00 that day with another traveler's tour.
    const other = await person(t);
    const busy = await confirmedBooking(t, other, second.guideId, daysAhead(30), '10:00', 2);
    expect((await call('POST', `/api/v2/bookings/${busy}/accept`, second)).statusCode).toBe(200);

    const now = startsAt + 25 * MIN; // 10:25
    t.app.bookings.now = () => new Date(now);
    const before = await view(id, traveler);
    const res = await askToday(id, traveler);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'awaiting_replacement',
      refund: null,
      replacement: { status: 'open', sameDay: true, lapsesAt: new Date(now + 120 * MIN).toISOString() },
    });
    // The guide reported absent is told.
    // Notices follow the commit.
    await vi.waitFor(async () => {
      const told = (
        await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, booked.id))
      ).filter((n) => n.dedupeKey === `booking:${id}:no-show-replacing`);
      expect(told).toHaveLength(1);
      expect(told[0]!.texts?.en?.message).toContain('is choosing another guide for later today');
      // What the traveler wrote, quoted for the guide (their account is what a contest answers).
      expect(told[0]!.texts?.en?.message).toContain('They wrote: “Nobody at the gate”.');
      expect(told[0]!.texts?.['zh-CN']?.message).toContain('对方写道：“Nobody at the gate”。');
    });

    const list = await call('GET', `/api/v2/bookings/${id}/replacements`, traveler);
    expect(list.statusCode).toBe(200);
    const reply = list.json();
    expect(reply).toMatchObject({ status: 'open', sameDay: true });
    // From an hour after the report on the half-hour grid: 11:30 for the free guide, 12:30 for the busy one
    // (their tour ends at 12:00, and they keep 30 minutes after it: decision 153).
    expect(
      reply.candidates.map((c: { guideId: number; scheduledStartTime: string }) => [c.guideId, c.scheduledStartTime]),
    ).toEqual(
      expect.arrayContaining([
        [first.guideId, '11:30'],
        [second.guideId, '12:30'],
      ]),
    );
    const pick = reply.candidates.find((c: { guideId: number }) => c.guideId === first.guideId);
    expect(new Date(pick.startsAt).getTime()).toBe(startsAt + 90 * MIN);
    expect((await call('GET', `/api/v2/bookings/${id}/replacements`, booked)).statusCode).toBe(404);

    // A time the list did not show for that guide is refused, not taken.
    const wrong = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
      guideId: first.guideId,
      startsAt: new Date(startsAt + 120 * MIN).toISOString(),
    });
    expect(wrong.json().code).toBe('replacement_unavailable');
    const chosen = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
      guideId: first.guideId,
      startsAt: pick.startsAt,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      status: 'confirmed',
      guideId: first.guideId,
      scheduledStartTime: '11:30',
      startsAt: pick.startsAt,
      replacement: { status: 'requested', sameDay: true, answerBy: new Date(now + 30 * MIN).toISOString() },
    });
    expect(new Date(chosen.json().endsAt).getTime() - new Date(chosen.json().startsAt).getTime()).toBe(
      new Date(before.endsAt).getTime() - new Date(before.startsAt).getTime(),
    );

    // They accept; the tour day has begun, so the booking moves on to its start at once.
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, first)).statusCode).toBe(200);
    await t.app.jobs.tick(new Date(now + MIN));
    const card = await view(id, traveler);
    expect(card).toMatchObject({
      status: 'awaiting_start',
      guideId: first.guideId,
      travelerConfirmedStart: false,
      noShowReportableFrom: new Date(startsAt + 110 * MIN).toISOString(),
    });
    const charges = (await t.database.db.select().from(payments).where(eq(payments.bookingId, id))).filter(
      (p) => p.kind === 'deposit' && p.status !== 'failed',
    );
    expect(charges).toHaveLength(1);
    expect((await ledger(id)).balance.total).toBe(0);
    t.app.bookings.now = () => new Date(startsAt + 90 * MIN);
    expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, first, { userType: 'guide' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' })).json().status,
    ).toBe('ongoing');
  });

  it('with nobody free later that day: 409 no_replacement_today and nothing changes; the refund is still there', async () => {
    const { traveler, id, startsAt } = await scene(31, []);
    t.app.bookings.now = () => new Date(startsAt + 30 * MIN);
    const res = await askToday(id, traveler);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('no_replacement_today');
    expect((await view(id, traveler)).status).toBe('awaiting_start');
    const refunded = await call('POST', `/api/v2/bookings/${id}/report-no-show`, traveler, {});
    expect(refunded.json()).toMatchObject({ status: 'cancelled', cancelReason: 'guide_no_show' });
  });

  it('a decline puts the booked time back; the refund taken then is the guide’s no-show, with the credit, and the guide may contest it', async () => {
    const { booked, guides, traveler, id, startsAt } = await scene(32);
    const asked = guides[0]!;
    const now = startsAt + 20 * MIN;
    t.app.bookings.now = () => new Date(now);
    expect((await askToday(id, traveler)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, { guideId: asked.guideId })).json()
        .scheduledStartTime,
    ).toBe('11:30');
    expect((await call('POST', `/api/v2/bookings/${id}/decline`, asked, { reason: 'Cannot make it' })).statusCode).toBe(
      200,
    );

    const back = await view(id, traveler);
    expect(back).toMatchObject({
      status: 'awaiting_replacement',
      guideId: booked.guideId,
      scheduledStartTime: '10:00',
      startsAt: new Date(startsAt).toISOString(),
    });
    expect((await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json().candidates).toEqual([]);

    const refund = await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'guide_no_show',
      refund: { amountCents: back.depositCents },
    });
    const [credit] = await t.database.db.select().from(travelCredits).where(eq(travelCredits.sourceBookingId, id));
    expect(credit).toMatchObject({ reason: 'guide_no_show', travelerId: traveler.id });
    expect((await ledger(id)).balance).toMatchObject({ total: 0, traveler: 0, guide: 0, platform: 0 });
    expect((await view(id, booked)).actions).toContain('dispute');
    // The guide's notice of the refund quotes the note given with the report, hours earlier.
    await vi.waitFor(async () => {
      const told = (
        await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, booked.id))
      ).filter((n) => n.dedupeKey === `booking:${id}:no-show`);
      expect(told).toHaveLength(1);
      expect(told[0]!.texts?.en?.message).toContain('They wrote: “Nobody at the gate”.');
    });
  });

  it('nobody chosen within two hours: the full refund comes by itself', async () => {
    const { traveler, id, startsAt } = await scene(33);
    const now = startsAt + 20 * MIN;
    t.app.bookings.now = () => new Date(now);
    const opened = (await askToday(id, traveler)).json();
    await t.app.jobs.tick(new Date(now + 119 * MIN));
    expect((await view(id, traveler)).status).toBe('awaiting_replacement');
    await t.app.jobs.tick(new Date(now + 121 * MIN));
    expect(await view(id, traveler)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'guide_no_show',
    });
    expect((await ledger(id)).balance.traveler).toBe(0);
    expect(opened.depositCents).toBeGreaterThan(0);
  });

  it('only the traveler asks: the guide reporting the traveler absent is the no-show as before', async () => {
    const { booked, traveler, id, startsAt } = await scene(34);
    t.app.bookings.now = () => new Date(startsAt + 20 * MIN);
    const res = await askToday(id, booked);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'traveler_no_show' });
    expect((await view(id, traveler)).status).toBe('cancelled');
  });
});
