import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor } from '../../../shared/currency';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  approveWallet,
  book,
  CARD_OK,
  callAs,
  daysAhead,
  guidePerson,
  pay,
  person,
  YEN_RATES,
  yenGuide as makeYenGuide,
  type Person,
} from './test-helpers';

/**
 * Yen for the guide, yuan for the traveler (decision 164): a guide who prices in yen is listed, quoted,
 * booked and paid in yen; a traveler pays the deposit in the currency they saw (a card) or in yuan
 * (a wallet), converted once at the booking's rate; the ledger balances in each currency, and a
 * refund returns exactly the share of what was charged.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let yenGuide: Awaited<ReturnType<typeof makeYenGuide>>;

const setRate = (jpyPerCny: string) => callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny });
const ledger = async (id: number) => (await callAs(t, 'GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
/** Each currency's sum of a booking's entries. */
const sums = (entries: { currency: string; amountCents: number }[]) =>
  entries.reduce<Record<string, number>>((s, e) => ({ ...s, [e.currency]: (s[e.currency] ?? 0) + e.amountCents }), {});

beforeAll(async () => {
  t = await createTestApp();
  traveler = await person(t);
  admin = await person(t, { admin: true });
  yenGuide = await makeYenGuide(t, { maxPeople: 6 });
  expect((await setRate('20')).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a guide who prices in yen', () => {
  it('keeps ¥4,000 an hour as 4,000 yen, and refuses a yen price under ¥1,000 or a yuan one under 50 元', async () => {
    const rates = (await callAs(t, 'GET', '/api/v2/guides/me/rates', yenGuide)).json();
    expect(rates).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      additionalPricePerPersonCents: 1_000,
    });
    const profile = (await t.app.inject({ url: `/api/v2/guides/${yenGuide.guideId}` })).json();
    expect(profile.guide ?? profile).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      hourlyRate: 4_000,
    });
    for (const [body, path] of [
      [{ ...YEN_RATES, basicPricePerHourCents: 999 }, 'basicPricePerHourCents'],
      [{ ...YEN_RATES, currency: 'CNY', basicPricePerHourCents: 4_999 }, 'basicPricePerHourCents'],
      [{ ...YEN_RATES, additionalPricePerPersonCents: 20_000_001 }, 'additionalPricePerPersonCents'],
    ] as const) {
      const res = await callAs(t, 'PUT', '/api/v2/guides/me/rates', yenGuide, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: `body.${path}` }] });
    }
    expect((await callAs(t, 'GET', '/api/v2/guides/me/rates', yenGuide)).json()).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
    });
  });

  it('is quoted in yen and in the reader’s yuan at today’s rate, the lines adding up in both', async () => {
    const q = (
      await t.app.inject({
        url: `/api/v2/guides/${yenGuide.guideId}/quote?adults=2&children=1&durationHours=3&chargeCurrency=CNY`,
      })
    ).json();
    // 3 h × (¥4,000 + ¥1,000 × 2 more) = ¥18,000; at 20 yen a yuan, 900 元.
    expect(q).toMatchObject({ guideCurrency: 'JPY', guideTotal: 18_000, guideDeposit: 3_600, guideInPerson: 14_400 });
    expect(q).toMatchObject({
      chargeCurrency: 'CNY',
      chargeTotal: 90_000,
      chargeDeposit: 18_000,
      chargeInPerson: 72_000,
      rate: { jpyPerCny: '20', source: 'admin' },
    });
    expect(q).toMatchObject({ currency: 'CNY', totalCents: 90_000, depositCents: 18_000, inPersonCents: 72_000 });
    expect(q.lines.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0)).toBe(90_000);
    expect(q.lines.reduce((s: number, l: { guideAmount: number }) => s + l.guideAmount, 0)).toBe(18_000);
    const inYen = (
      await t.app.inject({
        url: `/api/v2/guides/${yenGuide.guideId}/quote?adults=1&durationHours=2&chargeCurrency=JPY`,
      })
    ).json();
    expect(inYen).toMatchObject({ guideTotal: 8_000, chargeCurrency: 'JPY', chargeTotal: 8_000, totalCents: 8_000 });
  });

  it('is paid by Alipay in yuan at the booking’s rate, which later rates never move; the ledger balances in each currency', async () => {
    const made = await book(t, traveler, {
      guideId: yenGuide.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      chargeCurrency: 'CNY',
    });
    expect(made.statusCode, made.body).toBe(201);
    const b = made.json();
    expect(b).toMatchObject({
      currency: 'JPY',
      totalPriceCents: 8_000,
      depositCents: 1_600,
      balanceCents: 6_400,
      totalPrice: 8_000,
    });
    expect(b).toMatchObject({
      chargeCurrency: 'CNY',
      chargeDepositCents: 8_000,
      rate: { jpyPerCny: '20', source: 'admin' },
    });
    expect((await setRate('25')).statusCode).toBe(200);
    const paid = await pay(t, traveler, b.id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({ method: 'alipay', amountCents: 8_000, currency: 'CNY' });
    // The demo approval page is told the amount and its currency, as charged.
    expect(Object.fromEntries(new URLSearchParams(paid.json().payment.approvalUrl.split('?')[1]))).toMatchObject({
      amount: '8000',
      currency: 'CNY',
    });
    await approveWallet(t, paid.json().payment.approvalUrl);
    const after = (await callAs(t, 'GET', `/api/v2/bookings/${b.id}`, traveler)).json();
    expect(after).toMatchObject({
      status: 'confirmed',
      totalPriceCents: 8_000,
      chargeDepositCents: 8_000,
      rate: { jpyPerCny: '20' },
    });
    const l = await ledger(b.id);
    expect(
      l.entries.map((e: { account: string; amountCents: number; currency: string }) => [
        e.account,
        e.amountCents,
        e.currency,
      ]),
    ).toEqual([
      ['traveler', -8_000, 'CNY'],
      ['exchange', 8_000, 'CNY'],
      ['exchange', -1_600, 'JPY'],
      ['platform', 1_600, 'JPY'],
    ]);
    expect(sums(l.entries)).toEqual({ CNY: 0, JPY: 0 });
    // In the booking's own currency the exchange stands for the traveler: ¥1,600 paid, held by the platform.
    expect(l.balance).toEqual({ traveler: -1_600, guide: 0, platform: 1_600, total: 0 });
    await setRate('20');
  });

  it('refunds exactly the yuan charged in full, and the tier’s share of it to the fen at an odd rate', async () => {
    await setRate('20.53');
    // Booked more than 7 days ahead: everything back.
    const far = (
      await book(t, traveler, {
        guideId: yenGuide.guideId,
        date: daysAhead(40),
        startTime: '10:00',
        durationHours: 2,
        adults: 1,
        chargeCurrency: 'CNY',
      })
    ).json();
    // ¥1,600 deposit at 20.53: 7,793.47 fen, 7,793.
    expect(far).toMatchObject({ depositCents: 1_600, chargeDepositCents: 7_793 });
    const p1 = (
      await pay(t, traveler, far.id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' })
    ).json().payment;
    await approveWallet(t, p1.approvalUrl);
    const quote = (await callAs(t, 'GET', `/api/v2/bookings/${far.id}/cancellation-quote`, traveler)).json();
    expect(quote).toMatchObject({
      currency: 'JPY',
      depositPaidCents: 1_600,
      refundCents: 1_600,
      paidCurrency: 'CNY',
      refundPaidCents: 7_793,
    });
    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${far.id}/status`, traveler, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toMatchObject({ amountCents: 7_793, currency: 'CNY' });
    await t.app.jobs.tick(t.app.bookings.now());
    const payment = (await callAs(t, 'GET', `/api/v2/bookings/${far.id}`, traveler)).json().payments[0];
    expect(payment).toMatchObject({ status: 'refunded', amountCents: 7_793, refundedCents: 7_793, currency: 'CNY' });
    expect(sums((await ledger(far.id)).entries)).toEqual({ CNY: 0, JPY: 0 });

    // Five days ahead: half back. ¥800 of ¥1,600 is half of 7,793 fen, 3,896.5: 3,897, rounded half up once.
    const near = (
      await book(t, traveler, {
        guideId: yenGuide.guideId,
        date: daysAhead(5),
        startTime: '10:00',
        durationHours: 2,
        adults: 1,
        chargeCurrency: 'CNY',
      })
    ).json();
    const p2 = (
      await pay(t, traveler, near.id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' })
    ).json().payment;
    await approveWallet(t, p2.approvalUrl);
    const half = await callAs(t, 'PATCH', `/api/bookings/${near.id}/status`, traveler, { status: 'cancelled' });
    expect(half.json().refund).toMatchObject({ amountCents: 3_897, currency: 'CNY' });
    const entries = (await ledger(near.id)).entries as {
      account: string;
      kind: string;
      amountCents: number;
      currency: string;
    }[];
    expect(entries.filter((e) => e.account === 'traveler')).toEqual([
      expect.objectContaining({ kind: 'deposit', amountCents: -7_793, currency: 'CNY' }),
      expect.objectContaining({ kind: 'refund', amountCents: 3_897, currency: 'CNY' }),
    ]);
    expect(entries.filter((e) => e.account === 'guide')).toEqual([
      expect.objectContaining({ kind: 'cancellation_fee', amountCents: 720, currency: 'JPY' }),
    ]);
    expect(sums(entries)).toEqual({ CNY: 0, JPY: 0 });
    await setRate('20');
  });

  it('charges a card in yen when the traveler saw yen, and a wallet in yuan converted from the same deposit', async () => {
    const seenInYen = (
      await book(t, traveler, {
        guideId: yenGuide.guideId,
        date: daysAhead(50),
        startTime: '10:00',
        durationHours: 2,
        adults: 1,
        chargeCurrency: 'JPY',
      })
    ).json();
    expect(seenInYen).toMatchObject({ chargeCurrency: 'JPY', chargeDepositCents: 1_600 });
    const spentBefore = (await callAs(t, 'GET', '/api/v2/wallet', traveler)).json().spentCents as number;
    const card = await pay(t, traveler, seenInYen.id, CARD_OK);
    expect(card.json().payment).toMatchObject({ status: 'succeeded', amountCents: 1_600, currency: 'JPY' });
    // Her credit level counts the ¥1,600 as the yuan it was worth at the booking's rate, never as fen (decision 170).
    const rate = (await callAs(t, 'GET', `/api/v2/bookings/${seenInYen.id}`, traveler)).json().rate.jpyPerCny as string;
    expect((await callAs(t, 'GET', '/api/v2/wallet', traveler)).json().spentCents - spentBefore).toBe(
      convertMinor(1_600, 'JPY', 'CNY', rate),
    );
    expect((await ledger(seenInYen.id)).entries).toHaveLength(2);

    const byWallet = (
      await book(t, traveler, {
        guideId: yenGuide.guideId,
        date: daysAhead(52),
        startTime: '10:00',
        durationHours: 2,
        adults: 1,
        chargeCurrency: 'JPY',
      })
    ).json();
    const wallet = (
      await pay(t, traveler, byWallet.id, { kind: 'deposit', method: 'wechat', wechatId: 'liwei_wx' })
    ).json().payment;
    expect(wallet).toMatchObject({ amountCents: 8_000, currency: 'CNY' });
  });

  it('answers a booking in yuan as before: one currency, no exchange', async () => {
    const yuanGuide = await guidePerson(t, { priceRmb: 300 });
    const b = (
      await book(t, traveler, {
        guideId: yuanGuide.guideId,
        date: daysAhead(33),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json();
    expect(b).toMatchObject({
      currency: 'CNY',
      chargeCurrency: 'CNY',
      totalPriceCents: 60_000,
      chargeDepositCents: 12_000,
      rate: { jpyPerCny: '20' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${b.id}/payments`,
      headers: { ...auth(traveler.token), 'idempotency-key': 'yuan-card' },
      payload: CARD_OK,
    });
    expect(res.json().payment).toMatchObject({ amountCents: 12_000, currency: 'CNY' });
    expect((await ledger(b.id)).entries.map((e: { currency: string }) => e.currency)).toEqual(['CNY', 'CNY']);
  });
});
