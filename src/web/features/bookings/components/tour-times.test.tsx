import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';
import { RequestCard } from './request-card';
import { TourSummary, tourOfBooking } from './tour-summary';
import { TripCard } from './trip-card';

// The traveler reads in UTC, nine hours behind Japan all year (as availability-calendar.test.tsx).
process.env.TZ = 'UTC';

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const now = new Date('2026-12-01T03:00:00Z');
/** 10:00–13:00 in Kyoto on 10 December: 01:00 the same day in UTC. */
const morning = (over: Partial<Booking> = {}) =>
  sampleBooking({
    status: 'upcoming',
    date: '2026-12-10',
    scheduledStartTime: '10:00',
    startsAt: '2026-12-10T01:00:00Z',
    endsAt: '2026-12-10T04:00:00Z',
    duration: 3,
    actions: [],
    ...over,
  });
/** 08:00 in Kyoto on 10 December: still 9 December, 23:00, in UTC. */
const early = morning({
  scheduledStartTime: '08:00',
  startsAt: '2026-12-09T23:00:00Z',
  endsAt: '2026-12-10T02:00:00Z',
});

const times = () => screen.getAllByTestId('tour-time').map((e) => e.textContent);
const owns = () => screen.getAllByTestId('tour-time-own').map((e) => e.textContent);

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a tour time on every booking card, read in another zone', () => {
  const cards: [string, (b: Booking) => ReactNode][] = [
    ['trip card', (b) => <TripCard booking={b} now={now} onContactSupport={() => {}} />],
    ['guide dashboard card', (b) => <GuideTourCard booking={b} now={now} />],
    ['request card', (b) => <RequestCard booking={{ ...b, status: 'confirmed' }} />],
    ['checkout summary', (b) => <TourSummary tour={tourOfBooking(b)} />],
  ];

  it.each(cards)('%s: Japan time first, the reader’s own in brackets (zh-CN)', async (_name, card) => {
    await act(() => i18next.changeLanguage('zh-CN'));
    wrap(card(morning()));
    expect(await screen.findByText('10:00–13:00（日本时间）')).toBeTruthy();
    expect(times()).toEqual(['10:00–13:00（日本时间）']);
    expect(owns()).toEqual(['（您当地时间 01:00）']);
  });

  it.each(cards)('%s: the reader’s date too when it is another day (en, ja)', async (_name, card) => {
    const { unmount } = wrap(card(early));
    expect(await screen.findByText('08:00–11:00 (Japan time)')).toBeTruthy();
    expect(owns()).toEqual(['(your time Dec 9, 2026, 23:00)']);
    unmount();
    await act(() => i18next.changeLanguage('ja'));
    wrap(card(early));
    expect(await screen.findByText('08:00〜11:00（日本時間）')).toBeTruthy();
    expect(owns()).toEqual(['（あなたの現地時間 2026年12月9日 23:00）']);
  });
});

describe('a deadline on a trip card is dated, on the tour’s clock', () => {
  it('pay by: the date, the time and the zone, never a bare time', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    // Due 30 minutes after booking, at 00:10 in Japan on 2 December: still 1 December in UTC.
    wrap(
      <TripCard
        booking={morning({ status: 'pending', paymentDueAt: '2026-12-01T15:10:00Z', actions: ['pay', 'cancel'] })}
        now={now}
        onContactSupport={() => {}}
      />,
    );
    expect(
      await screen.findByText('请在2026年12月2日 00:10（日本时间）前付款以保留这个时间，逾期预订将失效。'),
    ).toBeTruthy();
  });

  it('waiting for the guide: the answer-by date and time in Japan time', async () => {
    wrap(
      <TripCard
        booking={morning({ status: 'confirmed', respondBy: '2026-12-03T01:00:00Z' })}
        now={now}
        onContactSupport={() => {}}
      />,
    );
    expect(await screen.findByText(/They have until Dec 3, 2026, 10:00 \(Japan time\);/)).toBeTruthy();
  });
});
