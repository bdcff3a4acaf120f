import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BesideText } from '../../../components/ui/beside-text';
import { i18next, i18nReady } from '../../../lib/i18n';
import { chargeNow, quotedPrice } from '../lib/price';
import { OrderReview, type OrderReviewFacts } from './order-review';

/**
 * The final confirmation in two currencies (decision 168): what Pay charges now in what the method
 * charges, what is paid in person in the guide's yen, and the rate with its day.
 */
const RATE = { jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' as const };
// A guide in yen, seen in yen: ¥12,000 for 2 h, ¥2,400 online.
const price = quotedPrice({
  guideId: 3,
  currency: 'JPY',
  guideCurrency: 'JPY',
  guideTotal: 12_000,
  guideDeposit: 2_400,
  guideInPerson: 9_600,
  chargeCurrency: 'JPY',
  chargeTotal: 12_000,
  chargeDeposit: 2_400,
  chargeInPerson: 9_600,
  rate: RATE,
  adults: 2,
  children: 0,
  infants: 0,
  hours: 2,
  days: null,
  dayHours: null,
  guideDayTotal: null,
  chargeDayTotal: null,
  totalCents: 12_000,
  depositCents: 2_400,
  inPersonCents: 9_600,
  lines: [{ kind: 'base', label: 'Guide · 2 h', amountCents: 12_000, guideAmount: 12_000 }],
});

const facts = (method: 'card' | 'alipay'): OrderReviewFacts => ({
  service: 'Tour with the guide',
  guideName: 'Yamamoto Hanako',
  date: '2026-12-07',
  startTime: '10:00',
  timeZone: 'Asia/Tokyo',
  hours: 2,
  travelers: 2,
  totalCents: price.totalCents,
  nowCents: price.depositCents,
  inPersonCents: price.balanceCents,
  method,
  depositCents: price.depositCents,
  validity: { kind: 'newHold' },
  lines: price.lines,
  currency: price.currency,
  own: price.own,
  rate: price.rate,
  charge: chargeNow(price, method),
});

const show = (f: OrderReviewFacts) =>
  render(
    <MemoryRouter>
      <Suspense fallback="loading">
        <OrderReview facts={f} />
      </Suspense>
    </MemoryRouter>,
  );

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings', 'guides']);
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('the order review in two currencies', () => {
  it('a card pays the yen shown; the rest is yen in person; nothing was converted, so no rate', async () => {
    show(facts('card'));
    expect((await screen.findByTestId('review-now')).textContent).toBe('¥2,400 (JPY)');
    expect(screen.getByTestId('review-in-person').textContent).toBe('¥9,600 (JPY)');
    expect(screen.queryByTestId('review-rate')).toBeNull();
  });

  it('Alipay charges yuan: the yuan now, why, and the rate with its day, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show(facts('alipay'));
    // ¥2,400 at 20 yen a yuan.
    expect((await screen.findByTestId('review-now')).textContent).toBe('120 元');
    expect(screen.getByText('支付宝和微信支付以人民币扣款，因此实际扣款 120 元，而不是 2,400 日元。')).toBeTruthy();
    expect(screen.getByTestId('review-in-person').textContent).toBe('9,600 日元');
    expect(screen.getByTestId('review-rate').textContent).toBe('按2026年11月27日汇率换算：1 元 = 20 日元。');
    // The tiers return their share of what was charged: half of 120 元 three to seven days before.
    expect(screen.getByTestId('order-review-tiers').textContent).toContain('60 元');
  });
});

describe('BesideText', () => {
  it('keeps each amount whole and lets the line break only between them', () => {
    const { container } = render(<BesideText text="≈ 585.37 RMB · ¥12,000 (JPY)" />);
    expect(container.textContent).toBe('≈ 585.37 RMB · ¥12,000 (JPY)');
    expect([...container.querySelectorAll('span.whitespace-nowrap')].map((s) => s.textContent)).toEqual([
      '≈ 585.37 RMB',
      '¥12,000 (JPY)',
    ]);
    expect(container.querySelector('wbr')).not.toBeNull();
    cleanup();
    expect(render(<BesideText text="300 元" />).container.innerHTML).toBe('300 元');
  });
});
