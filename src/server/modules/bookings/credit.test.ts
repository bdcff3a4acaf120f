import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemMessages, travelCredits } from '../../db/schema/index';
import { dayText } from '../notifications/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  confirmedBooking,
  daysAhead,
  guidePerson,
  type Method,
  pay,
  person,
  type Person,
  type Who,
} from './test-helpers';

/**
 * The credit for the next booking (decision 139): given with the refund when the guide ends a paid
 * booking, taken off the next checkout's total (the deposit charged on what the traveler pays), given
 * back if that booking is cancelled, and paid to the guide by the platform at completion, the ledger
 * summing to zero.
 */
let t: TestApp;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300 });
});
afterAll(() => t.close());

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const view = async (id: number, who: Who) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
const creditsOf = (travelerId: number) =>
  t.database.db.select().from(travelCredits).where(eq(travelCredits.travelerId, travelerId));

/** A booking the guide accepted and then cancelled (nobody free to replace them: the refund at once). */
async function cancelledByGuide(traveler: Person, days: number) {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days));
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, guide)).statusCode).toBe(200);
  const res = await call('PATCH', `/api/bookings/${id}/status`, guide, {
    status: 'cancelled',
    reason: 'Family emergency',
  });
  expect(res.json().status).toBe('cancelled');
  return id;
}

/**
 * A traveler given a credit (`days` ahead) who books the guide again the day after, paid and accepted,
 * the clock set just after the start with the start confirmed by both: the tour under way. The caller
 * puts the clock back.
 */
async function creditTourStarted(days: number) {
  const traveler = await person(t);
  await cancelledByGuide(traveler, days);
  const id = (
    await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(days + 1),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    })
  ).json().id as number;
  await pay(t, traveler, id);
  await call('POST', `/api/v2/bookings/${id}/accept`, guide);
  const b = await view(id, traveler);
  const start = new Date(b.startsAt).getTime();
  t.app.bookings.now = () => new Date(start + 60_000);
  await t.app.jobs.tick(new Date(start + 60_000));
  for (const [who, userType] of [
    [traveler, 'traveler'],
    [guide, 'guide'],
  ] as const)
    await call('PATCH', `/api/bookings/${id}/confirm-start`, who, { userType });
  return { traveler, id, b };
}

