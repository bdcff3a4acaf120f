import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, guides, systemMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, CARD_OK, daysAhead, guidePerson, pay, person, type Person, until } from './test-helpers';

/**
 * Changing a booked trip (decision 177): a family adds a person (the deposit's difference charged) and
 * drops a day (its share of the deposit back under the tiers, measured from the dropped day); a guide
 * without instant booking answers first, and a no gives the difference back in full. The booking, the
 * payments and the ledger agree with the quote the family was shown.
 */
let t: TestApp;
let traveler: Person;
let stranger: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());

/** 300 yuan an hour for up to 6, days of 8 hours, no notice; instant booking as asked. */
async function dayGuide(instantBook: boolean) {
  const g = await guidePerson(t, { priceRmb: 300, maxPeople: 6 });
  await t.database.db
    .update(guides)
    .set({
      minDurationHours: 2,
      maxDurationHours: 8,
      dayRateCents: null,
      dayHours: 8,
      instantBook,
      minNoticeHours: 0,
      childPricePercent: 50,
    })
    .where(eq(guides.id, g.guideId));
  return g;
}

const get = (url: string, who: Person | null = traveler) => callAs(t, 'GET', url, who);
const post = (url: string, body: unknown, who: Person | null = traveler) => callAs(t, 'POST', url, who, body);
const ledger = async (id: number) => (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
const titles = async (userId: number, id: number) =>
  (
    await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, userId), eq(systemMessages.relatedEntityId, id)))
  ).map((m) => m.title);
const held = (entries: { account: string; kind: string; amountCents: number }[]) =>
  entries
    .filter((e) => e.account === 'platform' && (e.kind === 'deposit' || e.kind === 'deposit_release'))
    .reduce((s, e) => s + e.amountCents, 0);

async function paidTrip(guideId: number, date: string, group = { adults: 2, children: 1, infants: 1 }) {
  const plans = [1, 2, 3].map((day) => ({ day, meetingAddress: `Station ${day}`, plan: `Day ${day}` }));
  const made = await book(t, traveler, {
    guideId,
    date,
    days: 3,
    dayStartTime: '09:00',
    dayHours: 8,
    ...group,
    dayPlans: plans,
  });
  expect(made.statusCode, made.body).toBe(201);
  const paid = await pay(t, traveler, made.json().id);
  expect(paid.statusCode, paid.body).toBe(201);
  return made.json() as { id: number; totalPriceCents: number; depositCents: number };
}

