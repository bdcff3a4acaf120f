import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * A day missed on a later day of several days (decision 158) on the cards: the confirmation names the
 * day and the server's refund of the days not given, offers no other guide, and the toast says what
 * came back; the cancelled card does not claim a full refund.
 */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** 09:40 in Tokyo on day 2. */
const now = new Date('2026-11-22T00:40:00Z');
const noop = () => {};
const deposit = {
  id: 5,
  bookingId: 12,
  kind: 'deposit',
  method: 'wechat',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 134_400,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-11-01T10:06:00Z',
  approvalUrl: null,
  clientSecret: null,
  failureCode: null,
  demo: true,
} as Booking['payments'][number];

/**
 * Three days from Nov 21, 09:00–17:00 Tokyo, on tour; the report opened at 09:20 on day 2 with 896 RMB to come back.
 */
const dayTwo = (over: Partial<Booking> = {}) =>
  sampleBooking({
    date: '2026-11-21',
    scheduledStartTime: '09:00',
    startsAt: '2026-11-21T00:00:00.000Z',
    endsAt: '2026-11-23T08:00:00.000Z',
    duration: 8,
    days: 3,
    currentDay: 2,
    schedule: [
      { date: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z', endsAt: '2026-11-21T08:00:00.000Z' },
      { date: '2026-11-22', startsAt: '2026-11-22T00:00:00.000Z', endsAt: '2026-11-22T08:00:00.000Z' },
      { date: '2026-11-23', startsAt: '2026-11-23T00:00:00.000Z', endsAt: '2026-11-23T08:00:00.000Z' },
    ],
    totalPriceCents: 672_000,
    depositCents: 134_400,
    payments: [deposit],
    dayExtensionCount: 0,
    actions: ['request_extension', 'dispute'],
    noShowReportableFrom: '2026-11-22T00:20:00.000Z',
    noShowRefundCents: 89_600,
    ...over,
  });

let fetchMock: ReturnType<typeof vi.fn>;
let reportReply: () => Response;
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([u, init]) => ({ url: String(u), body: (init as RequestInit).body }));

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'common']);
});
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  reportReply = () => json({});
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' }, travelCreditCents: 5_000 });
    if (init?.method === 'POST' && url.endsWith('/report-no-show')) return reportReply();
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('reporting an absence on day 2 of 3', () => {
  it('the traveler is told the days not given come back, with the server’s amount, and is offered no other guide', async () => {
    reportReply = () =>
      json({
        ...dayTwo({
          status: 'cancelled',
          cancelledBy: 'guide',
          cancelReason: 'guide_no_show',
          creditIssued: { amountCents: 5_000, expiresAt: '2027-11-22T00:40:00.000Z', spent: false },
        }),
        refund: { amountCents: 89_600, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 },
      });
    render(wrap(<TripCard booking={dayTwo()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Guide did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the guide did not come?' });
    expect(
      within(dialog).getByText(
        'Day 2 of 3: the booking ends today, and the deposit for the days not given, 896 RMB, comes back to you now. The days before are paid to the guide. The guide may contest the report within 48 hours.',
      ),
    ).toBeTruthy();
    // The whole deposit (1,344 RMB) is not what comes back on a later day.
    expect(within(dialog).queryByText(/1,344/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Find another guide today' })).toBeNull();
    expect(within(dialog).queryByText(/^Or find another guide for later today/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report and get my refund' }));
    await waitFor(() =>
      expect(posted()).toEqual([
        { url: expect.stringMatching(/\/api\/v2\/bookings\/12\/report-no-show$/), body: JSON.stringify({}) },
      ]),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Reported: the guide did not come',
          description: expect.stringMatching(
            /^896 RMB, the deposit for the days not given, is refunded to you\. A credit of 50 RMB/,
          ),
          variant: 'success',
        }),
      ),
    );
  });

  it('in Japanese and Chinese the day is named as the product names it', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const { unmount } = render(wrap(<TripCard booking={dayTwo()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'ガイドが来ない' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(
        /^3日間のうち2日目：予約は本日で終了し、実施されなかった日の分の予約金896 元がすぐに返金されます。/,
      ),
    ).toBeTruthy();
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<GuideTourCard booking={dayTwo({ currentDay: 3, noShowRefundCents: 0 })} now={now} />));
    fireEvent.click(await screen.findByRole('button', { name: '旅行者没有来' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(/^第 3 天（共 3 天）：预订今天结束，定金不予退还/),
    ).toBeTruthy();
  });

  it('the guide is told the deposit is kept: the days before are theirs, the rest by the no-show terms', async () => {
    reportReply = () =>
      json({
        ...dayTwo({ status: 'cancelled', cancelledBy: 'traveler', cancelReason: 'traveler_no_show' }),
        refund: { amountCents: 0, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 },
      });
    render(wrap(<GuideTourCard booking={dayTwo({ noShowRefundCents: 0 })} now={now} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Traveler did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the traveler did not come?' });
    expect(
      within(dialog).getByText(
        'Day 2 of 3: the booking ends today and the deposit is kept: the days before are paid to you, the rest by the no-show terms. The traveler may contest the report within 48 hours.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report no-show' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Reported: the traveler did not come', variant: 'success' }),
      ),
    );
  });

  it('the cancelled card of several days does not claim a full refund', async () => {
    render(
      wrap(
        <TripCard
          booking={dayTwo({
            status: 'cancelled',
            cancelledBy: 'guide',
            cancelReason: 'guide_no_show',
            actions: [],
            noShowReportableFrom: null,
            noShowRefundCents: null,
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(
      await screen.findByText(
        'You reported that Haruka Tanaka did not come, so the booking was cancelled and the deposit for the days not given refunded.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/refunded in full/)).toBeNull();
  });
});
