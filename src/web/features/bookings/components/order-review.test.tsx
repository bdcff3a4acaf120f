import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { sampleBooking as booking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * The final confirmation on the extension's payment (decision 122): the same review as the checkout,
 * with the extension's fee paid in full online and its own terms (a declined extension comes back),
 * and how long an unpaid request lasts.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderCard(b = booking({})) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard?tab=ongoing']}>
        <Suspense fallback="loading">
          <TripCard booking={b} now={new Date('2026-11-22T02:00:00Z')} onContactSupport={() => {}} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'payments']);
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } })),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the review beside Pay on an extension', () => {
  it('names the tour, the half hour asked for, the fee paid now and what happens if the guide declines', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Extension' }));
    fireEvent.click(screen.getByRole('radio', { name: '30 minutes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const review = await screen.findByRole('region', { name: 'Review your booking' });
    const text = review.textContent!;
    expect(text).toContain('Extra time on your tour: Tour with the guide');
    expect(text).toContain('Haruka Tanaka');
    expect(text).toContain('Hours and travelers30 min · 2 people');
    // The rate of 330 RMB an hour for half an hour, all of it now, nothing in person.
    expect(text).toContain('Total165 RMB');
    expect(text).toContain('Paid now, online165 RMB');
    expect(text).not.toContain('Paid in person');
    expect(text).toContain('Card: 165 RMB, charged when you press Pay.');
    expect(text).toContain('If your guide declines the extension, the 165 RMB comes back to you in full.');
    expect(within(review).queryByRole('table')).toBeNull();
    expect(within(review).getByTestId('order-review-validity').textContent).toBe(
      'Pressing Pay sends the request; if it is not paid within 30 minutes, it lapses.',
    );
  });

  it('in Chinese, for a request already sent: the server’s fee and when the request lapses', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    renderCard(
      booking({
        status: 'extend_requested',
        extensionPrice: 330,
        extension: {
          id: 5,
          hours: 1,
          price: 330,
          priceCents: 33_000,
          status: 'requested',
          payBy: '2026-11-22T02:30:00.000Z',
          openPayment: null,
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /支付延长费用/ }));
    const review = await screen.findByRole('region', { name: '确认订单内容' });
    expect(review.textContent).toContain('现在在线支付330 元');
    expect(review.textContent).toContain('如地陪拒绝延时，330 元 将全额退还。');
    expect(within(review).getByTestId('order-review-validity').textContent).toBe(
      '如在2026年11月22日 11:30（日本时间）前未支付，延时申请将失效。',
    );
  });
});
