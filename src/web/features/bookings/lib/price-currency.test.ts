import { describe, expect, it } from 'vitest';
import type { QuoteReply } from '../../../../shared/schemas/quote';
import { sampleBooking } from '../test-booking';
import { bookingAmountText, bookingPriceLines, chargeNow, figureText, inDisplayCurrency, quotedPrice } from './price';

/**
 * Prices in the reader's currency with the guide's own beside (decision 168): the server's figures, converted only for
 * display.
 */
const RATE = { jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' as const };

/** ¥18,000 for a family, ¥3,600 online: 900 元 and 180 元 at 20 yen a yuan (two-currencies.test). */
const quote: QuoteReply = {
  guideId: 3,
  currency: 'CNY',
  guideCurrency: 'JPY',
  guideTotal: 18_000,
  guideDeposit: 3_600,
  guideInPerson: 14_400,
  chargeCurrency: 'CNY',
  chargeTotal: 90_000,
  chargeDeposit: 18_000,
  chargeInPerson: 72_000,
  rate: RATE,
  adults: 2,
  children: 1,
  infants: 0,
  hours: 3,
  days: null,
  dayHours: null,
  guideDayTotal: null,
  chargeDayTotal: null,
  totalCents: 90_000,
  depositCents: 18_000,
  inPersonCents: 72_000,
  lines: [
    { kind: 'base', label: 'Guide · 3 h', amountCents: 60_000, guideAmount: 12_000 },
    { kind: 'extra_adults', label: '1 more adult', amountCents: 15_000, guideAmount: 3_000 },
    { kind: 'children', label: '1 child', amountCents: 15_000, guideAmount: 3_000 },
  ],
};

describe('a quote in the reader’s currency', () => {
  it('shows the charge figures with the guide’s beside them', () => {
    const p = quotedPrice(quote);
    expect(p).toMatchObject({
      currency: 'CNY',
      totalCents: 90_000,
      depositCents: 18_000,
      balanceCents: 72_000,
      own: { currency: 'JPY', totalCents: 18_000, lines: [12_000, 3_000, 3_000] },
    });
    expect(figureText(p, 'total', 'zh-CN')).toBe('约 900 元 · 18,000 日元');
  });

  it('charges a card what was shown, a wallet yuan: the same deposit converted once at the quote’s rate', () => {
    const inYen = quotedPrice({
      ...quote,
      chargeCurrency: 'JPY',
      currency: 'JPY',
      chargeTotal: 18_000,
      chargeDeposit: 3_600,
      chargeInPerson: 14_400,
      totalCents: 18_000,
      depositCents: 3_600,
      inPersonCents: 14_400,
    });
    expect(inYen.own).toBeUndefined();
    expect(chargeNow(inYen, 'card')).toEqual({ amountCents: 3_600, currency: 'JPY' });
    expect(chargeNow(inYen, 'alipay')).toEqual({ amountCents: 18_000, currency: 'CNY' });
    expect(chargeNow(quotedPrice(quote), 'wechat')).toEqual({ amountCents: 18_000, currency: 'CNY' });
  });
});

describe('the preview before the quote answers', () => {
  it('converts each figure once, the first line taking the rounding so the lines add up', () => {
    const own = {
      unitPriceCents: 4_001,
      additionalPerPersonCents: 1_001,
      totalCents: 12_003,
      depositCents: 2_401,
      balanceCents: 9_602,
      hours: 3,
      travelers: 1,
      currency: 'JPY' as const,
      lines: [
        { label: 'a', amountCents: 8_001 },
        { label: 'b', amountCents: 4_002 },
      ],
    };
    const p = inDisplayCurrency(own, 'CNY', RATE);
    // ¥12,003 = 600.15 元; ¥4,002 = 200.10 元; the first line 400.05.
    expect(p).toMatchObject({
      currency: 'CNY',
      totalCents: 60_015,
      depositCents: 12_005,
      balanceCents: 48_010,
      own: { currency: 'JPY', totalCents: 12_003 },
    });
    expect(p.lines!.map((l) => l.amountCents)).toEqual([40_005, 20_010]);
    expect(inDisplayCurrency(own, 'JPY', RATE)).toBe(own);
    expect(inDisplayCurrency(own, 'CNY', undefined)).toBe(own);
  });
});

describe('a booking', () => {
  const yenBooking = sampleBooking({
    currency: 'JPY',
    chargeCurrency: 'CNY',
    totalPriceCents: 8_000,
    unitPriceCents: 4_000,
    additionalPerPersonCents: 0,
    depositCents: 1_600,
    balanceCents: 6_400,
    // Fixed when it was made, at 20.53: 7,793 fen.
    chargeDepositCents: 7_793,
    rate: { jpyPerCny: '20.53', asOf: '2026-11-20', source: 'ecb' },
    lines: [{ kind: 'base', people: 1, label: 'Guide · 2 h', amountCents: 8_000 }],
    creditCents: 0,
  });

  it('reads in what its traveler saw, at its own rate, the deposit as stored', () => {
    const p = bookingPriceLines(yenBooking);
    expect(p).toMatchObject({
      currency: 'CNY',
      depositCents: 7_793,
      totalCents: 38_967,
      balanceCents: 31_174,
      own: { currency: 'JPY', totalCents: 8_000, depositCents: 1_600 },
      rate: { jpyPerCny: '20.53' },
    });
    expect(bookingAmountText(yenBooking, 8_000, 'en')).toBe('≈ 389.67 RMB · ¥8,000 (JPY)');
    expect(chargeNow(p, 'alipay')).toEqual({ amountCents: 7_793, currency: 'CNY' });
    expect(chargeNow(p, 'card')).toEqual({ amountCents: 7_793, currency: 'CNY' });
  });

  it('in one currency reads as it always has', () => {
    const p = bookingPriceLines(sampleBooking());
    expect(p.own).toBeUndefined();
    expect(figureText(p, 'deposit', 'zh-CN')).toBe('132 元');
  });
});
