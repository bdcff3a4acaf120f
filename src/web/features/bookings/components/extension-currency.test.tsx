import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { TourActions } from './tour-actions';

/**
 * An extension of a yen guide's booking (decision 164, 168): its price, rate and fee read in yen, not
 * as yuan fen; Pay says what the chosen method charges (a card the currency the traveler saw, a
 * wallet yuan at the booking's rate). A yuan booking reads as docs/rules/booking-lifecycle.md words it.
 */
const RATE = { jpyPerCny: '20', asOf: '2026-11-20', source: 'admin' as const };
// ¥4,000 an hour for 2 hours; the half hour asked for is ¥2,000, 100 元 at 20 yen a yuan.
const yen = (over: Partial<Booking> = {}) =>
  sampleBooking({
    lines: [{ kind: 'base', people: 1, amountCents: 8_000, label: 'Guide · 2 hours' }],
    totalPrice: 8_000,
    totalPriceCents: 8_000,
    unitPriceCents: 4_000,
    additionalPerPersonCents: 0,
    depositCents: 1_600,
    balanceCents: 6_400,
    currency: 'JPY',
    chargeCurrency: 'JPY',
    chargeDepositCents: 1_600,
    rate: RATE,
    extensionRateCents: 4_000,
    ...over,
  });
const requested = {
  status: 'extend_requested',
  extensionPrice: 2_000,
  actions: ['withdraw_extension', 'service_complete'],
} satisfies Partial<Booking>;
const extension = {
  id: 5,
  hours: 0.5,
  price: 2_000,
  priceCents: 2_000,
  status: 'requested',
  payBy: '2026-11-22T02:30:00Z',
} satisfies Booking['extension'];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
const paid = {
  id: 78,
  bookingId: 12,
  kind: 'extension',
  method: 'card',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 2_000,
  refundedCents: 0,
  currency: 'JPY',
  last4: '4242',
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '',
  approvalUrl: null,
  clientSecret: null,
  failureCode: null,
  demo: true,
};

const show = (b: Booking) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <TourActions booking={b} side="traveler" isTourDay />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'payments']);
});
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.endsWith('/payments')) return json({ payment: paid, booking: yen({ ...requested, extension }) }, 201);
    return json(yen({ ...requested, extension: { ...extension, status: 'paid', payBy: null } }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('an extension of a booking in yen', () => {
  it.each([
    ['en', 'Pay Extension (¥2,000 (JPY))', '30 minutes more requested (¥2,000 (JPY)).'],
    ['zh-CN', '支付延长费用（2,000 日元）', '已申请延长 30 分钟（2,000 日元）。'],
    ['ja', '延長料金を支払う（2,000円）', '30分の延長をリクエスト済みです（2,000円）。'],
  ])('names the price asked in yen on the card (%s)', async (locale, button, info) => {
    await act(() => i18next.changeLanguage(locale));
    show(yen({ ...requested, extension }));
    expect(await screen.findByRole('button', { name: button })).toBeTruthy();
    expect(screen.getByText((text) => text.startsWith(info))).toBeTruthy();
    // Yen alone: no yuan anywhere (日元 is yen).
    expect(document.body.textContent).not.toMatch(/RMB|(?<!日)元/);
  });

  it('a yuan booking still reads Pay Extension (165 RMB), and 支付延长费用（165 元） in Chinese', async () => {
    const yuan = sampleBooking({
      status: 'extend_requested',
      extensionPrice: 165,
      extension: { ...extension, price: 165, priceCents: 16_500 },
      actions: ['withdraw_extension', 'service_complete'],
    });
    show(yuan);
    expect(await screen.findByRole('button', { name: 'Pay Extension (165 RMB)' })).toBeTruthy();
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    show(yuan);
    expect(await screen.findByRole('button', { name: '支付延长费用（165 元）' })).toBeTruthy();
  });

  it('asks for more time at the rate in yen (en, zh-CN)', async () => {
    show(yen());
    fireEvent.click(await screen.findByRole('button', { name: 'Request Extension' }));
    await screen.findByRole('dialog', { name: 'Request Tour Extension' });
    expect(screen.getByText('¥4,000 (JPY)/hour')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '30 minutes' }));
    expect(screen.getByText('¥2,000 (JPY)')).toBeTruthy();
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    show(yen());
    fireEvent.click(await screen.findByRole('button', { name: '申请延长' }));
    expect(await screen.findByText('4,000 日元/小时')).toBeTruthy();
  });

  it('a card pays the yen; Alipay pays yuan at the booking’s rate and says why; the payment is marked in yen', async () => {
    show(yen({ ...requested, extension }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Extension (¥2,000 (JPY))' }));
    await screen.findByRole('dialog', { name: 'Tour Extension Payment' });
    expect(await screen.findByRole('button', { name: 'Pay ¥2,000 (JPY)' })).toBeTruthy();
    expect(screen.getByTestId('review-now').textContent).toBe('¥2,000 (JPY)');
    expect(screen.queryByTestId('review-rate')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Alipay' }));
    expect(await screen.findByRole('button', { name: 'Pay 100 RMB' })).toBeTruthy();
    expect(screen.getByTestId('review-now').textContent).toBe('100 RMB');
    expect(
      screen.getByText('Alipay and WeChat Pay charge in RMB, so they charge 100 RMB rather than ¥2,000 (JPY).'),
    ).toBeTruthy();
    expect(screen.getByTestId('review-rate').textContent).toBe(
      'Converted at the rate of Nov 20, 2026: 1 RMB = 20 JPY.',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText(/Expiry/), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥2,000 (JPY)' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/extension-payment'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/extension-payment')) as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body)).transactionData).toMatchObject({ amount: 2_000, currency: 'JPY' });
  });

  it('seen in yuan: a card pays the yuan the traveler saw, the yen beside the fee', async () => {
    show(yen({ ...requested, extension, chargeCurrency: 'CNY', chargeDepositCents: 8_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Extension (¥2,000 (JPY))' }));
    expect(await screen.findByRole('button', { name: 'Pay 100 RMB' })).toBeTruthy();
    expect(screen.getByTestId('review-now').textContent).toBe('100 RMB');
    expect(
      screen.getByText((_, el) => el?.tagName === 'DD' && el.textContent === '≈ 100 RMB · ¥2,000 (JPY)'),
    ).toBeTruthy();
    // A card charges what was shown: nothing to explain about wallets.
    expect(screen.queryByText(/Alipay and WeChat Pay charge in RMB/)).toBeNull();
  });

  it('resumes a waiting Alipay payment in the yuan it charges', async () => {
    show(
      yen({
        ...requested,
        extension: {
          ...extension,
          openPayment: { id: 80, method: 'alipay', amountCents: 10_000, approvalUrl: '/payment-demo?ref=x' },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Extension (¥2,000 (JPY))' }));
    expect(await screen.findByText(/You started paying 100 RMB with Alipay/)).toBeTruthy();
  });
});
