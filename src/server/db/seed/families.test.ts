import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { childAgesRefusal } from '../../../shared/booking/family-plans';
import { tripPrice } from '../../../shared/booking/trip-price';
import { MEETING_POINTS } from '../../../shared/meeting-points';
import { tourDays } from '../../../shared/booking/tour-days';
import { MAX_DAY_HOURS, MIN_DAY_HOURS } from '../../../shared/booking/tour-days';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookings, guides, ledgerEntries, payments, users } from '../schema/index';
import { INSTANT_CITIES, INSTANT_PER_CITY } from './instant-book';
import { TRIP } from './multi-day';

/**
 * The demo true to families (decision 180): guides in Tokyo, Kyoto and Osaka who confirm at once and
 * can really be booked in the weeks ahead; about a third of the guides selling a day, a private
 * group or a child's price, several of each kind in the three cities; and the demo family's three
 * days in Kyoto and Nara with one guide, upcoming, priced and paid as the checkout prices and pays.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  await t.app.guideSearch.sync();
}, 120_000);
afterAll(() => t.close());

const FAMILY_CITIES = ['kyoto', 'osaka', 'tokyo'] as const;

describe('demo guides who confirm at once', () => {
  it.each(INSTANT_CITIES)(
    '%s has several, each taking a family of four, with starts on many days of the next four weeks',
    async (city) => {
      const found = (
        await t.app.inject({ url: `/api/v2/guides?city=${city}&instantBook=true&travelers=4&limit=50` })
      ).json();
      expect(found.total).toBe(INSTANT_PER_CITY);
      expect(found.total).toBeGreaterThanOrEqual(2);
      const today = todayInZone('Asia/Tokyo');
      for (const g of found.data as { id: number; instantBook: boolean; minNoticeHours: number }[]) {
        expect(g).toMatchObject({ instantBook: true, minNoticeHours: 12 });
        const detail = (await t.app.inject({ url: `/api/v2/guides/${g.id}` })).json();
        let open = 0;
        for (let i = 1; i <= 28; i++) {
          const slots = (
            await t.app.inject({
              url: `/api/v2/guides/${g.id}/slots?date=${addDays(today, i)}&durationHours=${detail.minDuration}`,
            })
          ).json().slots as unknown[];
          if (slots.length > 0) open++;
        }
        expect(open, `guide ${g.id}`).toBeGreaterThanOrEqual(8);
      }
    },
  );
});

describe('a family in Kyoto', () => {
  it('finds a guide who confirms at once, sells them three days and names what they pay at cost on the day', async () => {
    const found = (
      await t.app.inject({
        url: '/api/v2/guides?city=kyoto&instantBook=true&travelers=4&adults=2&children=1&infants=1&days=3&limit=50',
      })
    ).json();
    const priced = (found.data as { id: number; groupQuote?: { totalCents: number } }[]).filter((g) => g.groupQuote);
    const withExtras = [];
    for (const g of priced) {
      const detail = (await t.app.inject({ url: `/api/v2/guides/${g.id}` })).json();
      if (
        (detail.extras as { kind: string; included: boolean; priceCents?: number }[]).some(
          (e) => !e.included && e.kind !== 'overtime_hour' && (e.priceCents ?? 0) > 0,
        )
      )
        withExtras.push(g.id);
    }
    expect(withExtras.length).toBeGreaterThanOrEqual(1);
  });
});

describe('demo family prices', () => {
  it('about a third of the guides sell a day, a private group or a child’s price, several in each of Kyoto, Osaka and Tokyo', async () => {
    const rows = await t.database.db
      .select({
        city: guides.serviceCity,
        currency: guides.currency,
        hourly: guides.basicPricePerHourCents,
        included: guides.includedPeople,
        maxPeople: guides.maxPeople,
        child: guides.childPricePercent,
        dayRate: guides.dayRateCents,
        dayHours: guides.dayHours,
      })
      .from(guides);
    const family = rows.filter((r) => r.dayRate !== null || r.included > 1 || r.child < 100);
    expect(family.length / rows.length).toBeGreaterThan(0.28);
    expect(family.length / rows.length).toBeLessThan(0.4);
    for (const city of FAMILY_CITIES) {
      const here = family.filter((r) => r.city === city);
      expect(here.length, city).toBeGreaterThanOrEqual(3);
      expect(
        here.some((r) => r.dayRate !== null),
        `${city}: a day`,
      ).toBe(true);
      expect(
        here.some((r) => r.included > 1),
        `${city}: a group`,
      ).toBe(true);
      expect(
        here.some((r) => r.child < 100),
        `${city}: a child's price`,
      ).toBe(true);
    }
    // A day: 6–10 hours, cheaper than its hours at the hourly price and more than half of them, in whole 10 yuan or 100
    // yen.
    for (const r of family.filter((x) => x.dayRate !== null)) {
      expect(r.dayHours).toBeGreaterThanOrEqual(MIN_DAY_HOURS);
      expect(r.dayHours).toBeLessThanOrEqual(MAX_DAY_HOURS);
      expect(r.dayRate!).toBeLessThan(r.hourly * r.dayHours);
      expect(r.dayRate!).toBeGreaterThan(r.hourly * r.dayHours * 0.5);
      expect(r.dayRate! % (r.currency === 'JPY' ? 100 : 1_000), `${r.currency} ${r.dayRate}`).toBe(0);
    }
    for (const r of family.filter((x) => x.included > 1)) expect(r.included).toBeLessThanOrEqual(r.maxPeople);
    // Yen guides' prices as a guide writes them (the hourly price in ¥100 steps).
    for (const r of family.filter((x) => x.currency === 'JPY')) expect(r.hourly % 100).toBe(0);
  });
});

describe('the demo family’s three days in Kyoto and Nara', () => {
  it('are upcoming with one Kyoto guide selling whole days, priced as the quote prices them, the deposit paid, the ledger balanced and the receipt issued', async () => {
    const me = await sessionFor(t, 'traveler');
    const { data } = (
      await t.app.inject({ url: `/api/v2/bookings-new/traveler/${me.id}`, headers: auth(me.token) })
    ).json();
    const trips = (data as { id: number; days: number }[]).filter((b) => b.days === TRIP.days);
    expect(trips).toHaveLength(1);
    const trip = (await t.app.inject({ url: `/api/v2/bookings/${trips[0]!.id}`, headers: auth(me.token) })).json();
    expect(trip).toMatchObject({
      status: 'upcoming',
      days: 3,
      adults: 2,
      children: 1,
      infants: 0,
      travelers: 3,
      guide: { serviceCity: 'kyoto' },
      scheduledStartTime: TRIP.startTime,
    });
    expect(trip.schedule).toHaveLength(3);
    // Every day at 9:00 Japan time, three days in a row, three weeks or more ahead.
    for (const day of trip.schedule as { startsAt: string }[])
      expect(new Date(day.startsAt).toISOString().slice(11, 16)).toBe('00:00');
    expect(trip.date >= addDays(todayInZone('Asia/Tokyo'), TRIP.firstDay)).toBe(true);

    const [g] = await t.database.db.select().from(guides).where(eq(guides.id, trip.guideId));
    expect(g!.dayRateCents).not.toBeNull();
    expect(g!.childPricePercent).toBeLessThan(100);
    // The guide's own rates through the function the quote and the cards price with, and the quote itself.
    const expected = tripPrice(
      {
        basicPerHourCents: g!.basicPricePerHourCents,
        additionalPerPersonCents: g!.additionalPricePerPersonCents,
        includedPeople: g!.includedPeople,
        childPriceRate: g!.childPricePercent / 100,
        infantsFree: g!.infantsFree,
        dayRateCents: g!.dayRateCents,
        dayHours: g!.dayHours,
      },
      TRIP.group,
      { days: 3, dayHours: g!.dayHours },
    ).price;
    const quote = (await t.app.inject({ url: `/api/v2/guides/${g!.id}/quote?days=3&adults=2&children=1` })).json();
    expect(trip).toMatchObject({
      currency: g!.currency,
      totalPriceCents: expected.totalCents,
      depositCents: expected.depositCents,
    });
    expect(quote).toMatchObject({
      guideTotal: expected.totalCents,
      guideDeposit: expected.depositCents,
      dayHours: g!.dayHours,
    });
    // The child's line at the guide's share, and the lines add up to the price.
    expect(trip.lines.map((l: { kind: string }) => l.kind)).toEqual(['base', 'extra_adults', 'children']);
    expect(trip.lines.reduce((sum: number, l: { amountCents: number }) => sum + l.amountCents, 0)).toBe(
      trip.totalPriceCents,
    );

    const db = t.database.db;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, trip.id));
    expect(tourDays(row!).map((d) => d.date)).toEqual([row!.date, addDays(row!.date, 1), addDays(row!.date, 2)]);
    const paid = await db.select().from(payments).where(eq(payments.bookingId, trip.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: 'deposit', status: 'succeeded', method: 'card' });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, trip.id));
    for (const currency of new Set(entries.map((e) => e.currency)))
      expect(entries.filter((e) => e.currency === currency).reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    expect(
      entries
        .filter((e) => e.account === 'platform' && e.currency === g!.currency)
        .reduce((s, e) => s + e.amountCents, 0),
    ).toBe(expected.depositCents);
    const receipts = (
      await t.app.inject({ url: `/api/v2/bookings/${trip.id}/receipts`, headers: auth(me.token) })
    ).json().receipts;
    expect(receipts).toMatchObject([{ kind: 'receipt', paymentKind: 'deposit' }]);
    const [guideUser] = await db.select({ username: users.username }).from(users).where(eq(users.id, g!.userId));
    expect(guideUser!.username).not.toBe('guide');
  });

  it('have a place and a time to meet each day, from the meeting-point list, read in the traveler’s language, and the child’s age', async () => {
    const me = await sessionFor(t, 'traveler');
    const { data } = (
      await t.app.inject({ url: `/api/v2/bookings-new/traveler/${me.id}`, headers: auth(me.token) })
    ).json();
    const id = (data as { id: number; days: number }[]).find((b) => b.days === TRIP.days)!.id;
    const zh = (
      await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: { ...auth(me.token), 'accept-language': 'zh-CN' } })
    ).json();
    const at = (pointId: string) => MEETING_POINTS.find((p) => p.id === pointId)!;
    const expected = [
      [at('kyoto/kyoto-station'), '09:00'],
      [at('nara/jr-nara-station'), '08:30'],
      [at('kyoto/fushimi-inari'), '09:00'],
    ] as const;
    expect(zh.dayPlans).toHaveLength(3);
    expected.forEach(([point, time], i) => {
      const day = zh.dayPlans[i];
      expect(day).toMatchObject({
        day: i + 1,
        date: addDays(zh.date, i),
        startTime: time,
        meetingLat: point.lat,
        meetingLng: point.lng,
        meetingPostalCode: point.postalCode,
        place: { kind: 'listed', name: point.nameCn, addressJa: point.addressJa },
      });
      expect(day.plan).toBeTruthy();
    });
    // The booked start stays 9:00 every day: a time to meet is a note (decision 178).
    expect(zh.scheduledStartTime).toBe('09:00');
    expect(zh).toMatchObject({ childAges: [8], children: 1, infants: 0 });
    expect(childAgesRefusal(zh.childAges, zh)).toBeNull();
    // The guide reads the same days, each place in English for an English reader.
    const [g] = await t.database.db.select({ userId: guides.userId }).from(guides).where(eq(guides.id, zh.guideId));
    const [guideUser] = await t.database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, g!.userId));
    const guideSession = await sessionFor(t, guideUser!.username);
    const en = (
      await t.app.inject({
        url: `/api/v2/bookings/${id}`,
        headers: { ...auth(guideSession.token), 'accept-language': 'en' },
      })
    ).json();
    expect(en.dayPlans.map((d: { place: { name: string } }) => d.place.name)).toEqual(expected.map(([p]) => p.nameEn));
  });
});
