import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as PaymentDemo } from './payment-demo';

/**
 * The demo approval page of a wallet attempt that a newer attempt of the booking cancelled (decision
 * 100): the provider refuses the approval (409 payment_canceled) and the traveler reads that nothing
 * was charged and where to go on, not "approval could not be sent".
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pending = sampleBooking({ id: 31, bookingNumber: 'TG0031', status: 'pending', actions: [] });

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler', isGuide: false } as unknown as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/v2/bookings/31')) return json(pending);
      if (url.endsWith('/api/v2/payments/webhooks/simulated'))
        return json({ code: 'payment_canceled', message: 'This payment was cancelled' }, 409);
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const open = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter
        initialEntries={[
          '/payment-demo?ref=sim_alipay_1&method=alipay&amount=12000&booking=31&payment=5&signature=abc',
        ]}
      >
        <PaymentDemo />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/payment-demo for a replaced attempt', () => {
  it.each([
    ['en', /replaced by a newer payment of the same booking.*Nothing was charged/],
    ['zh-CN', /已被同一预订的新付款取代.*没有扣款/],
  ])('says so in %s when the approval is refused', async (locale, text) => {
    await act(() => i18next.changeLanguage(locale));
    open();
    await screen.findByText(/TG0031/);
    fireEvent.click(screen.getByRole('button', { name: i18next.t('bookings:demo.approve') }));
    expect((await screen.findByRole('alert')).textContent).toMatch(text);
  });
});
