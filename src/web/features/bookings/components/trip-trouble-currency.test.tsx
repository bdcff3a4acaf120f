import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementCandidate, ReplacementsReply } from '../../../../shared/schemas/replacements';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * When a yen guide's trip goes wrong (decisions 137–139, 164): the replacement's prices, the deposit
 * coming back and the travel credit read in the booking's yen; a refund made reads in what the
 * deposit was paid in (here yuan by WeChat Pay). Yuan bookings read as trip-trouble.test and
 * travel-credit.test have them.
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

const now = new Date('2026-11-25T02:00:00Z');
const noop = () => {};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const RATE = { jpyPerCny: '20', asOf: '2026-11-20', source: 'admin' as const };
// ¥1,600 of deposit, charged as 80 元 by WeChat Pay at 20 yen a yuan.
const deposit = {
  id: 5,
  bookingId: 12,
  kind: 'deposit',
  method: 'wechat',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 8_000,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-11-20T10:06:00Z',
} as Booking['payments'][number];
const credit = { amountCents: 1_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: false };
const refund = {
  amountCents: 8_000,
  currency: 'CNY' as const,
  method: 'wechat',
  minBusinessDays: 1,
  maxBusinessDays: 3,
};

/** A yen guide's booking (¥4,000 an hour for 2 hours), seen and paid in yuan. */
const yen = (over: Partial<Booking> = {}) =>
  sampleBooking({
    lines: [{ kind: 'base', people: 1, amountCents: 8_000, label: 'Guide · 2 hours' }],
    totalPrice: 8_000,
    totalPriceCents: 8_000,
    unitPriceCents: 4_000,
    additionalPerPersonCents: 0,
    depositCents: 1_600,
    balanceCents: 6_400,
    currency: 'JPY',
    chargeCurrency: 'CNY',
    chargeDepositCents: 8_000,
    rate: RATE,
    payments: [deposit],
    ...over,
  });

const awaiting = (over: Partial<Booking> = {}) =>
  yen({
    status: 'awaiting_replacement',
    date: '2026-12-05',
    startsAt: '2026-12-05T01:00:00Z',
    endsAt: '2026-12-05T03:00:00Z',
    travelerConfirmedStart: false,
    guideConfirmedStart: false,
    actions: ['cancel'],
    replacement: { status: 'open', lapsesAt: '2026-12-04T22:00:00Z', answerBy: null, coveredCents: 0 },
    ...over,
  });

const candidate = (over: Partial<ReplacementCandidate>): ReplacementCandidate => ({
  guideId: 40,
  fullName: 'Mei Chen',
  profilePicture: null,
  rating: 4.8,
  reviewCount: 31,
  languages: ['zh', 'ja'],
  licensed: true,
  totalCents: 8_000,
  balanceCents: 6_400,
  coveredCents: 0,
  startsAt: '2026-12-05T01:00:00Z',
  scheduledStartTime: '10:00',
  ...over,
});

const list: ReplacementsReply = {
  bookingId: 12,
  status: 'open',
  sameDay: false,
  lapsesAt: '2026-12-04T22:00:00Z',
  requestedGuideId: null,
  answerBy: null,
  bookedTotalCents: 8_000,
  depositPaidCents: 1_600,
  candidates: [candidate({}), candidate({ guideId: 42, fullName: 'Aya Ito', totalCents: 7_000, balanceCents: 5_400 })],
};

