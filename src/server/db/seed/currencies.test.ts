import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookings, guides, ledgerEntries, payments, users } from '../schema/index';
import { JAPANESE_GUIDE } from './japanese-guide';
import { SEED_RATE } from './deposits';

/**
 * The demo in two currencies (decisions 164 and 167): its Japanese-speaking guides and the demo guide
 * price in yen, the Chinese-speaking ones in yuan; the demo traveler has paid a yen guide in yuan at
 * the seed's rate, through the exchange; the demo guide earns, holds, is paid and reads her statements
 * in yen. (That each booking's ledger balances in each currency is guide-earnings.test.ts's.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo currencies', () => {
  it('the Japanese-speaking guides and the demo guide price in yen, in ¥100 steps, hourly prices above the floor; the Chinese-speaking ones in yuan', async () => {
    const rows = await t.database.db
      .select({
        username: users.username,
        fullName: users.fullName,
        language: guides.originalLanguage,
        currency: guides.currency,
        hourly: guides.basicPricePerHourCents,
        perPerson: guides.additionalPricePerPersonCents,
      })
      .from(guides)
      .innerJoin(users, eq(users.id, guides.userId));
    const yen = rows.filter((r) => r.currency === 'JPY');
    expect(yen.map((r) => r.username).sort()).toEqual(
      rows
        .filter((r) => r.language === 'ja' || r.username === 'guide')
        .map((r) => r.username)
        .sort(),
    );
    expect(yen.map((r) => r.username)).toEqual(expect.arrayContaining(['guide', JAPANESE_GUIDE.username]));
    expect(rows.find((r) => r.username === JAPANESE_GUIDE.username)).toMatchObject({
      fullName: 'Shinji Okada',
      currency: 'JPY',
    });
    for (const r of yen) expect(r.hourly % 100 === 0 && r.hourly >= 1_000, `${r.username} ¥${r.hourly}`).toBe(true);
    // A further person's price has no floor (the rates' bounds): about what it was in yuan, in ¥100 steps.
    for (const r of yen) expect(r.perPerson % 100, `${r.username} ¥${r.perPerson}`).toBe(0);
    expect(yen.some((r) => r.perPerson > 0 && r.perPerson < 1_000)).toBe(true);
    expect(rows.filter((r) => r.language === 'zh' && r.username !== 'guide').map((r) => r.currency)).not.toContain(
      'JPY',
    );
    expect(rows.some((r) => r.currency === 'CNY')).toBe(true);
  });

  it('the demo traveler has a paid booking with a yen guide, charged in yuan at the seed’s rate through the exchange', async () => {
    const db = t.database.db;
    const me = await sessionFor(t, 'traveler');
    const [demo] = await db
      .select({ id: guides.id })
      .from(guides)
      .innerJoin(users, eq(users.id, guides.userId))
      .where(eq(users.username, 'guide'));
    const paid = await db
      .select({ booking: bookings, payment: payments })
      .from(bookings)
      .innerJoin(
        payments,
        and(eq(payments.bookingId, bookings.id), eq(payments.kind, 'deposit'), eq(payments.status, 'succeeded')),
      )
      .where(
        and(
          eq(bookings.travelerId, me.id),
          eq(bookings.guideId, demo!.id),
          eq(bookings.currency, 'JPY'),
          inArray(bookings.status, ['upcoming', 'ongoing', 'awaiting_start']),
        ),
      );
    expect(paid.length).toBeGreaterThan(0);
    for (const { booking, payment } of paid) {
      expect(booking).toMatchObject({ chargeCurrency: 'CNY', fxAsOf: SEED_RATE.asOf, fxSource: SEED_RATE.source });
      expect(Number(booking.jpyPerCny)).toBe(Number(SEED_RATE.jpyPerCny));
      // Wallets and the seed's cards pay the deposit fixed in yuan; it stands for the yen deposit.
      expect(payment).toMatchObject({
        currency: 'CNY',
        amountCents: booking.chargeDepositCents,
        ownAmountCents: booking.depositCents,
      });
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
      expect(entries.filter((e) => e.account === 'traveler').every((e) => e.currency === 'CNY')).toBe(true);
      expect(
        entries
          .filter((e) => e.account === 'exchange')
          .map((e) => e.currency)
          .sort(),
      ).toEqual(['CNY', 'JPY']);
      expect(entries.filter((e) => e.account === 'platform').every((e) => e.currency === 'JPY')).toBe(true);
    }
    // The trip page reads it in the yuan she paid (decision 168), at the booking's own rate.
    const view = (
      await t.app.inject({ url: `/api/v2/bookings/${paid[0]!.booking.id}`, headers: auth(me.token) })
    ).json();
    expect(view).toMatchObject({ currency: 'JPY', chargeCurrency: 'CNY' });
  });

  it('the demo guide’s wallet, payouts and statements are in yen alone', async () => {
    const guide = await sessionFor(t, 'guide');
    const wallet = (await t.app.inject({ url: '/api/v2/wallet', headers: auth(guide.token) })).json();
    expect(wallet).toMatchObject({ currency: 'JPY', otherBalances: [] });
    expect(wallet.earnings.withdrawableCents).toBeGreaterThan(0);
    const withdrawals = (await t.app.inject({ url: '/api/v2/wallet/withdrawals', headers: auth(guide.token) })).json()
      .withdrawals;
    expect(
      withdrawals.map((w: { currency: string; amountCents: number }) => `${w.currency} ${w.amountCents}`).sort(),
    ).toEqual(['JPY 1600', 'JPY 4000']);
    const { statements } = (
      await t.app.inject({ url: '/api/v2/wallet/statements', headers: auth(guide.token) })
    ).json();
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s: { currency: string }) => s.currency === 'JPY')).toBe(true);
    // The running month closes at the wallet's balance.
    expect(statements[0].closingBalanceCents).toBe(wallet.assetBalanceCents);
  });
});
