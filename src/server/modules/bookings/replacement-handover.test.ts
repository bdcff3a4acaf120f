import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingReplacements } from '../../db/schema/index';
import { replacementSteps, type ReplacementSteps } from '../../test/booking-steps';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type guidePerson, person } from './test-helpers';

/**
 * The traveler's choice of a replacement guide (decision 137) played out, through the API: the
 * hand-over with the deposit kept (one charge), a decline returning to the choice, the refund instead,
 * the lapse, the platform's cover at completion, and every booking's ledger summing to zero. Who is
 * offered is replacement.test.ts.
 */
let t: TestApp;
let { call, ledger, view, cancelAs, replacements, choose, charges, scene, upcomingWith } = {} as ReplacementSteps;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const admin = await person(t, { admin: true });
  ({ call, ledger, view, cancelAs, replacements, choose, charges, scene, upcomingWith } = replacementSteps(t, admin));
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('a guide cancels a paid booking (decision 137)', () => {
  it('hands the booking to the chosen guide with its deposit; a decline returns to the choice without that guide; the next one accepts; completion pays the cover', async () => {
    const { booked, guides, traveler } = await scene([{ priceRmb: 330, rating: 5 }, { rating: 4 }]);
    const [dearer, other] = guides as [
      Awaited<ReturnType<typeof guidePerson>>,
      Awaited<ReturnType<typeof guidePerson>>,
    ];
    const id = await upcomingWith(traveler, booked, 13);
    const booking = (await view(id, traveler)).json();
    expect((await cancelAs(id, booked)).json().status).toBe('awaiting_replacement');

    const chosen = await choose(id, traveler, dearer.guideId);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      status: 'confirmed',
      guideId: dearer.guideId,
      totalPriceCents: booking.totalPriceCents,
      depositCents: booking.depositCents,
      replacement: { status: 'requested' },
    });
    // The booking is the new guide's request now: the one who cancelled no longer sees it.
    expect((await view(id, dearer)).statusCode).toBe(200);
    expect((await view(id, booked)).statusCode).toBe(404);
    // Choosing again while one is asked: closed.
    expect((await choose(id, traveler, other.guideId)).json().code).toBe('replacement_closed');

    const declined = await call('POST', `/api/v2/bookings/${id}/decline`, dearer, {
      reason: 'Already booked that day',
    });
    expect(declined.statusCode).toBe(200);
    expect((await view(id, traveler)).json()).toMatchObject({
      status: 'awaiting_replacement',
      guideId: booked.guideId,
      totalPriceCents: booking.totalPriceCents,
    });
    const again = (await replacements(id, traveler)).json();
    expect(again.candidates.map((c: { guideId: number }) => c.guideId)).toEqual([other.guideId]);

    expect((await choose(id, traveler, other.guideId)).statusCode).toBe(200);
    const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, other);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'upcoming',
      guideId: other.guideId,
      replacement: null,
      cancelledBy: null,
    });
    const [row] = await t.database.db.select().from(bookingReplacements).where(eq(bookingReplacements.bookingId, id));
    expect(row).toMatchObject({
      status: 'handed_over',
      toGuideId: other.guideId,
      triedGuideIds: [dearer.guideId],
      fromGuideId: booked.guideId,
    });

    // One charge for the whole story.
    expect(await charges(id)).toHaveLength(1);
    // The cancelling guide's record counts the cancellation once.
    const profile = (await call('GET', `/api/v2/guides/${booked.guideId}`, null)).json();
    expect(profile.trackRecord.guideCancellations12Months).toBe(1);
    // The guide who declined a replacement request cancelled nothing.
    expect(
      (await call('GET', `/api/v2/guides/${dearer.guideId}`, null)).json().trackRecord.guideCancellations12Months,
    ).toBe(0);
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
    // What the asked guide reads she will receive (decision 175): her own price, cover included, less the commission on
    // it.
    const ownNet =
      booking.totalPriceCents + pick.coveredCents - Math.round((booking.totalPriceCents + pick.coveredCents) * 0.1);
    expect((await view(id, dearer)).json().guideNetCents).toBe(ownNet);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, dearer)).json().guideNetCents).toBe(ownNet);
    // Through the tour to its completion, on its day.
    const startsAt = new Date(booking.startsAt).getTime();
    t.app.bookings.now = () => new Date(startsAt + 60_000);
    await t.app.jobs.tick(new Date(startsAt + 60_000));
    for (const [who, userType] of [
      [traveler, 'traveler'],
      [dearer, 'guide'],
    ] as const) {
      expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, who, { userType })).statusCode).toBe(200);
    }
    expect((await call('PATCH', `/api/bookings/${id}/status`, dearer, { status: 'completed' })).json().status).toBe(
      'completed',
    );
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    const cover = l.entries.find((e: { kind: string }) => e.kind === 'replacement_cover');
    expect(cover).toMatchObject({ account: 'platform', amountCents: -pick.coveredCents });
    // The guide is paid their own price (booked + cover) less the commission on it: in person (booked total −
    // deposit) plus the earnings the platform releases.
    const amount = (kind: string) => l.entries.find((e: { kind: string }) => e.kind === kind).amountCents as number;
    const ownPrice = booking.totalPriceCents + pick.coveredCents;
    expect(amount('commission')).toBe(Math.round(ownPrice * 0.1));
    expect(booking.totalPriceCents - booking.depositCents + amount('guide_earnings')).toBe(
      ownPrice - amount('commission'),
    );
    expect((await view(id, dearer)).json().guideNetCents).toBe(ownNet);
  });

  it('the traveler may take the full refund instead; the cancellation stays the guide’s', async () => {
    const { booked, traveler } = await scene([{}]);
    const id = await upcomingWith(traveler, booked, 15);
    const deposit = (await view(id, traveler)).json().depositCents;
    await cancelAs(id, booked);
    const res = await cancelAs(id, traveler, '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'I am ill',
      refund: { amountCents: deposit },
    });
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
    expect((await call('GET', `/api/v2/bookings/${id}/cancellation-quote`, traveler)).json()).toMatchObject({
      refundCents: deposit,
      tier: 'guide',
    });
    const res = await cancelAs(id, traveler, '');
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'Flu',
      refund: { amountCents: deposit },
    });
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
    expect((await view(id, traveler)).json()).toMatchObject({
      status: 'awaiting_replacement',
      guideId: booked.guideId,
    });

    const lapse = new Date(new Date(startsAt).getTime() - 3 * 3_600_000);
    await t.app.jobs.tick(new Date(lapse.getTime() - 60_000));
    expect((await view(id, traveler)).json().status).toBe('awaiting_replacement');
    await t.app.jobs.tick(new Date(lapse.getTime() + 1000));
    expect((await view(id, traveler)).json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide' });
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.entries.find((e: { kind: string }) => e.kind === 'refund').amountCents).toBe(depositCents);
  });
});
