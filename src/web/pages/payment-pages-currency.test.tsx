import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking, BookingPayment } from '../../shared/schemas/bookings';
import type { PaymentProofReply } from '../../shared/schemas/payment-proofs';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as PaymentDemo } from './payment-demo';
import { Component as PaymentProof } from './payment-proof';
import { Component as PaymentSuccess } from './payment-success';

/**
 * The payment pages of a yen guide's booking (decision 164): an extension paid reads in what it was
 * charged in, the amount paid in person in yen, the wallet's approval page in the payment's yuan. A
 * yuan booking's pages read as before.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const RATE = { jpyPerCny: '20', asOf: '2026-11-20', source: 'admin' as const };
const payment = (over: Partial<BookingPayment>): BookingPayment => ({
  id: 6,
  kind: 'extension',
  method: 'alipay',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 10_000,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-11-22T02:10:00Z',
  ...over,
});
// A yen guide's booking; its half-hour extension of ¥2,000 paid by Alipay as 100 元 at 20 yen a yuan.
const yen = (over: Partial<Booking> = {}) =>
  sampleBooking({
    id: 31,
    bookingNumber: 'TG0031',
    status: 'ongoing',
    totalPriceCents: 8_000,
    depositCents: 1_600,
    balanceCents: 6_400,
    currency: 'JPY',
    chargeCurrency: 'JPY',
    chargeDepositCents: 1_600,
    rate: RATE,
    extension: { id: 5, hours: 0.5, price: 2_000, priceCents: 2_000, status: 'paid', payBy: null },
    payments: [payment({})],
    ...over,
  });

let reply: (url: string) => unknown;
beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings', 'payments', 'tour', 'proofs', 'trips', 'receipts']);
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler', isGuide: false } as unknown as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/config/public'))
        return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
      const body = reply(url);
      return body === undefined ? json({ code: 'not_found', message: 'x' }, 404) : json(body);
    }),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const open = (path: string, pattern: string, page: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/payment-success of an extension', () => {
  it('says what was paid in the yuan charged, and that the guide approves the half hour next', async () => {
    reply = (url) => (url.endsWith('/api/v2/bookings/31') ? yen() : undefined);
    open('/payment-success?booking=31&payment=6', '/payment-success', <PaymentSuccess />);
    expect(
      await screen.findByText(
        'You paid 100 RMB to extend your tour with Haruka Tanaka by 30 minutes (booking TG0031).',
      ),
    ).toBeTruthy();
    // It is the open extension's payment, though charged in another currency than the fee's.
    expect(screen.getByText(/^Haruka Tanaka now approves the extension/)).toBeTruthy();
  });

  it('a card paying the yen shown reads in yen (ja)', async () => {
    await act(() => i18next.changeLanguage('ja'));
    reply = (url) =>
      url.endsWith('/api/v2/bookings/31')
        ? yen({ payments: [payment({ method: 'card', last4: '4242', amountCents: 2_000, currency: 'JPY' })] })
        : undefined;
    open('/payment-success?booking=31&payment=6', '/payment-success', <PaymentSuccess />);
    expect(
      await screen.findByText(
        'Haruka Tanaka さんとのツアーを30分延長する料金として、2,000円をお支払いいただきました（予約番号：TG0031）。',
      ),
    ).toBeTruthy();
  });
});

describe('/payment-success of a deposit', () => {
  it('calls the deposit charged what it was, not "about" it; the total stays about (zh-CN)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    // ¥4,400 of a ¥22,000 tour, charged as 214.63 元 at 20.5 yen a yuan (decision 193).
    reply = (url) =>
      url.endsWith('/api/v2/bookings/31')
        ? yen({
            status: 'upcoming',
            totalPriceCents: 22_000,
            depositCents: 4_400,
            balanceCents: 17_600,
            chargeCurrency: 'CNY',
            chargeDepositCents: 21_463,
            rate: { ...RATE, jpyPerCny: '20.5' },
            extension: null,
            lines: [],
            payments: [payment({ id: 5, kind: 'deposit', amountCents: 21_463 })],
          })
        : undefined;
    open('/payment-success?booking=31', '/payment-success', <PaymentSuccess />);
    // An amount and the guide's own beside it are two spans of one <dd> (BesideText).
    const amount = (text: string) => (_: string, el: Element | null) => el?.tagName === 'DD' && el.textContent === text;
    expect(await screen.findByText(amount('214.63 元 · 4,400 日元'))).toBeTruthy();
    expect(screen.queryByText(amount('约 214.63 元 · 4,400 日元'))).toBeNull();
    expect(screen.getByText(amount('约 1,073.17 元 · 22,000 日元'))).toBeTruthy();
  });
});

describe('/booking/{id}/payment-proof', () => {
  const proof = (over: Partial<PaymentProofReply>): PaymentProofReply => ({
    bookingId: 31,
    bookingNumber: 'TG0031',
    bookingStatus: 'completed',
    viewer: 'traveler',
    status: 'none',
    amountCents: 6_400,
    currency: 'JPY',
    canUpload: true,
    canVerify: false,
    proof: null,
    ...over,
  });

  it.each([
    ['en', 'JPY', 6_400, 'Pay the remaining ¥6,400 (JPY) to your guide in person'],
    ['zh-CN', 'JPY', 6_400, '请当面向地陪支付剩余的 6,400 日元，'],
    ['ja', 'JPY', 6_400, '残りの6,400円をガイドに直接お支払いいただき'],
    ['en', 'CNY', 52_800, 'Pay the remaining 528 RMB to your guide in person'],
    ['zh-CN', 'CNY', 52_800, '请当面向地陪支付剩余的 528 元，'],
  ] as const)(
    'names what is paid in person in the booking’s currency (%s, %s)',
    async (locale, currency, amountCents, text) => {
      await act(() => i18next.changeLanguage(locale));
      reply = (url) =>
        url.endsWith('/api/v2/bookings/31/payment-proof') ? proof({ currency, amountCents }) : undefined;
      open('/booking/31/payment-proof', '/booking/:bookingId/payment-proof', <PaymentProof />);
      expect((await screen.findByText((t) => t.startsWith(text))).textContent).toContain(text);
    },
  );
});

describe('/payment-demo', () => {
  it.each([
    [
      'the payment’s currency from the booking',
      '/payment-demo?ref=sim_alipay_1&method=alipay&amount=10000&booking=31&payment=6&signature=abc',
      '100 RMB',
    ],
    [
      'a currency the link names',
      '/payment-demo?ref=sim_alipay_1&method=alipay&amount=2000&currency=JPY&booking=31&payment=6&signature=abc',
      '¥2,000 (JPY)',
    ],
  ])('shows the amount in %s', async (_, path, text) => {
    reply = (url) =>
      url.endsWith('/api/v2/bookings/31')
        ? yen({ status: 'extend_requested', payments: [payment({ status: 'pending' })] })
        : undefined;
    open(path, '/payment-demo', <PaymentDemo />);
    await screen.findByText(/TG0031/);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('in Chinese, the yuan a wallet charges: 100 元', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    reply = (url) =>
      url.endsWith('/api/v2/bookings/31')
        ? yen({ status: 'extend_requested', payments: [payment({ status: 'pending' })] })
        : undefined;
    open(
      '/payment-demo?ref=sim_alipay_1&method=alipay&amount=10000&booking=31&payment=6&signature=abc',
      '/payment-demo',
      <PaymentDemo />,
    );
    await screen.findByText(/TG0031/);
    expect(screen.getByText('100 元')).toBeTruthy();
  });
});
