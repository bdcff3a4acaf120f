import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingReplacements, payments } from '../../db/schema/index';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, confirmedBooking, daysAhead, guidePerson, type Method, person, type Person, type Who } from './test-helpers';

/**
 * A replacement guide when the booked one cancels (decision 137), through the API: who is offered,
 * the hand-over with the deposit kept (one charge), a decline returning to the choice, the refund
 * instead, the lapse, the platform's cover at completion, and every booking's ledger summing to zero.
 * The race of two travelers for one guide runs here on PGlite and, in CI, on PostgreSQL.
 */
let t: TestApp;
let admin: Person;
let stranger: Person;
let cityCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  stranger = await person(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
const view = async (id: number, who: Who) => call('GET', `/api/v2/bookings/${id}`, who);
const cancelAs = (id: number, who: Who, reason = 'I am ill') => call('PATCH', `/api/bookings/${id}/status`, who, { status: 'cancelled', reason });
const replacements = (id: number, who: Who) => call('GET', `/api/v2/bookings/${id}/replacements`, who);
const choose = (id: number, who: Who, guideId: number) => call('POST', `/api/v2/bookings/${id}/replacements`, who, { guideId });
const charges = async (bookingId: number) =>
  (await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).filter((p) => p.kind === 'deposit' && p.status !== 'failed');

/** A city of its own per scenario, so guides of other tests are never candidates. */
async function scene(others: Parameters<typeof guidePerson>[1][] = [{}]) {
  const city = `replace-city-${++cityCounter}`;
  const booked = await guidePerson(t, { city, languages: ['zh', 'ja'], priceRmb: 300 });
  const guides = [];
  for (const spec of others) guides.push(await guidePerson(t, { city, languages: ['zh'], priceRmb: 300, ...spec }));
  const traveler = await person(t);
  return { city, booked, guides, traveler };
}

/** A booking the guide accepted, `days` ahead. */
async function upcomingWith(traveler: Person, guide: Awaited<ReturnType<typeof guidePerson>>, days: number, startTime = '10:00') {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days), startTime);
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, guide)).statusCode).toBe(200);
  return id;
}

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
    expect((await view(id, traveler)).json()).toMatchObject({ status: 'awaiting_replacement', replacement: { status: 'open', answerBy: null } });
    // The deposit stays held: nothing refunded, the booking still sums to zero.
    const held = await ledger(id);
    expect(held.balance).toMatchObject({ total: 0, platform: before.json().depositCents });

    const list = await replacements(id, traveler);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.status).toBe('open');
    expect(body.candidates.map((c: { guideId: number }) => c.guideId)).toEqual([guides[1]!.guideId, guides[0]!.guideId]);
    expect(body.candidates.map((c: { guideId: number }) => c.guideId)).not.toContain(elsewhere.guideId);
    const [dearer, same] = body.candidates;
    // Never more for the traveler: the dearer guide costs the booked price, the platform adds the rest.
    expect(dearer).toMatchObject({ totalCents: before.json().totalPriceCents });
    expect(dearer.coveredCents).toBeGreaterThan(0);
    expect(dearer.coveredCents).toBeLessThanOrEqual(before.json().totalPriceCents * 0.2);
    expect(same).toMatchObject({ totalCents: before.json().totalPriceCents, coveredCents: 0, balanceCents: before.json().totalPriceCents - before.json().depositCents });

    // Only the traveler sees the choice.
    for (const who of [booked, guides[0]!, stranger]) expect((await replacements(id, who)).statusCode).toBe(404);
    expect((await replacements(id, null)).statusCode).toBe(401);
    expect((await choose(id, stranger, guides[0]!.guideId)).statusCode).toBe(404);
  });

  it('hands the booking to the chosen guide with its deposit; a decline returns to the choice without that guide; the next one accepts; completion pays the cover', async () => {
    const { booked, guides, traveler } = await scene([{ priceRmb: 330, rating: 5 }, { rating: 4 }]);
    const [dearer, other] = guides as [Awaited<ReturnType<typeof guidePerson>>, Awaited<ReturnType<typeof guidePerson>>];
    const id = await upcomingWith(traveler, booked, 13);
    const booking = (await view(id, traveler)).json();
    expect((await cancelAs(id, booked)).json().status).toBe('awaiting_replacement');

    const chosen = await choose(id, traveler, dearer.guideId);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ status: 'confirmed', guideId: dearer.guideId, totalPriceCents: booking.totalPriceCents, depositCents: booking.depositCents, replacement: { status: 'requested' } });
    // The booking is the new guide's request now: the one who cancelled no longer sees it.
    expect((await view(id, dearer)).statusCode).toBe(200);
    expect((await view(id, booked)).statusCode).toBe(404);
    // Choosing again while one is asked: closed.
    expect((await choose(id, traveler, other.guideId)).json().code).toBe('replacement_closed');

    const declined = await call('POST', `/api/v2/bookings/${id}/decline`, dearer, { reason: 'Already booked that day' });
    expect(declined.statusCode).toBe(200);
    expect((await view(id, traveler)).json()).toMatchObject({ status: 'awaiting_replacement', guideId: booked.guideId, totalPriceCents: booking.totalPriceCents });
    const again = (await replacements(id, traveler)).json();
    expect(again.candidates.map((c: { guideId: number }) => c.guideId)).toEqual([other.guideId]);

    expect((await choose(id, traveler, other.guideId)).statusCode).toBe(200);
    const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, other);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'upcoming', guideId: other.guideId, replacement: null, cancelledBy: null });
    const [row] = await t.database.db.select().from(bookingReplacements).where(eq(bookingReplacements.bookingId, id));
    expect(row).toMatchObject({ status: 'handed_over', toGuideId: other.guideId, triedGuideIds: [dearer.guideId], fromGuideId: booked.guideId });

    // One charge for the whole story.
    expect(await charges(id)).toHaveLength(1);
    // The cancelling guide's record counts the cancellation once.
    const profile = (await call('GET', `/api/v2/guides/${booked.guideId}`, null)).json();
    expect(profile.trackRecord.guideCancellations12Months).toBe(1);
    // The guide who declined a replacement request cancelled nothing.
    expect((await call('GET', `/api/v2/guides/${dearer.guideId}`, null)).json().trackRecord.guideCancellations12Months).toBe(0);
  });

  it('the platform covers a dearer replacement at completion; the ledger sums to zero', async () => {
    const { booked, guides, traveler } = await scene([{ priceRmb: 330 }]);
    const dearer = guides[0]!;
    const id = await upcomingWith(traveler, booked, 0 + 14);
    const booking = (await view(id, traveler)).json();
    await cancelAs(id, booked);
    const pick = (await replacements(id, traveler)).json().candidates[0];
    expect(pick.coveredCents).toBeGreaterThan(0);
    await choose(id, traveler, dearer.guideId);
    // What the asked guide reads she will receive (decision 175): her own price, cover included, less the commission on it.
    const ownNet = booking.totalPriceCents + pick.coveredCents - Math.round((booking.totalPriceCents + pick.coveredCents) * 0.1);
    expect((await view(id, dearer)).json().guideNetCents).toBe(ownNet);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, dearer)).json().guideNetCents).toBe(ownNet);
    // Through the tour to its completion, on its day.
    const startsAt = new Date(booking.startsAt).getTime();
    t.app.bookings.now = () => new Date(startsAt + 60_000);
    await t.app.jobs.tick(new Date(startsAt + 60_000));
    for (const [who, userType] of [[traveler, 'traveler'], [dearer, 'guide']] as const) {
      expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, who, { userType })).statusCode).toBe(200);
    }
    expect((await call('PATCH', `/api/bookings/${id}/status`, dearer, { status: 'completed' })).json().status).toBe('completed');
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    const cover = l.entries.find((e: { kind: string }) => e.kind === 'replacement_cover');
    expect(cover).toMatchObject({ account: 'platform', amountCents: -pick.coveredCents });
    // The guide is paid their own price (booked + cover) less the commission on it: in person (booked total −
    // deposit) plus the earnings the platform releases.
    const amount = (kind: string) => l.entries.find((e: { kind: string }) => e.kind === kind).amountCents as number;
    const ownPrice = booking.totalPriceCents + pick.coveredCents;
    expect(amount('commission')).toBe(Math.round(ownPrice * 0.1));
    expect(booking.totalPriceCents - booking.depositCents + amount('guide_earnings')).toBe(ownPrice - amount('commission'));
    expect((await view(id, dearer)).json().guideNetCents).toBe(ownNet);
  });

  it('the traveler may take the full refund instead; the cancellation stays the guide’s', async () => {
    const { booked, traveler } = await scene([{}]);
    const id = await upcomingWith(traveler, booked, 15);
    const deposit = (await view(id, traveler)).json().depositCents;
    await cancelAs(id, booked);
    const res = await cancelAs(id, traveler, '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide', cancelReason: 'I am ill', refund: { amountCents: deposit } });
    expect((await ledger(id)).balance).toMatchObject({ total: 0, traveler: 0, platform: 0, guide: 0 });
    expect((await replacements(id, traveler)).json()).toMatchObject({ status: 'refunded', candidates: [] });
  });

  it('cancelling while the chosen guide has not answered is the same full refund, and closes the choice', async () => {
    const { booked, guides, traveler } = await scene([{}]);
    const id = await upcomingWith(traveler, booked, 19);
    const deposit = (await view(id, traveler)).json().depositCents;
    await cancelAs(id, booked, 'Flu');
    // The traveler reads the guide's words while choosing; the guide asked does not.
    expect((await view(id, traveler)).json().replacement.reason).toBe('Flu');
    const asked = await choose(id, traveler, guides[0]!.guideId);
    expect(asked.json().respondBy).toBe(asked.json().replacement.answerBy);
    expect((await view(id, guides[0]!)).json().replacement.reason).toBeNull();
    expect((await call('GET', `/api/v2/bookings/${id}/cancellation-quote`, traveler)).json()).toMatchObject({ refundCents: deposit, tier: 'guide' });
    const res = await cancelAs(id, traveler, '');
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide', cancelReason: 'Flu', refund: { amountCents: deposit } });
    expect((await ledger(id)).balance).toMatchObject({ total: 0, traveler: 0, guide: 0, platform: 0 });
    expect((await replacements(id, traveler)).json().status).toBe('refunded');
  });

  it('nobody chosen 3 hours before the start: the full refund; an asked guide silent past the answer time returns to the choice', async () => {
    const { booked, guides, traveler } = await scene([{}, {}]);
    const id = await upcomingWith(traveler, booked, 2);
    const { startsAt, depositCents } = (await view(id, traveler)).json();
    await cancelAs(id, booked);
    await choose(id, traveler, guides[0]!.guideId);
    const { replacement } = (await view(id, traveler)).json();
    expect(new Date(replacement.answerBy).getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000 + 60_000);
    await t.app.jobs.tick(new Date(new Date(replacement.answerBy).getTime() + 1000));
    expect((await view(id, traveler)).json()).toMatchObject({ status: 'awaiting_replacement', guideId: booked.guideId });

    const lapse = new Date(new Date(startsAt).getTime() - 3 * 3_600_000);
    await t.app.jobs.tick(new Date(lapse.getTime() - 60_000));
    expect((await view(id, traveler)).json().status).toBe('awaiting_replacement');
    await t.app.jobs.tick(new Date(lapse.getTime() + 1000));
    expect((await view(id, traveler)).json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide' });
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.entries.find((e: { kind: string }) => e.kind === 'refund').amountCents).toBe(depositCents);
  });

  it('an admin cancelling on the guide’s behalf offers the same choice; nobody else may', async () => {
    const { booked, guides, traveler } = await scene([{}]);
    const id = await upcomingWith(traveler, booked, 18);
    const url = `/api/admin/bookings/${id}/cancel-for-guide`;
    for (const who of [traveler, booked, stranger]) expect((await call('POST', url, who, { reason: 'Guide unreachable' })).statusCode).toBe(404);
    expect((await call('POST', url, admin, { reason: ' ' })).statusCode).toBe(400);
    const res = await call('POST', url, admin, { reason: 'Guide unreachable' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([guides[0]!.guideId]);
    expect((await call('POST', `/api/admin/bookings/999999/cancel-for-guide`, admin, { reason: 'x' })).statusCode).toBe(404);
    // The guide, who did not cancel, is told, with the admin's reason (notices follow the commit).
    await vi.waitFor(async () => {
      const notices = (await call('GET', '/api/v2/system-messages?limit=50', booked)).json().data.messages as { title: string; message: string; actionUrl: string }[];
      expect(notices.find((m) => m.title === 'Support cancelled a booking for you')).toMatchObject({ message: expect.stringContaining('Reason: “Guide unreachable”.'), actionUrl: `/guide-dashboard?booking=${id}` });
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
    const elsewhere = await guidePerson(t, { city: `busy-city-${cityCounter}`, languages: ['zh'] });
    const id = await upcomingWith(traveler, booked, 15);
    const offered = await replacements(id, traveler);
    expect((await cancelAs(id, booked)).json().status).toBe('awaiting_replacement');
    expect(offered.json().candidates).toEqual([]); // not awaiting yet
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([guides[0]!.guideId]);

    // Awaiting a replacement holds none of the traveler's time: they book the same hours elsewhere.
    const other = await confirmedBooking(t, traveler, elsewhere.guideId, daysAhead(15), '10:00');
    const number = (await view(other, traveler)).json().bookingNumber;
    expect((await replacements(id, traveler)).json().candidates).toEqual([]);
    const refused = await choose(id, traveler, guides[0]!.guideId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'traveler_busy', fields: [{ path: 'booking', message: number }] });
    expect((await view(id, traveler)).json()).toMatchObject({ status: 'awaiting_replacement', guideId: booked.guideId });

    // That tour cancelled, the hours are the traveler's again and the guide is offered again.
    expect((await cancelAs(other, traveler, 'Changed plans')).statusCode).toBe(200);
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([guides[0]!.guideId]);
    expect((await choose(id, traveler, guides[0]!.guideId)).statusCode).toBe(200);
  });

  it('a free guide ranked below more busy guides than one read of the list holds is still offered', async () => {
    // 26 better-rated guides fit but have the day off; the one free guide ranks after all of them.
    const { booked, guides, traveler } = await scene([...Array.from({ length: 26 }, () => ({ rating: 5, reviewCount: 50 })), { rating: 1, reviewCount: 1 }]);
    const free = guides.at(-1)!;
    const date = daysAhead(20);
    for (const g of guides.slice(0, -1)) await addException(t.database.db, g.guideId, date, false);
    const id = await upcomingWith(traveler, booked, 20);
    expect((await cancelAs(id, booked)).json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await replacements(id, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([free.guideId]);
  });

  it('the 3-hour rule: within 3 hours of the start the guide’s cancellation refunds at once, a free guide notwithstanding', async () => {
    // A free guide who takes tours at 2 hours' notice: a replacement 3 hours ahead is within it (decision 153).
    const { booked, guides, traveler } = await scene([{ minNoticeHours: 2 }]);
    const [early, late] = [await upcomingWith(traveler, booked, 21), await upcomingWith(traveler, booked, 22)];
    const lapseOf = async (id: number) => new Date((await view(id, traveler)).json().startsAt).getTime() - 3 * 3_600_000;
    // Just before the 3 hours: the choice, with the free guide.
    const lapseOf0 = await lapseOf(early);
    t.app.bookings.now = () => new Date(lapseOf0 - 60_000);
    expect((await cancelAs(early, booked)).json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    expect((await replacements(early, traveler)).json().candidates.map((c: { guideId: number }) => c.guideId)).toEqual([guides[0]!.guideId]);
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
    const city = `replace-city-${++cityCounter}`;
    const [a, b, free] = [
      await guidePerson(t, { city, languages: ['zh'] }),
      await guidePerson(t, { city, languages: ['zh'] }),
      await guidePerson(t, { city, languages: ['zh'] }),
    ];
    const [x, y] = [await person(t), await person(t)];
    const ids = [await upcomingWith(x, a, 17, '10:00'), await upcomingWith(y, b, 17, '11:00')];
    await cancelAs(ids[0]!, a);
    await cancelAs(ids[1]!, b);
    for (const [id, who] of [[ids[0]!, x], [ids[1]!, y]] as const) {
      expect((await replacements(id, who)).json().candidates.map((c: { guideId: number }) => c.guideId)).toContain(free.guideId);
    }
    const replies = await Promise.all([choose(ids[0]!, x, free.guideId), choose(ids[1]!, y, free.guideId)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().code).toBe('replacement_unavailable');
    const rows = await t.database.db.execute(sql`select count(*)::int as n from bookings where guide_id = ${free.guideId} and status = 'confirmed'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    for (const id of ids) {
      expect((await ledger(id)).balance.total).toBe(0);
      expect(await charges(id)).toHaveLength(1);
    }
  });
});
