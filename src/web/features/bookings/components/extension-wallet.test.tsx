import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import type { User } from '../../../../shared/schemas/user';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { sampleBooking as booking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * One way to pay (decision 104), simulated provider: an extension paid with Alipay hands over to the
 * approval page in this same tab, as the checkout does (no new tab, no "I have paid"); the sheet opened
 * again while that payment waits resumes it without a second payment; each payment's toast says what
 * was paid. The API is a stubbed fetch; the approval page is a route that shows where it was reached.
 */
const APPROVAL = '/payment-demo?ref=sim_alipay_1&method=alipay&amount=16500&booking=12&payment=80&signature=sig';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const payment = {
  id: 80,
  bookingId: 12,
  kind: 'extension',
  method: 'alipay',
  provider: 'simulated',
  status: 'pending',
  amountCents: 16_500,
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

let fetchMock: ReturnType<typeof vi.fn>;
const posts = (path: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => String(u).endsWith(path) && (init as RequestInit | undefined)?.method === 'POST',
  );

function Where() {
  const location = useLocation();
  return <p data-testid="approval-page">{location.pathname + location.search}</p>;
}

function renderCard(b: Booking) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard?tab=ongoing']}>
        <Suspense fallback="loading">
          <Routes>
            <Route
              path="/dashboard"
              element={<TripCard booking={b} now={new Date('2026-11-22T02:00:00Z')} onContactSupport={() => {}} />}
            />
            <Route path="/payment-demo" element={<Where />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'payments']);
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.includes('/request-extension'))
      return json({
        ...booking({ status: 'extend_requested', extensionPrice: 165 }),
        extensionDetails: { hours: 0.5, price: 165, priceCents: 16_500 },
      });
    if (url.endsWith('/payments'))
      return json({ payment, booking: booking({ status: 'extend_requested', extensionPrice: 165 }) }, 201);
    return json(booking({ status: 'extend_requested' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('an extension paid with a wallet', () => {
  it('hands over to the approval page in this same tab after one payment, with no new tab and nothing to press on return (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderCard(booking({}));
    fireEvent.click(await screen.findByRole('button', { name: '申请延长' }));
    fireEvent.click(screen.getByRole('radio', { name: '30 分钟' }));
    fireEvent.click(screen.getByRole('button', { name: '继续付款' }));
    const sheet = await screen.findByRole('dialog', { name: '行程延长付款' });
    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    fireEvent.change(screen.getByLabelText('支付宝账号'), { target: { value: 'li@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '支付 165 元' }));
    expect((await screen.findByTestId('approval-page')).textContent).toBe(APPROVAL);
    expect(sheet.isConnected).toBe(false);
    expect(posts('/api/v2/bookings/12/payments')).toHaveLength(1);
    expect(opened).not.toHaveBeenCalled();
    expect(screen.queryByText('我已付款')).toBeNull();
    opened.mockRestore();
  });

  it('opened again while that payment waits, resumes it: no second payment; another way stays possible', async () => {
    const waiting = booking({
      status: 'extend_requested',
      extensionPrice: 165,
      actions: ['withdraw_extension', 'service_complete'],
      extension: {
        id: 5,
        hours: 0.5,
        price: 165,
        priceCents: 16_500,
        status: 'requested',
        payBy: '2026-11-22T02:30:00Z',
        openPayment: { id: 80, method: 'alipay', amountCents: 16_500, approvalUrl: APPROVAL },
      },
    });
    const first = renderCard(waiting);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Extension (165 RMB)' }));
    expect(await screen.findByText('Your Alipay payment is waiting')).toBeTruthy();
    expect(screen.getByText(/You started paying 165 RMB with Alipay/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay 165 RMB' })).toBeNull();
    // Pay another way: the form comes back.
    fireEvent.click(screen.getByRole('button', { name: 'Pay another way' }));
    expect(await screen.findByRole('button', { name: 'Pay 165 RMB' })).toBeTruthy();
    first.unmount();

    renderCard(waiting);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Extension (165 RMB)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Alipay' }));
    expect((await screen.findByTestId('approval-page')).textContent).toBe(APPROVAL);
    expect(posts('/payments')).toHaveLength(0);
    expect(posts('/request-extension')).toHaveLength(0);
  });

  it('a card extension’s toast says the extension is paid and what comes next, not the deposit’s', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.includes('/api/config/public'))
        return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
      if (url.endsWith('/payments'))
        return json(
          {
            payment: { ...payment, method: 'card', status: 'succeeded', last4: '4242', approvalUrl: null },
            booking: booking({ status: 'extend_requested' }),
          },
          201,
        );
      return json(
        booking({
          status: 'extend_requested',
          extension: { id: 5, hours: 0.5, price: 165, priceCents: 16_500, status: 'paid', payBy: null },
        }),
      );
    });
    renderCard(
      booking({
        status: 'extend_requested',
        extensionPrice: 165,
        extension: {
          id: 5,
          hours: 0.5,
          price: 165,
          priceCents: 16_500,
          status: 'requested',
          payBy: null,
          openPayment: null,
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Extension (165 RMB)' }));
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText(/Expiry/), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 165 RMB' }));
    expect(
      await screen.findByText(
        'Your extension payment is made. Your guide now approves the extension; then confirm it on your trip.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Payment Successful')).toBeTruthy();
    expect(screen.queryByText(/Your deposit is paid/)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('/payment-demo’s toast says what was paid', () => {
  async function approveOn(url: string, after: (approved: boolean) => Booking) {
    let approved = false;
    fetchMock.mockImplementation(async (u: string) => {
      if (u.includes('/api/config/public'))
        return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
      if (u.includes('/webhooks/simulated')) {
        approved = true;
        return json({ received: true });
      }
      return json(after(approved));
    });
    const { Component: PaymentDemoPage } = await import('../../../pages/payment-demo');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/payment-demo" element={<PaymentDemoPage />} />
            <Route path="/payment-success" element={<Where />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: i18next.language === 'zh-CN' ? '确认付款' : 'Approve payment' }),
    );
    return screen.findByTestId('approval-page');
  }

  it('an extension: the extension is paid and the guide approves it next; back on its own /payment-success', async () => {
    const paid = (ok: boolean) =>
      booking({ status: 'extend_requested', payments: [{ ...payment, status: ok ? 'succeeded' : 'pending' }] });
    expect((await approveOn(APPROVAL, paid)).textContent).toBe('/payment-success?booking=12&payment=80');
    expect(
      await screen.findByText(
        'Your extension payment is made. Your guide now approves the extension; then confirm it on your trip.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Your deposit is paid/)).toBeNull();
  });

  it('the deposit of an offer the guide already made: confirmed, nobody is waited for (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const offer = (ok: boolean) => booking({ status: ok ? 'upcoming' : 'pending', offerId: 4, actions: [] });
    const url = '/payment-demo?ref=sim_alipay_2&method=alipay&amount=13200&booking=12&payment=81&signature=sig';
    expect((await approveOn(url, offer)).textContent).toBe('/payment-success?booking=12');
    expect(await screen.findByText('定金已支付，预订已确认：地陪已同意这份报价。')).toBeTruthy();
    expect(screen.queryByText(/地陪会尽快回复/)).toBeNull();
  });
});
