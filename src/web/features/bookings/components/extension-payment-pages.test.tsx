import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking, BookingPayment } from '../../../../shared/schemas/bookings';
import { Component as PaymentSuccessPage } from '../../../pages/payment-success';
import { i18next } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { dismissToasts, withToast } from '../../../lib/toast';
import {
  EXTENSION_BOOKING as BOOKING,
  extensionPaymentSuite,
  extensionReply as reply,
  extPayment,
  stubExtensionApi as stubApi,
} from './test-helpers';

/**
 * The pages a paid extension lands on (decision 042, 'Extensions'): /payment-success after Stripe, and
 * /payment-demo with the simulated provider; apart from the dialog that pays (stripe-extension.test.tsx).
 */
extensionPaymentSuite();
// A paid toast waits for its texts, the toasts' code and a Toaster, each loaded with the first toast
// (lib/paid-toast.ts, lib/toast.ts). The demo test reads its toast as soon as its page shows: all loaded
// up front, the toast is there first, as in a file whose earlier test showed one.
beforeAll(async () => {
  withToast(() => undefined);
  await import('../../../components/ui/toaster');
  await i18next.loadNamespaces('payments');
});

/** The toasts on screen, title and description, less one leaving (sonner marks it data-removed). */
const shownToasts = () =>
  [...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')].map((t) => t.textContent ?? '');

describe('/payment-success for an extension', () => {
  const renderAt = (path: string) =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/payment-success" element={<PaymentSuccessPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('says the extension is paid and leads back to the trip, not to the deposit', async () => {
    const paidExt = {
      ...BOOKING,
      extension: { ...BOOKING.extension!, status: 'paid' },
      payments: [extPayment({ method: 'alipay', status: 'succeeded' })],
    } as Booking;
    stubApi({ booking: () => paidExt, posts: [], marks: [], payReply: () => reply() });
    renderAt('/payment-success?booking=12&payment=80&payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { name: 'Extension Paid' })).toBeTruthy();
    expect(
      screen.getByText('You paid 165 RMB to extend your tour with Haruka Tanaka by 30 minutes (booking TG0012).'),
    ).toBeTruthy();
    expect(screen.getByText(/Haruka Tanaka now approves the extension/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my trip' }).getAttribute('href')).toBe('/dashboard?booking=12');
    expect(screen.queryByText(/deposit/i)).toBeNull();
  });

  it('waits for the webhook in Chinese, and a failed Alipay return says Payment Failed with the way back to the trip', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    stubApi({
      booking: () => ({ ...BOOKING, payments: [extPayment({ method: 'alipay' })] }),
      posts: [],
      marks: [],
      payReply: () => reply(),
    });
    const first = renderAt('/payment-success?booking=12&payment=80');
    expect(await screen.findByText('正在确认您的付款…')).toBeTruthy();
    first.unmount();
    await act(() => i18next.changeLanguage('en'));
    renderAt('/payment-success?booking=12&payment=80&redirect_status=failed');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my trip' }).getAttribute('href')).toBe('/dashboard?booking=12');
  });
});

describe('/payment-demo for an extension (simulated provider)', () => {
  it('approves the extension on a tour under way and lands on its /payment-success, not the deposit', async () => {
    await act(() => i18next.changeLanguage('en'));
    let approved = false;
    const demo = (over: Partial<BookingPayment>) => extPayment({ provider: 'simulated', method: 'alipay', ...over });
    const webhooks: unknown[] = [];
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/config/public')
          return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
        if (url.pathname === '/api/v2/payments/webhooks/simulated') {
          webhooks.push({
            body: JSON.parse(String(init!.body)),
            signature: new Headers(init!.headers).get('X-Simulated-Signature'),
          });
          approved = true;
          return json({ received: true });
        }
        if (url.pathname === '/api/v2/bookings/12') {
          return json({
            ...BOOKING,
            extension: { ...BOOKING.extension!, status: approved ? 'paid' : 'requested' },
            payments: [
              {
                ...extPayment({ id: 7, kind: 'deposit', status: 'succeeded', amountCents: 19_800 }),
                provider: 'simulated',
              },
              demo({ status: approved ? 'succeeded' : 'pending' }),
            ],
          });
        }
        return json({ code: 'not_found', message: 'Not found' }, 404);
      }),
    );
    const { Component: PaymentDemoPage } = await import('../../../pages/payment-demo');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter
          initialEntries={[
            '/payment-demo?ref=sim_alipay_1&method=alipay&amount=16500&booking=12&payment=80&signature=sig',
          ]}
        >
          <Routes>
            <Route path="/payment-demo" element={<PaymentDemoPage />} />
            <Route path="/payment-success" element={<PaymentSuccessPage />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    // The booking is under way (not pending): the extension's own payment decides, so Approve is offered.
    expect((await screen.findByRole('link', { name: 'Back to my trip' })).getAttribute('href')).toBe(
      '/dashboard?booking=12',
    );
    // Files of this project share their modules (vitest.config.ts): a toast another file raised after it
    // ended would be replayed into this page's Toaster. Cleared first, the page's own toast is the one shown.
    await act(async () => dismissToasts());
    await waitFor(() => expect(shownToasts()).toEqual([]));
    const approve = screen.getByRole('button', { name: 'Approve payment' });
    fireEvent.click(approve);
    expect(await screen.findByRole('heading', { name: 'Extension Paid' })).toBeTruthy();
    expect(webhooks).toEqual([{ body: { type: 'payment.succeeded', ref: 'sim_alipay_1' }, signature: 'sig' }]);
    await waitFor(() => expect(shownToasts()).toHaveLength(1));
    expect(shownToasts()[0]).toMatch(/^Payment SuccessfulYour extension/);
    expect(screen.getByText(/demo payment, no money moved/)).toBeTruthy();
  });
});
