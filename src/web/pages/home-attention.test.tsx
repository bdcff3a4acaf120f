import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../shared/schemas/bookings';
import type { Offer } from '../../shared/schemas/offers';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as Dashboard } from './dashboard';
import HomeAttention from './home-attention';

/**
 * What waits on the traveler, with its deadline: first on the home page after sign-in, each line
 * opening the trip; and in the badge of the trips tab that holds it.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const guideProposal = {
  id: 7,
  status: 'open' as const,
  proposedBy: 'guide' as const,
  mine: false,
  date: '2026-12-08',
  startTime: '10:00',
  startsAt: '2026-12-08T01:00:00Z',
  endsAt: '2026-12-08T03:00:00Z',
  fromDate: '2026-12-06',
  fromStartTime: '10:00',
  reason: null,
  declineReason: null,
  expiresAt: '2026-11-27T05:30:00Z',
  createdAt: '2026-11-25T05:30:00Z',
  decidedAt: null,
};
const held = sampleBooking({
  id: 50,
  bookingNumber: 'TG0050',
  status: 'pending',
  date: '2026-12-10',
  paymentDueAt: '2026-11-26T03:30:00Z',
  actions: ['cancel'],
});
const choosing = sampleBooking({
  id: 51,
  bookingNumber: 'TG0051',
  status: 'awaiting_replacement',
  date: '2026-11-26',
  actions: ['cancel'],
  replacement: {
    status: 'open',
    lapsesAt: '2026-11-26T04:00:00Z',
    answerBy: null,
    coveredCents: 0,
    reason: null,
    sameDay: true,
  },
});
const moved = sampleBooking({
  id: 52,
  bookingNumber: 'TG0052',
  status: 'upcoming',
  date: '2026-12-06',
  reschedule: guideProposal,
  actions: ['cancel'],
});
const waitingOnGuide = sampleBooking({
  id: 53,
  bookingNumber: 'TG0053',
  status: 'confirmed',
  respondBy: '2026-11-26T01:00:00Z',
  actions: [],
});
const mine = sampleBooking({
  id: 54,
  bookingNumber: 'TG0054',
  status: 'upcoming',
  date: '2026-12-07',
  reschedule: { ...guideProposal, id: 8, proposedBy: 'traveler', mine: true },
  actions: ['cancel'],
});

/** A guide's offer in the chat with conversation 9, open until 20:00 Japan time on Nov 26. */
const offer = {
  id: 70,
  conversationId: 9,
  status: 'open',
  date: '2026-12-12',
  timeZone: 'Asia/Tokyo',
  expiresAt: '2026-11-26T11:00:00Z',
} as Offer;

function server(list: Booking[], offers: Offer[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/v2/bookings-new/traveler/')) {
        const tabOf = (b: Booking) => (['pending', 'confirmed'].includes(b.status) ? 'pending-requests' : 'upcoming');
        return json({
          data: list,
          counts: {
            'pending-requests': list.filter((b) => tabOf(b) === 'pending-requests').length,
            upcoming: list.filter((b) => tabOf(b) === 'upcoming').length,
            ongoing: 0,
            past: 0,
          },
        });
      }
      if (url.includes('/saved-guides')) return json({ data: [], total: 0, page: 1, limit: 12 });
      if (url.includes('/api/me/open-offers')) return json({ data: offers });
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
}

const renderAt = (ui: React.ReactNode, path = '/') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler', isGuide: false } as unknown as User);
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the home page after sign-in', () => {
  it('lists what waits on the traveler, closest deadline first, in Japan time, each line opening the trip or the offer’s chat', async () => {
    server([moved, waitingOnGuide, held, choosing, mine], [offer]);
    renderAt(<HomeAttention />);
    const list = await screen.findByRole('region', { name: /Needs your attention/ });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(4));
    const lines = within(list).getAllByRole('link');
    expect(lines.map((l) => l.getAttribute('href'))).toEqual([
      '/dashboard?booking=50',
      '/dashboard?booking=51',
      '/messages?c=9',
      '/dashboard?booking=52',
    ]);
    expect(lines[0]!.textContent).toContain('Deposit to pay · Haruka Tanaka');
    expect(lines[0]!.textContent).toContain('Pay by Nov 26, 12:30 (Japan time)');
    expect(lines[1]!.textContent).toContain('Choose a guide for later today');
    expect(lines[1]!.textContent).toContain('Choose by Nov 26, 13:00 (Japan time)');
    expect(lines[2]!.textContent).toContain('Offer to book or decline');
    expect(lines[2]!.textContent).toContain('Answer by Nov 26, 20:00 (Japan time)');
    expect(lines[3]!.textContent).toContain('New time proposed');
    expect(lines[3]!.textContent).toContain('Answer by Nov 27, 14:30 (Japan time)');
  });

  it('in Chinese and Japanese, under the heading the product uses', async () => {
    server([held]);
    await act(() => i18next.changeLanguage('zh-CN'));
    renderAt(<HomeAttention />);
    const list = await screen.findByRole('region', { name: /需要您处理/ });
    expect(within(list).getByRole('link').textContent).toContain('11月26日 12:30（日本时间）前支付');
    await act(() => i18next.changeLanguage('ja'));
    expect(await screen.findByRole('region', { name: /対応が必要です/ })).toBeTruthy();
  });

  it('shows nothing while nothing waits on the traveler', async () => {
    server([waitingOnGuide, mine]);
    const { container } = renderAt(<HomeAttention />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => {});
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('the trips page', () => {
  it('counts what waits on the traveler in the badge of the tab that holds it', async () => {
    server([moved, waitingOnGuide, held, choosing, mine]);
    renderAt(<Dashboard />, '/dashboard');
    const pending = await screen.findByRole('button', { name: /Pending Requests/ });
    await waitFor(() =>
      expect(within(pending).getByTestId('attention-badge').textContent).toBe('11 item needs your attention'),
    );
    const upcoming = screen.getByRole('button', { name: /Upcoming Trips/ });
    expect(within(upcoming).getByTestId('attention-badge').textContent).toBe('22 items need your attention');
    // A tab with nothing waiting keeps no badge of the kind.
    expect(
      within(screen.getByRole('button', { name: /Past Experiences/ })).queryByTestId('attention-badge'),
    ).toBeNull();
  });
});
