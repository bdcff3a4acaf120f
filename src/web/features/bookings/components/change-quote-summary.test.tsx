import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeQuote, ChangeTrip } from '../../../../shared/schemas/booking-changes';
import { i18next, i18nReady } from '../../../lib/i18n';
import { sampleBooking } from '../test-booking';
import { ChangeQuoteSummary } from './change-quote-summary';

/**
 * What a change gives back, as the refund will return it (decision 193): a yen family paid in yuan reads the yuan
 * the server's refund returns, exactly, with the yen beside, never the refund converted again (863.41 promised,
 * 863.42 refunded).
 */
const trip = (over: Partial<ChangeTrip>): ChangeTrip => ({
  adults: 3,
  children: 1,
  infants: 1,
  days: 3,
  dayHours: 8,
  totalCents: 168_000,
  depositCents: 33_600,
  inPersonCents: 134_400,
  endsAt: '2026-12-05T08:00:00Z',
  ...over,
});
const quote = (refunds?: ChangeQuote['money']['refunds']): ChangeQuote => ({
  from: trip({}),
  to: trip({ days: 2, totalCents: 112_000, depositCents: 22_400, inPersonCents: 89_600 }),
  money: {
    currency: 'JPY',
    payNowCents: 0,
    payNowChargeCents: 0,
    chargeCurrency: 'CNY',
    refundCents: 5_600,
    ...(refunds && { refunds }),
    keptCents: 5_600,
    tier: 'days_3_to_7',
  },
  needsGuide: false,
});
const booking = sampleBooking({
  currency: 'JPY',
  chargeCurrency: 'CNY',
  totalPriceCents: 168_000,
  depositCents: 33_600,
  chargeDepositCents: 163_902,
  rate: { jpyPerCny: '20.5', asOf: '2026-11-29', source: 'admin' },
});
const back = () => screen.getByText('退还给您').nextElementSibling?.textContent;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['changes', 'bookings']);
  await act(() => i18next.changeLanguage('zh-CN'));
});
afterEach(cleanup);
// Web test files share a worker's modules (vitest.config.ts), i18next among them: the next file starts in English.
afterAll(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('what a change charges', () => {
  it('reads the yuan a card is charged, exactly, never "about" it', () => {
    const more = quote();
    more.to = trip({ adults: 4, totalCents: 200_000, depositCents: 40_000, inPersonCents: 160_000 });
    more.money = { ...more.money, payNowCents: 6_400, payNowChargeCents: 31_220, refundCents: 0, keptCents: 0 };
    render(<ChangeQuoteSummary booking={booking} quote={more} />);
    expect(screen.getByText('现在需支付').nextElementSibling?.textContent).toBe('312.20 元 · 6,400 日元');
  });
});

describe('what a change gives back', () => {
  it('reads the yuan its refund returns, exactly, with the yen beside', () => {
    // ¥5,600 is 273.17 元 converted, but the payments return 273.18 元 as their shares of what they charged.
    render(<ChangeQuoteSummary booking={booking} quote={quote([{ currency: 'CNY', cents: 27_318 }])} />);
    expect(back()).toBe('273.18 元 · 5,600 日元');
  });

  it('reads the refund converted, as about, when the quote names no parts (a change recorded before)', () => {
    render(<ChangeQuoteSummary booking={booking} quote={quote()} />);
    expect(back()).toBe('约 273.17 元 · 5,600 日元');
  });
});