let routes: (url: string, init?: RequestInit) => Response;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'guides', 'disputes']);
});
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  routes = (url) => (url.includes('/replacements') ? json(list) : json({}));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The credit is set in yuan: 50 元, ¥1,000 at the booking's rate.
      if (url.includes('/api/config/public'))
        return json({
          support: { provider: 'builtin' },
          payments: { provider: 'simulated' },
          travelCreditCents: 5_000,
        });
      return routes(url, init);
    }),
  );
  // The page's clock at `now`, so the fixtures' deadlines stay ahead (timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a yen booking whose guide cancelled', () => {
  it('lists each replacement at the yen the traveler pays (en, ja)', async () => {
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    const items = await screen.findAllByTestId('replacement-candidate');
    expect(within(items[0]!).getByTestId('candidate-price').textContent).toBe(
      'You pay ¥8,000 (JPY) in all · ¥6,400 (JPY) in personNo extra cost',
    );
    expect(within(items[1]!).getByText('¥1,000 (JPY) less than booked')).toBeTruthy();
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    const ja = await screen.findAllByTestId('replacement-candidate');
    expect(within(ja[1]!).getByText('お支払い総額7,000円 · うち当日現地払い5,400円')).toBeTruthy();
    expect(within(ja[1]!).getByText('予約時より1,000円お安くなります')).toBeTruthy();
  });

  it('the full refund instead: the deposit and the credit in yen, the refund made in the yuan paid', async () => {
    routes = (url, init) =>
      init?.method === 'PATCH'
        ? json({ ...awaiting({ status: 'cancelled', creditIssued: credit }), refund })
        : json(list);
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Take the full refund instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the full refund?' });
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          'The booking is cancelled and your deposit of ¥1,600 (JPY) comes back to you in full.',
        ),
      ).toBeTruthy(),
    );
    expect((await within(dialog).findByTestId('credit-before')).textContent).toBe(
      'You also get a travel credit of ¥1,000 (JPY) for your next booking, valid for 365 days: it comes off that booking’s price by itself.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund in full' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Booking has been cancelled',
          description: expect.stringMatching(
            /^80 RMB is on its way back.* A credit of ¥1,000 \(JPY\) for your next booking, until Nov 25, 2027/,
          ),
        }),
      ),
    );
  });
});

describe('a yen booking whose guide did not come', () => {
  it('says the yen deposit comes back and names the credit in yen; the toast names the yuan refunded (zh-CN)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    routes = (url, init) =>
      init?.method === 'POST' && url.endsWith('/report-no-show')
        ? json({
            ...yen({ status: 'cancelled', cancelReason: 'guide_no_show', cancelledBy: 'guide', creditIssued: credit }),
            refund,
          })
        : json({});
    const started = yen({
      status: 'awaiting_start',
      travelerConfirmedStart: false,
      guideConfirmedStart: false,
      noShowRefundCents: 1_600,
      noShowReportableFrom: new Date(now.getTime() - 60_000).toISOString(),
      actions: ['start_confirm'],
    });
    render(wrap(<TripCard booking={started} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: '地陪没有来' }));
    const dialog = await screen.findByRole('dialog', { name: '确认报告地陪没有来？' });
    expect(within(dialog).getByText(/定金 1,600 日元将立即全额退还/)).toBeTruthy();
    expect((await within(dialog).findByTestId('credit-before')).textContent).toContain(
      '同时，您将获得 1,000 日元抵用金',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '报告并退款' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          description:
            '80 元已全额退还给您。已为您的下一次预订发放 1,000 日元抵用金，有效期至2027年11月25日，预订时自动抵扣。',
        }),
      ),
    );
  });
});

describe('the credit a cancelled yen booking gave', () => {
  it.each([
    ['en', 'A credit of ¥1,000 (JPY) for your next booking, until Nov 25, 2027'],
    ['ja', '次回のご予約に使える1,000円の旅行クレジットを付与しました（2027年11月25日まで有効）'],
  ])('reads in yen on the card (%s)', async (locale, text) => {
    await act(() => i18next.changeLanguage(locale));
    render(
      wrap(
        <TripCard
          booking={yen({
            status: 'cancelled',
            cancelledBy: 'guide',
            cancelReason: 'cancel',
            actions: [],
            creditIssued: credit,
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    await waitFor(() => expect(document.body.textContent).toContain(text));
  });
});
