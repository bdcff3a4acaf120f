import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingChange, ChangeTrip } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * A trip change's difference paid with a wallet (decisions 104, 177), simulated provider: the card
 * hands over to the approval page in this same tab; approved there, the traveler lands on the change's
 * own /payment-success, which says the change is paid (not the deposit). The API is a stubbed fetch.
 */
const APPROVAL =
  '/payment-demo?ref=sim_alipay_9&method=alipay&amount=14400&currency=CNY&booking=12&payment=81&signature=sig';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const trip = (over: Partial<ChangeTrip> = {}): ChangeTrip => ({
  adults: 2,
  children: 0,
  infants: 0,
  days: 1,
  dayHours: 2,
  totalCents: 66_000,
  depositCents: 13_200,
  inPersonCents: 52_800,
  endsAt: '2026-12-03T03:00:00Z',
  ...over,
});
const change: BookingChange = {
  from: trip(),
  to: trip({ adults: 3, totalCents: 138_000, depositCents: 27_600, inPersonCents: 110_400 }),
  money: {
    currency: 'CNY',
    payNowCents: 14_400,
    payNowChargeCents: 14_400,
    chargeCurrency: 'CNY',
    refundCents: 0,
    keptCents: 0,
    tier: null,
  },
  needsGuide: true,
  id: 5,
  bookingId: 12,
  status: 'awaiting_payment',
  requestedAt: '2026-11-22T11:00:00Z',
  expiresAt: '2026-11-22T12:30:00Z',
  decidedAt: null,
  declineReason: null,
};
const payment = {
  id: 81,
  bookingId: 12,
  kind: 'change',
  method: 'alipay',
  provider: 'simulated',
  status: 'pending',
  amountCents: 14_400,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '',
  approvalUrl: APPROVAL,
  clientSecret: null,
  failureCode: null,
  demo: true,
} satisfies Payment;
const booking = (over: Partial<Booking> = {}): Booking =>
  sampleBooking({
    date: '2026-12-03',
    startsAt: '2026-12-03T01:00:00Z',
    endsAt: '2026-12-03T03:00:00Z',
    status: 'upcoming',
    days: 1,
    actions: ['cancel'],
    reschedule: null,
    ...over,
  });

let fetchMock: ReturnType<typeof vi.fn>;
let approved: boolean;
const posts = (path: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => String(u).endsWith(path) && (init as RequestInit | undefined)?.method === 'POST',
  );

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
function renderAt(url: string, routes: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback="loading">
          <Routes>{routes}</Routes>
        </Suspense>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['changes', 'trips', 'bookings', 'payments']);
});
beforeEach(() => {
  approved = false;
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.endsWith('/changes')) return json({ changes: [change] });
    if (url.endsWith('/payments')) return json({ payment, booking: booking() }, 201);
    if (url.includes('/webhooks/simulated')) {
      approved = true;
      return json({ received: true });
    }
    return json(booking({ payments: [{ ...payment, status: approved ? 'succeeded' : 'pending' }] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('tabi.token', 'token');
  localStorage.setItem('tabi.user', JSON.stringify({ id: 1, fullName: 'Li Wei', role: 'traveler' }));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => i18next.changeLanguage('en'));
});

describe('a change paid with a wallet', () => {
  it('hands over to the approval page in this same tab after one payment of kind change (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    renderAt('/dashboard', [
      <Route
        key="d"
        path="/dashboard"
        element={<TripCard booking={booking()} now={new Date('2026-11-22T12:00:00Z')} onContactSupport={() => {}} />}
      />,
      <Route key="p" path="/payment-demo" element={<Where />} />,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '支付 144 元' }));
    const sheet = await screen.findByRole('dialog', { name: '支付行程更改费用' });
    fireEvent.click(within(sheet).getByRole('radio', { name: '支付宝' }));
    fireEvent.change(within(sheet).getByLabelText('支付宝账号'), { target: { value: 'li@example.com' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '支付 144 元' }));
    expect((await screen.findByTestId('where')).textContent).toBe(APPROVAL);
    expect(posts('/api/v2/bookings/12/payments')).toHaveLength(1);
    expect(JSON.parse(String(posts('/payments')[0]![1].body))).toEqual({
      kind: 'change',
      method: 'alipay',
      alipayAccount: 'li@example.com',
    });
  });

  it('approved on the demo page, lands on the change’s own /payment-success, which says the change is paid', async () => {
    const { Component: PaymentDemoPage } = await import('../../../pages/payment-demo');
    const { Component: PaymentSuccessPage } = await import('../../../pages/payment-success');
    renderAt(APPROVAL, [
      <Route key="d" path="/payment-demo" element={<PaymentDemoPage />} />,
      <Route key="s" path="/payment-success" element={<PaymentSuccessPage />} />,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByText('Your trip change is paid; your trip card shows where it stands.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Trip change paid' })).toBeTruthy();
    expect(
      screen.getByText(
        'You paid 144 RMB for the change of your trip with Haruka Tanaka (booking TG0012). Your trip card shows whether it is made or waits for your guide.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Your deposit is paid/)).toBeNull();
    await waitFor(() => expect(posts('/webhooks/simulated')).toHaveLength(1));
  });
});
