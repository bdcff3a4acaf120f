import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import { CancelDialog } from './cancel-dialog';
import { RequestCard } from './request-card';
import { TourActions } from './tour-actions';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * A status change moves its card to another list, and the booking's live event can refetch that list
 * before the change's own reply arrives (CI saw it: no "Booking has been cancelled" toast). The
 * toast must still show when the card is gone by the time the reply comes.
 */
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let release!: () => void;

beforeAll(async () => {
  await i18nReady;
  await act(() => i18next.changeLanguage('en'));
});
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.includes('/cancellation-quote'))
        return json({
          bookingId: 12,
          cancellable: true,
          cancelledBy: 'traveler',
          tier: 'more_than_7_days',
          depositPaidCents: 19_800,
          refundCents: 19_800,
          refundPercent: 100,
          guideCents: 0,
          platformCents: 0,
          method: 'alipay',
          minBusinessDays: 1,
          maxBusinessDays: 3,
          hoursUntilStart: 400,
          refunds: [],
        });
      if (init?.method === 'PATCH' || init?.method === 'POST') {
        await held;
        const refund = { amountCents: 19_800, method: 'alipay', minBusinessDays: 1, maxBusinessDays: 3 };
        return json({
          ...sampleBooking({
            status: u.includes('/accept') ? 'upcoming' : u.includes('/confirm-start') ? 'ongoing' : 'cancelled',
            actions: [],
          }),
          refund,
        });
      }
      return json({});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (children: React.ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);

it('shows "Booking has been cancelled" with the refund when the card left the list before the reply', async () => {
  const booking = sampleBooking({ status: 'upcoming', actions: ['cancel'] });
  const view = render(wrap(<CancelDialog booking={booking} open onOpenChange={() => {}} />));
  const confirm = await screen.findByRole('button', { name: 'Cancel booking' });
  await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
  fireEvent.click(confirm);
  await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
  view.unmount();
  release();
  await waitFor(() =>
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Booking has been cancelled', variant: 'success' }),
    ),
  );
  expect(vi.mocked(showToast).mock.calls[0]![0].description).toBe(
    '198 RMB is on its way back to your Alipay account: 1–3 business days.',
  );
});

it('shows "Request accepted" when the request left the list before the reply', async () => {
  const booking = sampleBooking({
    status: 'confirmed',
    actions: ['accept', 'decline'],
    respondBy: '2026-11-24T10:00:00Z',
  });
  const view = render(wrap(<RequestCard booking={booking} />));
  fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/accept'))).toBe(true));
  view.unmount();
  release();
  await waitFor(() =>
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Request accepted', variant: 'success' })),
  );
});

it('shows "Tour start confirmed successfully" when the started tour moved to the Ongoing tab before the reply', async () => {
  const booking = sampleBooking({
    status: 'start_confirmed',
    guideConfirmedStart: true,
    travelerConfirmedStart: false,
    actions: ['start_confirm'],
  });
  const view = render(wrap(<TourActions booking={booking} side="traveler" isTourDay />));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm Start' }));
  await waitFor(() =>
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/confirm-start'))).toBe(true),
  );
  view.unmount();
  release();
  await waitFor(() =>
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Tour start confirmed successfully', variant: 'success' }),
    ),
  );
  // Both sides have confirmed: the tour is on, nobody is waiting.
  expect(vi.mocked(showToast).mock.calls[0]![0].description).toBeUndefined();
});
