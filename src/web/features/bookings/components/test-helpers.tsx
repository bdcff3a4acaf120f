import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementCandidate, ReplacementsReply } from '../../../../shared/schemas/replacements';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';

/**
 * Test-only set-up the card suites of this folder share, so a suite split by subject sets it up once:
 * trip-trouble, replacement-outcome and no-show-report .test.tsx; tour-components and tour-extension .test.tsx.
 */
export function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

export const noop = () => {};
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What a stubbed fetch answers, for every call its suite does not answer itself. */
export type Routes = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The trip-trouble suites' page clock: 25 November, 11:00 in Kyoto. */
export const troubleNow = new Date('2026-11-25T02:00:00Z');
export const deposit = { id: 5, bookingId: 12, kind: 'deposit', method: 'wechat', provider: 'simulated', status: 'succeeded', amountCents: 13_200, refundedCents: 0, currency: 'CNY', last4: null, proofUploadedByTraveler: false, verifiedByGuide: false, createdAt: '2026-11-20T10:06:00Z', approvalUrl: null, clientSecret: null, failureCode: null, demo: true } as Booking['payments'][number];

/** Saturday 5 December, 10:00 in Kyoto; the choice lapses at 07:00 that day. */
export const awaiting = (over: Partial<Booking> = {}) =>
  sampleBooking({
    status: 'awaiting_replacement',
    date: '2026-12-05',
    startsAt: '2026-12-05T01:00:00Z',
    endsAt: '2026-12-05T03:00:00Z',
    travelerConfirmedStart: false,
    guideConfirmedStart: false,
    payments: [deposit],
    actions: ['cancel'],
    replacement: { status: 'open', lapsesAt: '2026-12-04T22:00:00Z', answerBy: null, coveredCents: 0 },
    ...over,
  });

export const candidate = (over: Partial<ReplacementCandidate>): ReplacementCandidate => ({
  guideId: 40,
  fullName: 'Mei Chen',
  profilePicture: null,
  rating: 4.8,
  reviewCount: 31,
  languages: ['zh', 'ja'],
  licensed: true,
  totalCents: 66_000,
  balanceCents: 52_800,
  coveredCents: 0,
  // After a cancellation a candidate starts at the booked time (10:00 in Kyoto).
  startsAt: '2026-12-05T01:00:00Z',
  scheduledStartTime: '10:00',
  ...over,
});

export const reply = (candidates: ReplacementCandidate[]): ReplacementsReply => ({
  bookingId: 12,
  status: 'open',
  sameDay: false,
  lapsesAt: '2026-12-04T22:00:00Z',
  requestedGuideId: null,
  answerBy: null,
  bookedTotalCents: 66_000,
  depositPaidCents: 13_200,
  candidates,
});

export const THREE = [
  candidate({}),
  candidate({ guideId: 41, fullName: 'Kenji Mori', languages: ['zh'], licensed: false, totalCents: 66_000, balanceCents: 52_800, coveredCents: 6_000 }),
  candidate({ guideId: 42, fullName: 'Aya Ito', reviewCount: 0, rating: 0, licensed: false, totalCents: 60_000, balanceCents: 46_800 }),
];

/** What a trip-trouble suite's server answers unless a test says otherwise: the three free guides. */
export const answerReplacements: Routes = (url) => (url.includes('/replacements') ? json(reply(THREE)) : json({}));

/**
 * Call at a trip-trouble file's top (the file mocks lib/toast): the namespaces, a fetch stub that answers
 * the public config and hands every other call to `routes()`, read at each call so a test may replace
 * it, and English again after each test. Returns the calls made, in order.
 */
export function tripTroubleSuite(routes: () => Routes) {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeAll(async () => {
    await i18nReady;
    await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'guides', 'disputes']);
  });
  beforeEach(() => {
    vi.mocked(showToast).mockClear();
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/api/config/public')) return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' }, travelCreditCents: 5_000 });
      return routes()(url, init);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18next.changeLanguage('en'));
  });
  return () => fetchMock.mock.calls.map(([u, init]) => ({ url: String(u), method: (init as RequestInit | undefined)?.method ?? 'GET', body: (init as RequestInit | undefined)?.body }));
}

/** In a describe of the replacement choice: the page's clock at `troubleNow`, so the deadlines of these fixtures stay ahead whenever the tests run (timers stay real). */
export function clockAtTroubleNow() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(troubleNow);
  });
  afterEach(() => vi.useRealTimers());
}

/** The tour-day suites' page clock: 22 November, 11:00 in Kyoto, the day of sampleBooking's tour. */
export const tourDayNow = new Date('2026-11-22T02:00:00Z');

/**
 * Call at a tour-day file's top: the namespaces, a fetch stub that answers the support thread, the
 * extension's request and payment and else the booking as extend_requested, and after each test no
 * session and English again. One mock for the file, its calls cleared before each test.
 */
export function tourCardSuite() {
  const booking = sampleBooking;
  const fetchMock: ReturnType<typeof vi.fn> = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public')) return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.endsWith('/api/support/threads')) return json({ thread: { id: 90, topic: 'general', urgent: true, status: 'open', createdAt: '', lastMessageAt: '' }, messages: [], visitorKey: null }, 201);
    if (url.includes('/request-extension')) {
      return json({ ...booking({ status: 'extend_requested', extensionPrice: 165 }), extensionDetails: { hours: 0.5, price: 165, priceCents: 16_500 } });
    }
    if (url.includes('/payments')) {
      return json(
        {
          payment: { id: 77, bookingId: 12, kind: 'extension', method: 'card', provider: 'simulated', status: 'succeeded', amountCents: 16_500, refundedCents: 0, currency: 'CNY', last4: '4242', proofUploadedByTraveler: false, verifiedByGuide: false, createdAt: '', approvalUrl: null, clientSecret: null, failureCode: null, demo: true },
          booking: booking({ status: 'extend_requested' }),
        },
        201,
      );
    }
    return json(booking({ status: 'extend_requested' }));
  });
  const calls = () => fetchMock.mock.calls.map(([u, init]) => ({ url: String(u), method: (init as RequestInit | undefined)?.method ?? 'GET', body: (init as RequestInit | undefined)?.body }));

  beforeAll(async () => {
    await i18nReady;
    await i18next.loadNamespaces(['tour', 'trips', 'bookings']);
  });
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
    await act(() => i18next.changeLanguage('en'));
  });
  return { fetchMock, calls };
}