describe('a family changes its trip with a guide who confirms at once', () => {
  it('adds an adult: the quote is the new question’s price, the difference is paid and the trip changes', async () => {
    const g = await dayGuide(true);
    const trip = await paidTrip(g.guideId, daysAhead(20));
    const asked = (
      await get(`/api/v2/guides/${g.guideId}/quote?days=3&dayHours=8&adults=3&children=1&infants=1`)
    ).json();
    const quote = await get(`/api/v2/bookings/${trip.id}/changes/quote?adults=3&children=1&infants=1&days=3`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      from: { adults: 2, days: 3, totalCents: trip.totalPriceCents, depositCents: trip.depositCents },
      to: {
        adults: 3,
        days: 3,
        totalCents: asked.totalCents,
        depositCents: asked.depositCents,
        inPersonCents: asked.totalCents - asked.depositCents,
      },
      money: { payNowCents: asked.depositCents - trip.depositCents, refundCents: 0, tier: null },
      needsGuide: false,
    });
    const change = await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 3, children: 1, infants: 1, days: 3 });
    expect(change.statusCode, change.body).toBe(201);
    expect(change.json()).toMatchObject({
      status: 'awaiting_payment',
      money: { payNowCents: asked.depositCents - trip.depositCents },
    });
    // Nobody else sees or asks it.
    expect((await get(`/api/v2/bookings/${trip.id}/changes`, stranger)).statusCode).toBe(404);
    expect(
      (await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 4, children: 0, infants: 0, days: 3 }, g))
        .statusCode,
    ).toBe(404);
    // One open change at a time.
    expect(
      (await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 2, children: 1, infants: 1, days: 2 })).json().code,
    ).toBe('change_open');

    const paid = await pay(t, traveler, trip.id, { ...CARD_OK, kind: 'change' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({ amountCents: asked.depositCents - trip.depositCents });
    const booking = (await get(`/api/v2/bookings/${trip.id}`)).json();
    expect(booking).toMatchObject({
      travelers: 5,
      adults: 3,
      days: 3,
      totalPriceCents: asked.totalCents,
      depositCents: asked.depositCents,
    });
    expect((await get(`/api/v2/bookings/${trip.id}/changes`)).json().changes[0]).toMatchObject({ status: 'applied' });
    const l = await ledger(trip.id);
    expect(l.balance.total).toBe(0);
    expect(held(l.entries)).toBe(asked.depositCents);
  });

  it('drops the last day: its share of the deposit comes back by the tier of that day, and a later cancellation returns the rest', async () => {
    const g = await dayGuide(true);
    // Day 3 is 6 days away: the 3–7 day tier gives back half of the released share.
    const trip = await paidTrip(g.guideId, daysAhead(4));
    const asked = (
      await get(`/api/v2/guides/${g.guideId}/quote?days=2&dayHours=8&adults=2&children=1&infants=1`)
    ).json();
    const release = trip.depositCents - asked.depositCents;
    const change = await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 2, children: 1, infants: 1, days: 2 });
    expect(change.statusCode, change.body).toBe(201);
    expect(change.json()).toMatchObject({
      status: 'applied',
      to: { days: 2, totalCents: asked.totalCents },
      money: {
        tier: 'days_3_to_7',
        refundCents: Math.round(release * 0.5),
        keptCents: release - Math.round(release * 0.5),
      },
    });
    const booking = (await get(`/api/v2/bookings/${trip.id}`)).json();
    expect(booking).toMatchObject({ days: 2, totalPriceCents: asked.totalCents, depositCents: asked.depositCents });
    // The dropped day's plan went with it.
    expect(booking.dayPlans.map((p: { plan: string | null }) => p.plan)).toEqual(['Day 1', 'Day 2']);
    const [stored] = await t.database.db
      .select({ plans: bookings.dayPlans })
      .from(bookings)
      .where(eq(bookings.id, trip.id));
    expect(stored!.plans!.map((p) => p.day)).toEqual([1, 2]);
    let l = await ledger(trip.id);
    expect(l.balance.total).toBe(0);
    expect(held(l.entries)).toBe(asked.depositCents);
    expect(l.entries.find((e: { kind: string }) => e.kind === 'cancellation_fee')?.amountCents).toBeGreaterThan(0);

    // A nothing-changed change is refused in words.
    expect(
      (await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 2, children: 1, infants: 1, days: 2 })).json().code,
    ).toBe('change_unchanged');
    // The traveler then cancels (4 days ahead: half back): the deposit held is what is split.
    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${trip.id}/status`, traveler, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    l = await ledger(trip.id);
    expect(l.balance.total).toBe(0);
    expect(held(l.entries)).toBe(0);
    const refunds = l.entries
      .filter((e: { account: string; kind: string }) => e.account === 'traveler' && e.kind === 'refund')
      .reduce((s: number, e: { amountCents: number }) => s + e.amountCents, 0);
    expect(refunds).toBe(Math.round(release * 0.5) + Math.round(asked.depositCents * 0.5));
  });

  it('adds a day only when the guide is free then, naming the date otherwise', async () => {
    const g = await dayGuide(true);
    const trip = await paidTrip(g.guideId, daysAhead(40), { adults: 2, children: 0, infants: 0 });
    const other = await person(t);
    const blocker = await book(t, other, {
      guideId: g.guideId,
      date: daysAhead(43),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
    });
    expect(blocker.statusCode, blocker.body).toBe(201);
    const refused = await get(`/api/v2/bookings/${trip.id}/changes/quote?adults=2&days=4`);
    expect(refused.statusCode).toBe(409);
    expect(['slot_unavailable', 'buffer_conflict']).toContain(refused.json().code);
    const fine = await get(`/api/v2/bookings/${trip.id}/changes/quote?adults=2&days=3`);
    expect(fine.json().code).toBe('change_unchanged');
  });
});

describe('a guide who answers changes', () => {
  it('is asked after the difference is paid; a no gives it back in full and keeps the trip', async () => {
    const g = await dayGuide(false);
    const trip = await paidTrip(g.guideId, daysAhead(60));
    expect((await post(`/api/v2/bookings/${trip.id}/accept`, {}, g)).statusCode).toBe(200);
    const change = (
      await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 3, children: 1, infants: 1, days: 3 })
    ).json();
    expect(change).toMatchObject({ status: 'awaiting_payment', needsGuide: true });
    expect((await pay(t, traveler, trip.id, { ...CARD_OK, kind: 'change' })).statusCode).toBe(201);
    const open = (await get(`/api/v2/bookings/${trip.id}/changes`, g)).json().changes[0];
    expect(open).toMatchObject({ status: 'requested' });
    // The guide is asked (in her notices), and the traveler hears the no.
    expect(
      await until(
        () => titles(g.id, trip.id),
        (x) => x.includes('The traveler asks to change the trip'),
      ),
    ).toContain('The traveler asks to change the trip');
    // Only the guide answers; the traveler's own answer is a 404.
    expect((await post(`/api/v2/bookings/${trip.id}/changes/${open.id}/accept`, {})).statusCode).toBe(404);
    expect((await post(`/api/v2/bookings/${trip.id}/changes/${open.id}/decline`, { reason: '' }, g)).statusCode).toBe(
      400,
    );
    const declined = await post(
      `/api/v2/bookings/${trip.id}/changes/${open.id}/decline`,
      { reason: 'My car seats five' },
      g,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'My car seats five' });
    expect(
      await until(
        () => titles(traveler.id, trip.id),
        (x) => x.includes('Change declined'),
      ),
    ).toContain('Change declined');
    const booking = (await get(`/api/v2/bookings/${trip.id}`)).json();
    expect(booking).toMatchObject({
      adults: 2,
      totalPriceCents: trip.totalPriceCents,
      depositCents: trip.depositCents,
    });
    const l = await ledger(trip.id);
    expect(l.balance.total).toBe(0);
    expect(held(l.entries)).toBe(trip.depositCents);
  });

  it('applies the change the guide accepts', async () => {
    const g = await dayGuide(false);
    const trip = await paidTrip(g.guideId, daysAhead(70));
    const change = (
      await post(`/api/v2/bookings/${trip.id}/changes`, { adults: 3, children: 1, infants: 1, days: 3 })
    ).json();
    await pay(t, traveler, trip.id, { ...CARD_OK, kind: 'change' });
    const accepted = await post(`/api/v2/bookings/${trip.id}/changes/${change.id}/accept`, {}, g);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'applied' });
    expect(
      await until(
        () => titles(traveler.id, trip.id),
        (x) => x.includes('Trip changed'),
      ),
    ).toContain('Trip changed');
    const [notice] = await t.database.db
      .select()
      .from(systemMessages)
      .where(
        and(
          eq(systemMessages.userId, g.id),
          eq(systemMessages.relatedEntityId, trip.id),
          eq(systemMessages.title, 'Trip changed'),
        ),
      );
    expect(notice?.message).toContain('is now 5 people, 3 days.');
    expect((await get(`/api/v2/bookings/${trip.id}`)).json()).toMatchObject({
      adults: 3,
      totalPriceCents: change.to.totalCents,
      depositCents: change.to.depositCents,
    });
  });
});