describe('the credit for the next booking (decision 139)', () => {
  it('comes with the refund of a booking the guide cancelled, once, shown on that booking to its traveler only', async () => {
    const traveler = await person(t);
    const id = await cancelledByGuide(traveler, 30);
    const [credit, ...more] = await creditsOf(traveler.id);
    expect(more).toHaveLength(0);
    expect(credit).toMatchObject({
      amountCents: 5000,
      reason: 'guide_cancelled',
      sourceBookingId: id,
      spentBookingId: null,
    });
    expect((await view(id, traveler)).creditIssued).toMatchObject({ amountCents: 5000, spent: false });
    const mine = await call('GET', '/api/me/travel-credits', traveler);
    expect(mine.json()).toMatchObject({
      available: { amountCents: 5000, reason: 'guide_cancelled', sourceBookingId: id, spentBookingId: null },
      credits: [{ sourceBookingId: id }],
    });
    expect((await call('GET', '/api/me/travel-credits', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/me/travel-credits', guide)).json()).toEqual({ available: null, credits: [] });
    expect((await view(id, guide)).creditIssued).toBeNull();
    // The traveler's notice of the refund names the credit with until when, in every language.
    await vi.waitFor(async () => {
      const [told] = (
        await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, traveler.id))
      ).filter((n) => n.dedupeKey === `booking:${id}:cancelled`);
      const until = credit!.expiresAt.toISOString().slice(0, 10);
      expect(told?.texts?.en?.message).toContain(
        `A credit of 50 RMB for your next booking is yours until ${dayText('en', until)}.`,
      );
      expect(told?.texts?.['zh-CN']?.message).toContain(
        `已为您的下一次预订发放 50 元抵用金，有效期至${dayText('zh-CN', until)}。`,
      );
      expect(told?.texts?.ja?.message).toContain('50 元の旅行クレジット');
    });
    // A traveler's own cancellation gives none.
    const other = await person(t);
    const own = await confirmedBooking(t, other, guide.guideId, daysAhead(31));
    await call('PATCH', `/api/bookings/${own}/status`, other, { status: 'cancelled' });
    expect(await creditsOf(other.id)).toHaveLength(0);
  });

  it('comes off the next checkout: the deposit is charged on what the traveler pays; cancelled, the credit comes back', async () => {
    const traveler = await person(t);
    await cancelledByGuide(traveler, 32);
    const plain = (
      await book(t, await person(t), {
        guideId: guide.guideId,
        date: daysAhead(33),
        startTime: '13:00',
        durationHours: 2,
        travelers: 2,
      })
    ).json();
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(33),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    });
    expect(res.statusCode).toBe(201);
    const next = res.json();
    expect(next).toMatchObject({
      creditCents: 5000,
      totalPriceCents: plain.totalPriceCents - 5000,
      depositCents: Math.round((plain.totalPriceCents - 5000) * 0.2),
    });
    const paid = await pay(t, traveler, next.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().payment.amountCents).toBe(next.depositCents);
    expect((await creditsOf(traveler.id))[0]!.spentBookingId).toBe(next.id);

    // A second booking meanwhile finds no credit left.
    const second = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(34),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      })
    ).json();
    expect(second.creditCents).toBe(0);

    // The traveler cancels the credited booking: the credit is theirs again for the next.
    await call('PATCH', `/api/bookings/${next.id}/status`, traveler, { status: 'cancelled' });
    expect((await creditsOf(traveler.id))[0]!.spentBookingId).toBeNull();
    const third = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(35),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      })
    ).json();
    expect(third.creditCents).toBe(5000);
  });

  it('is paid to the guide by the platform at completion: the guide gets their full price, the booking sums to zero', async () => {
    const { id, b } = await creditTourStarted(36);
    try {
      expect((await call('PATCH', `/api/bookings/${id}/status`, guide, { status: 'completed' })).json().status).toBe(
        'completed',
      );
    } finally {
      t.app.bookings.now = () => new Date();
    }
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    const amount = (kind: string) => l.entries.find((e: { kind: string }) => e.kind === kind)?.amountCents as number;
    expect(amount('travel_credit')).toBe(-5000);
    const guidePrice = b.totalPriceCents + 5000;
    expect(amount('commission')).toBe(Math.round(guidePrice * 0.1));
    // In person (the traveler's total − deposit) plus the earnings released: the guide's price less the commission.
    expect(b.totalPriceCents - b.depositCents + amount('guide_earnings')).toBe(guidePrice - amount('commission'));
  });

  it('a tour disputed while under way and resolved as completed still pays the guide the credit', async () => {
    const { traveler, id, b } = await creditTourStarted(38);
    expect(b.creditCents).toBe(5000);
    try {
      const opened = await call('POST', '/api/v2/disputes', traveler, {
        bookingId: id,
        reason: 'The tour was cut short by an hour without a word',
      });
      expect(opened.statusCode).toBe(201);
      const resolved = await call('POST', `/api/admin/disputes/${opened.json().id}/resolve`, admin, {
        resolution: 'completed',
        refundCents: 0,
        note: 'Tour given in full',
      });
      expect(resolved.statusCode).toBe(200);
    } finally {
      t.app.bookings.now = () => new Date();
    }
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.entries.find((e: { kind: string }) => e.kind === 'travel_credit')?.amountCents).toBe(-5000);
    const commission = l.entries.find((e: { kind: string }) => e.kind === 'commission')!.amountCents as number;
    // As at completion: in person plus the settlement is the guide's full price less the commission.
    expect(b.totalPriceCents - b.depositCents + l.balance.guide).toBe(b.totalPriceCents + 5000 - commission);
  });

  it('a guide reported absent gives one too; an expired credit is not spent', async () => {
    const traveler = await person(t);
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(38));
    await call('POST', `/api/v2/bookings/${id}/accept`, guide);
    const start = new Date((await view(id, traveler)).startsAt).getTime();
    await t.app.jobs.tick(new Date(start - 3_600_000));
    t.app.bookings.now = () => new Date(start + 30 * 60_000);
    try {
      expect((await call('POST', `/api/v2/bookings/${id}/report-no-show`, traveler, {})).statusCode).toBe(200);
    } finally {
      t.app.bookings.now = () => new Date();
    }
    const [credit] = await creditsOf(traveler.id);
    expect(credit).toMatchObject({ reason: 'guide_no_show', amountCents: 5000 });
    await t.database.db
      .update(travelCredits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(travelCredits.id, credit!.id));
    const next = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(39),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      })
    ).json();
    expect(next.creditCents).toBe(0);
  });
});
