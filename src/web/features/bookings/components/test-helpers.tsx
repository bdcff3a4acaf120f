import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Booking, BookingPayment } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import type { ReplacementCandidate, ReplacementsReply } from '../../../../shared/schemas/replacements';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { setPageLeaver, setStripeLoader } from '../lib/stripe-client';
import { sampleBooking } from '../test-booking';

/**
 * Test-only set-up the card suites of this folder share, so a suite split by subject sets it up once:
 * trip-trouble, replacement-outcome and no-show-report .test.tsx; tour-components and tour-extension .test.tsx;
 * stripe-extension and extension-payment-pages .test.tsx.
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
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What a stubbed fetch answers, for every call its suite does not answer itself. */
export type Routes = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The trip-trouble suites' page clock: 25 November, 11:00 in Kyoto. */
export const troubleNow = new Date('2026-11-25T02:00:00Z');
export const deposit = {
  id: 5,
  bookingId: 12,
  kind: 'deposit',
  method: 'wechat',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 13_200,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-11-20T10:06:00Z',
  approvalUrl: null,
  clientSecret: null,
  failureCode: null,
  demo: true,
} as Booking['payments'][number];

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
  candidate({
    guideId: 41,
    fullName: 'Kenji Mori',
    languages: ['zh'],
    licensed: false,
    totalCents: 66_000,
    balanceCents: 52_800,
    coveredCents: 6_000,
  }),
  candidate({
    guideId: 42,
    fullName: 'Aya Ito',
    reviewCount: 0,
    rating: 0,
    licensed: false,
    totalCents: 60_000,
    balanceCents: 46_800,
  }),
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
      if (url.includes('/api/config/public'))
        return json({
          support: { provider: 'builtin' },
          payments: { provider: 'simulated' },
          travelCreditCents: 5_000,
        });
      return routes()(url, init);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18next.changeLanguage('en'));
  });
  return () =>
    fetchMock.mock.calls.map(([u, init]) => ({
      url: String(u),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      body: (init as RequestInit | undefined)?.body,
    }));
}

/**
 * In a describe of the replacement choice: the page's clock at `troubleNow`, so the deadlines of these fixtures stay
 * ahead whenever the tests run (timers stay real).
 */
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
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.endsWith('/api/support/threads'))
      return json(
        {
          thread: { id: 90, topic: 'general', urgent: true, status: 'open', createdAt: '', lastMessageAt: '' },
          messages: [],
          visitorKey: null,
        },
        201,
      );
    if (url.includes('/request-extension')) {
      return json({
        ...booking({ status: 'extend_requested', extensionPrice: 165 }),
        extensionDetails: { hours: 0.5, price: 165, priceCents: 16_500 },
      });
    }
    if (url.includes('/payments')) {
      return json(
        {
          payment: {
            id: 77,
            bookingId: 12,
            kind: 'extension',
            method: 'card',
            provider: 'simulated',
            status: 'succeeded',
            amountCents: 16_500,
            refundedCents: 0,
            currency: 'CNY',
            last4: '4242',
            proofUploadedByTraveler: false,
            verifiedByGuide: false,
            createdAt: '',
            approvalUrl: null,
            clientSecret: null,
            failureCode: null,
            demo: true,
          },
          booking: booking({ status: 'extend_requested' }),
        },
        201,
      );
    }
    return json(booking({ status: 'extend_requested' }));
  });
  const calls = () =>
    fetchMock.mock.calls.map(([u, init]) => ({
      url: String(u),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      body: (init as RequestInit | undefined)?.body,
    }));

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

/** The extension suites' booking: TG0012 under way, 30 minutes more asked for at 165 RMB and not paid yet. */
export const EXTENSION_BOOKING = {
  id: 12,
  bookingNumber: 'TG0012',
  guideId: 3,
  guide: {
    id: 3,
    userId: 9,
    fullName: 'Haruka Tanaka',
    profilePicture: null,
    serviceCity: 'kyoto',
    timeZone: 'Asia/Tokyo',
  },
  traveler: { id: 1, fullName: 'Li Wei', profilePicture: null },
  date: '2026-12-10',
  scheduledStartTime: '10:00',
  timeZone: 'Asia/Tokyo',
  startsAt: '2026-12-10T01:00:00Z',
  endsAt: '2026-12-10T04:00:00Z',
  duration: 3,
  travelers: 2,
  totalPrice: 990,
  totalPriceCents: 99_000,
  depositCents: 19_800,
  balanceCents: 79_200,
  currency: 'CNY',
  status: 'extend_requested',
  travelerConfirmedStart: true,
  guideConfirmedStart: true,
  travelerConfirmedExtension: false,
  extensionCount: 0,
  extensionPrice: 165,
  extensionRateCents: 33_000,
  extension: { id: 5, hours: 0.5, price: 165, priceCents: 16_500, status: 'requested' },
  payments: [],
  actions: [],
  createdAt: '2026-12-01T10:00:00Z',
} as unknown as Booking;

export const extPayment = (over: Partial<BookingPayment> = {}): BookingPayment => ({
  id: 80,
  kind: 'extension',
  method: 'card',
  provider: 'stripe',
  status: 'pending',
  amountCents: 16_500,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-12-10T02:00:00Z',
  ...over,
});

export const extensionReply = (over: Partial<Payment> = {}): { payment: Payment; booking: Booking } => ({
  payment: {
    ...extPayment(over),
    bookingId: 12,
    approvalUrl: null,
    clientSecret: 'pi_ext_secret_xyz',
    failureCode: null,
    demo: false,
    ...over,
  } as Payment,
  booking: { ...EXTENSION_BOOKING, payments: [extPayment(over)] },
});

/** The extension suites' server: the booking it reads, what it was sent, how it answers a payment. */
export interface ExtensionApi {
  booking: () => Booking;
  posts: unknown[];
  marks: unknown[];
  payReply: (body: { method: string }) => { payment: Payment; booking: Booking };
}

/** Stubs fetch as the stripe provider's server: the config, the booking, a payment made, an extension marked paid. */
export function stubExtensionApi(api: ExtensionApi) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/config/public')
        return json({
          support: { provider: 'builtin' },
          payments: { provider: 'stripe', publishableKey: 'pk_test_fake' },
        });
      if (url.pathname === '/api/v2/bookings/12' && method === 'GET') return json(api.booking());
      if (url.pathname === '/api/v2/bookings/12/payments' && method === 'POST') {
        const body = JSON.parse(String(init!.body)) as { method: string };
        api.posts.push(body);
        return json(api.payReply(body), 201);
      }
      if (url.pathname === '/api/bookings/12/extension-payment' && method === 'PATCH') {
        api.marks.push(JSON.parse(String(init!.body)));
        return json({ ...api.booking() });
      }
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
}

/**
 * Call at an extension file's top: the traveler signed in before each test; after each, no session, no fake Stripe nor
 * page leaver, no stubbed fetch, English again.
 */
export function extensionPaymentSuite() {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(() => {
    setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  });
  afterEach(async () => {
    cleanup();
    clearSession();
    setStripeLoader(null);
    setPageLeaver(null);
    vi.unstubAllGlobals();
    await act(() => i18next.changeLanguage('en'));
  });
}
