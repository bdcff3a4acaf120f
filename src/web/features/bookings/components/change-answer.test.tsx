import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingChange, ChangeTrip } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';

/**
 * The guide's answer to a trip change (decision 177) on her tour card: what is asked against what is
 * booked, what she receives in her currency, until when, Accept, and Decline with a reason required.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const now = new Date('2026-11-22T12:00:00Z');
const booking = (over: Partial<Booking> = {}): Booking =>
  sampleBooking({
    date: '2026-12-03',
    startsAt: '2026-12-03T01:00:00Z',
    endsAt: '2026-12-03T03:00:00Z',
    status: 'upcoming',
    days: 2,
    currency: 'JPY',
    actions: [],
    reschedule: null,
    ...over,
  });
const trip = (over: Partial<ChangeTrip> = {}): ChangeTrip => ({
  adults: 2,
  children: 0,
  infants: 0,
  days: 2,
  dayHours: 8,
  totalCents: 96_000,
  depositCents: 19_200,
  inPersonCents: 76_800,
  endsAt: '2026-12-04T09:00:00Z',
  ...over,
});
const change = (over: Partial<BookingChange> = {}): BookingChange => ({
  from: trip(),
  to: trip({ adults: 3, infants: 1, days: 3, totalCents: 156_000, depositCents: 31_200, inPersonCents: 124_800 }),
  money: {
    currency: 'JPY',
    payNowCents: 12_000,
    payNowChargeCents: 600,
    chargeCurrency: 'CNY',
    refundCents: 0,
    keptCents: 0,
    tier: null,
  },
  needsGuide: true,
  id: 7,
  bookingId: 12,
  status: 'requested',
  requestedAt: '2026-11-22T11:00:00Z',
  expiresAt: '2026-11-24T11:00:00Z',
  decidedAt: null,
  declineReason: null,
  ...over,
});

let fetchMock: ReturnType<typeof vi.fn>;
let changes: BookingChange[];
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([u, init]) => ({ url: String(u), body: (init as RequestInit).body }));

function renderCard(b: Booking = booking()) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <GuideTourCard booking={b} now={now} />
        </Suspense>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['changes', 'tour', 'bookings', 'trips']);
});
beforeEach(() => {
  changes = [change()];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.endsWith('/changes')) return json({ changes });
    if (url.endsWith('/accept')) {
      changes = [change({ status: 'applied' })];
      return json(changes[0]);
    }
    if (url.endsWith('/decline')) {
      // The list, read again, holds the answered change, as the server's would.
      changes = [change({ status: 'declined', declineReason: JSON.parse(String(init?.body)).reason })];
      return json(changes[0]);
    }
    return json(booking());
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a change waiting for the guide', () => {
  it('shows what is asked against what is booked and what she receives, in yen; Accept posts to accept', async () => {
    renderCard();
    const region = await screen.findByRole('region', { name: 'Change of trip' });
    expect(within(region).getByText('Li Wei asks to change the trip')).toBeTruthy();
    expect(within(region).getByText('3 days × 8 hours, 3 adults, 1 infant')).toBeTruthy();
    expect(within(region).getByText('2 days × 8 hours, 2 people')).toBeTruthy();
    expect(within(region).getByText('New price:').nextElementSibling?.textContent).toBe(
      '¥156,000 (JPY) (now ¥96,000 (JPY))',
    );
    expect(within(region).getByText('Paid to you in person:').nextElementSibling?.textContent).toBe(
      '¥124,800 (JPY) (now ¥76,800 (JPY))',
    );
    expect(within(region).getByText(/^Please answer by Nov 24, 2026, 20:00 \(Japan time\)/)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Accept change' }));
    await waitFor(() => expect(posts().map((c) => c.url)).toEqual(['/api/v2/bookings/12/changes/7/accept']));
    expect(await screen.findByText('Change accepted')).toBeTruthy();
  });

  it('needs a reason to decline, and sends it (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    renderCard();
    const region = await screen.findByRole('region', { name: '更改行程' });
    expect(within(region).getByText('Li Wei 申请更改行程')).toBeTruthy();
    // No space after a full-width colon, nor before a full-width bracket.
    expect(within(region).getByText('新价格：').closest('div')?.textContent).toBe(
      '新价格：156,000 日元（原为 96,000 日元）',
    );
    fireEvent.click(within(region).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog', { name: '拒绝这项更改？' });
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝更改' }));
    expect(await within(dialog).findByText('请说明原因，方便 Li Wei 了解情况。')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '第三天我另有安排' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝更改' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      url: '/api/v2/bookings/12/changes/7/decline',
      body: JSON.stringify({ reason: '第三天我另有安排' }),
    });
    expect(await screen.findByText('已拒绝更改')).toBeTruthy();
  });

  it('tells her what the tiers keep for her of a smaller deposit', async () => {
    changes = [
      change({
        to: trip({ days: 1, totalCents: 48_000, depositCents: 9_600, inPersonCents: 38_400 }),
        money: {
          currency: 'JPY',
          payNowCents: 0,
          payNowChargeCents: 0,
          chargeCurrency: 'JPY',
          refundCents: 4_800,
          keptCents: 4_800,
          tier: 'days_3_to_7',
        },
      }),
    ];
    renderCard();
    expect(
      await screen.findByText(
        'Of the deposit for what they drop, ¥4,800 (JPY) stays yours under the cancellation policy.',
      ),
    ).toBeTruthy();
  });

  it('shows nothing for a change already answered or withdrawn', async () => {
    changes = [change({ status: 'withdrawn' }), change({ id: 6, status: 'declined' })];
    renderCard();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/changes'))).toBe(true));
    expect(await screen.findByText('TG0012')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Change of trip' })).toBeNull();
  });
});
