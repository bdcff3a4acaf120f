import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { replacementSteps, type ReplacementSteps } from '../../test/booking-steps';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * A replacement guide when the booked one cancels (decision 137), through the API: who is offered,
 * and nobody when none is free, the traveler is busy or the start is 3 hours off; an admin cancelling
 * for the guide; two travelers racing for one guide, run here on PGlite and, in CI, on PostgreSQL.
 * The choice played out (hand-over, refund, lapse, cover) is replacement-handover.test.ts.
 */
let t: TestApp;
let admin: Person;
let stranger: Person;
let { call, ledger, view, cancelAs, replacements, choose, charges, newCity, scene, upcomingWith } =
  {} as ReplacementSteps;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  stranger = await person(t);
  ({ call, ledger, view, cancelAs, replacements, choose, charges, newCity, scene, upcomingWith } = replacementSteps(
    t,
    admin,
  ));
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('a guide cancels a paid booking (decision 137)', () => {
  it('offers the traveler the free guides that fit, best match first; no refund yet, nothing charged again', async () => {
    const { booked, guides, traveler } = await scene([
      { rating: 4.2, reviewCount: 3 }, // fits
      { rating: 4.9, reviewCount: 20, priceRmb: 330 }, // fits: 10 % dearer, the platform covers it
      { priceRmb: 500 }, // over the 20 % cap
      { languages: ['en'] }, // does not speak the traveler's language
      { identityVerified: false }, // not listed (decision 091)
      { status: 'paused' },
    ]);
    const elsewhere = await guidePerson(t, { city: 'somewhere-else', languages: ['zh'] });
    const id = await upcomingWith(traveler, booked, 12);
    const before = await view(id, traveler);

    const res = await cancelAs(id, booked);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await view(id, traveler)).json()).toMatchObject({
      status: 'awaiting_replacement',
      replacement: { status: 'open', answerBy: null },
    });
    // The deposit stays held: nothing refunded, the booking still sums to zero.
    const held = await ledger(id);
    expect(held.balance).toMatchObject({ total: 0, platform: before.json().depositCents });

    const list = await replacements(id, traveler);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.status).toBe('open');
    expect(body.candidates.map((c: { guideId: number }) => c.guideId)).toEqual([
      guides[1]!.guideId,
      guides[0]!.guideId,
    ]);
    expect(body.candidates.map((c: { guideId: number }) => c.guideId)).not.toContain(elsewhere.guideId);
    const [dearer, same] = body.candidates;
    // Never more for the traveler: the dearer guide costs the booked price, the platform adds the rest.
    expect(dearer).toMatchObject({ totalCents: before.json().totalPriceCents });
    expect(dearer.coveredCents).toBeGreaterThan(0);
    expect(dearer.coveredCents).toBeLessThanOrEqual(before.json().totalPriceCents * 0.2);
    expect(same).toMatchObject({
      totalCents: before.json().totalPriceCents,
      coveredCents: 0,
      balanceCents: before.json().totalPriceCents - before.json().depositCents,
    });

    // Only the traveler sees the choice.
    for (const who of [booked, guides[0]!, stranger]) expect((await replacements(id, who)).statusCode).toBe(404);
    expect((await replacements(id, null)).statusCode).toBe(401);
    expect((await choose(id, stranger, guides[0]!.guideId)).statusCode).toBe(404);
  });
  it('an admin cancelling on the guide’s behalf offers the same choice; nobody else may', async () => {
    const { booked, guides, traveler } = await scene([{}]);
    const id = await upcomingWith(traveler, booked, 18);
    const url = `/api/admin/bookings/${id}/cancel-for-guide`;
    for (const who of [traveler, booked, stranger])
      expect((await call('POST', url, who, { reason: 'Guide unreachable' })).statusCode).toBe(404);
    expect((await call('POST', url, admin, { reason: ' ' })).statusCode).toBe(400);
    const res = await call('POST', url, admin, { reason: 'Guide unreachable' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([
      guides[0]!.guideId,
    ]);
    expect((await call('POST', `/api/admin/bookings/999999/cancel-for-guide`, admin, { reason: 'x' })).statusCode).toBe(
      404,
    );
    // The guide, who did not cancel, is told, with the admin's reason (notices follow the commit).
    await vi.waitFor(async () => {
      const notices = (await call('GET', '/api/v2/system-messages?limit=50', booked)).json().data.messages as {
        title: string;
        message: string;
        actionUrl: string;
      }[];
      expect(notices.find((m) => m.title === 'Support cancelled a booking for you')).toMatchObject({
        message: expect.stringContaining('Reason: “Guide unreachable”.'),
        actionUrl: `/guide-dashboard?booking=${id}`,
      });
    });
  });

  it('with nobody free, the guide’s cancellation refunds at once as before', async () => {
    const { booked, traveler } = await scene([{ languages: ['en'] }]);
    const id = await upcomingWith(traveler, booked, 16);
    const res = await cancelAs(id, booked);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide' });
    expect(res.json().refund.amountCents).toBeGreaterThan(0);
  });

  it('a traveler who booked another tour at that time since is offered nobody for it; choosing anyway names that booking (409 traveler_busy)', async () => {
    const { booked, guides, traveler } = await scene([{}]);
    const elsewhere = await guidePerson(t, { city: newCity(), languages: ['zh'] });
    const id = await upcomingWith(traveler, booked, 15);
    const offered = await replacements(id, traveler);
    expect((await cancelAs(id, booked)).json().status).toBe('awaiting_replacement');
    expect(offered.json().candidates).toEqual([]); // not awaiting yet
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([
      guides[0]!.guideId,
    ]);

    // Awaiting a replacement holds none of the traveler's time: they book the same hours elsewhere.
    const other = await confirmedBooking(t, traveler, elsewhere.guideId, daysAhead(15), '10:00');
    const number = (await view(other, traveler)).json().bookingNumber;
    expect((await replacements(id, traveler)).json().candidates).toEqual([]);
    const refused = await choose(id, traveler, guides[0]!.guideId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'traveler_busy', fields: [{ path: 'booking', message: number }] });
    expect((await view(id, traveler)).json()).toMatchObject({
      status: 'awaiting_replacement',
      guideId: booked.guideId,
    });

    // That tour cancelled, the hours are the traveler's again and the guide is offered again.
    expect((await cancelAs(other, traveler, 'Changed plans')).statusCode).toBe(200);
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([
      guides[0]!.guideId,
    ]);
    expect((await choose(id, traveler, guides[0]!.guideId)).statusCode).toBe(200);
  });

  it('a free guide ranked below more busy guides than one read of the list holds is still offered', async () => {
    // 26 better-rated guides fit but have the day off; the one free guide ranks after all of them.
    const { booked, guides, traveler } = await scene([
      ...Array.from({ length: 26 }, () => ({ rating: 5, reviewCount: 50 })),
      { rating: 1, reviewCount: 1 },
    ]);
    const free = guides.at(-1)!;
    const date = daysAhead(20);
    for (const g of guides.slice(0, -1)) await addException(t.database.db, g.guideId, date, false);
    const id = await upcomingWith(traveler, booked, 20);
    expect((await cancelAs(id, booked)).json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([
      free.guideId,
    ]);
  });

  it('the 3-hour rule: within 3 hours of the start the guide’s cancellation refunds at once, a free guide notwithstanding', async () => {
    // A free guide who takes tours at 2 hours' notice: a replacement 3 hours ahead is within it (decision 153).
    const { booked, guides, traveler } = await scene([{ minNoticeHours: 2 }]);
    const [early, late] = [await upcomingWith(traveler, booked, 21), await upcomingWith(traveler, booked, 22)];
    const lapseOf = async (id: number) =>
      new Date((await view(id, traveler)).json().startsAt).getTime() - 3 * 3_600_000;
    // Just before the 3 hours: the choice, with the free guide.
    const lapseOf0 = await lapseOf(early);
    t.app.bookings.now = () => new Date(lapseOf0 - 60_000);
    expect((await cancelAs(early, booked)).json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await replacements(early, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([
      guides[0]!.guideId,
    ]);
    // At 3 hours before the start the open choice is closed, even before its lapse job has run.
    t.app.bookings.now = () => new Date(lapseOf0 + 1000);
    expect((await replacements(early, traveler)).json()).toMatchObject({ status: 'open', candidates: [] });
    expect((await choose(early, traveler, guides[0]!.guideId)).json().code).toBe('replacement_closed');
    // Within the 3 hours: no choice is opened, the deposit comes back at once.
    const lapseOf1 = await lapseOf(late);
    t.app.bookings.now = () => new Date(lapseOf1 + 60_000);
    const deposit = (await view(late, traveler)).json().depositCents;
    const res = await cancelAs(late, booked);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide', refund: { amountCents: deposit } });
    expect((await replacements(late, traveler)).json()).toMatchObject({ status: null, candidates: [] });
  });

  it('two travelers racing for one guide at the same hours: one wins, the other gets 409 replacement_unavailable', async () => {
    const city = newCity();
    const [a, b, free] = [
      await guidePerson(t, { city, languages: ['zh'] }),
      await guidePerson(t, { city, languages: ['zh'] }),
      await guidePerson(t, { city, languages: ['zh'] }),
    ];
    const [x, y] = [await person(t), await person(t)];
    const ids = [await upcomingWith(x, a, 17, '10:00'), await upcomingWith(y, b, 17, '11:00')];
    await cancelAs(ids[0]!, a);
    await cancelAs(ids[1]!, b);
    for (const [id, who] of [
      [ids[0]!, x],
      [ids[1]!, y],
    ] as const) {
      expect((await replacements(id, who)).json().candidates.map((c: { guideId: number }) => c.guideId)).toContain(
        free.guideId,
      );
    }
    const replies = await Promise.all([choose(ids[0]!, x, free.guideId), choose(ids[1]!, y, free.guideId)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().code).toBe('replacement_unavailable');
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from bookings where guide_id = ${free.guideId} and status = 'confirmed'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    for (const id of ids) {
      expect((await ledger(id)).balance.total).toBe(0);
      expect(await charges(id)).toHaveLength(1);
    }
  });
});
