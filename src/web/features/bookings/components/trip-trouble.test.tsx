import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { User } from '../../../../shared/schemas/user';
import type { ReplacementCandidate, ReplacementsReply } from '../../../../shared/schemas/replacements';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';
import { RequestCard } from './request-card';
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * Decisions 137, 138 and 140 on the cards: the replacement choice (after a cancellation, or later the
 * same day after a no-show), the replacement request, the no-show report.
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
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const deposit = { id: 5, bookingId: 12, kind: 'deposit', method: 'wechat', provider: 'simulated', status: 'succeeded', amountCents: 13_200, refundedCents: 0, currency: 'CNY', last4: null, proofUploadedByTraveler: false, verifiedByGuide: false, createdAt: '2026-11-20T10:06:00Z', approvalUrl: null, clientSecret: null, failureCode: null, demo: true } as Booking['payments'][number];

/** Saturday 5 December, 10:00 in Kyoto; the choice lapses at 07:00 that day. */
const awaiting = (over: Partial<Booking> = {}) =>
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

const candidate = (over: Partial<ReplacementCandidate>): ReplacementCandidate => ({
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

const reply = (candidates: ReplacementCandidate[]): ReplacementsReply => ({
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

const THREE = [
  candidate({}),
  candidate({ guideId: 41, fullName: 'Kenji Mori', languages: ['zh'], licensed: false, totalCents: 66_000, balanceCents: 52_800, coveredCents: 6_000 }),
  candidate({ guideId: 42, fullName: 'Aya Ito', reviewCount: 0, rating: 0, licensed: false, totalCents: 60_000, balanceCents: 46_800 }),
];

let fetchMock: ReturnType<typeof vi.fn>;
let routes: (url: string, init?: RequestInit) => Response | Promise<Response>;
const calls = () => fetchMock.mock.calls.map(([u, init]) => ({ url: String(u), method: (init as RequestInit | undefined)?.method ?? 'GET', body: (init as RequestInit | undefined)?.body }));

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'guides', 'disputes']);
});
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  routes = (url) => (url.includes('/replacements') ? json(reply(THREE)) : json({}));
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/config/public')) return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' }, travelCreditCents: 5_000 });
    return routes(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the replacement choice on the traveler’s card (decision 137)', () => {
  // The page's clock at `now`, so the deadlines of these fixtures stay ahead whenever the tests run (timers stay real).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('lists the free guides with what the traveler pays, the deadline in Japan time, and no ordinary Cancel', async () => {
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    const panel = await screen.findByRole('region', { name: 'Your guide cancelled — choose a new guide' });
    expect(within(panel).getByText(/Choose by .*Dec.*5.*07:00 \(Japan time\)/)).toBeTruthy();
    const items = await within(panel).findAllByTestId('replacement-candidate');
    expect(items.map((li) => within(li).getByRole('button', { name: /^Choose / }).getAttribute('aria-label'))).toEqual(['Choose Mei Chen', 'Choose Kenji Mori', 'Choose Aya Ito']);
    // Same price and a dearer guide the platform covers: no extra cost; a cheaper one says how much less.
    expect(within(items[0]!).getByTestId('candidate-price').textContent).toBe('You pay 660 RMB in all · 528 RMB in personNo extra cost');
    expect(within(items[1]!).getByText('No extra cost')).toBeTruthy();
    expect(within(items[2]!).queryByText('No extra cost')).toBeNull();
    expect(within(items[2]!).getByText('60 RMB less than booked')).toBeTruthy();
    expect(within(items[0]!).getByText('Licensed')).toBeTruthy();
    expect(within(items[1]!).queryByText('Licensed')).toBeNull();
    expect(within(items[0]!).getByText('Chinese · Japanese')).toBeTruthy();
    expect(within(items[2]!).getByText('New guide')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // The booked time is on the card already: no start time per guide after a cancellation.
    expect(within(panel).queryByTestId('candidate-start')).toBeNull();
  });

  it('after the guide’s no-show: guides for later today, each with their own start in Japan time; in Chinese too', async () => {
    // The tour was 10:00 on 25 November in Kyoto; it is 11:00 there now, and the choice closes at 13:30.
    const lapsesAt = '2026-11-25T04:30:00Z';
    const today = awaiting({ date: '2026-11-25', startsAt: '2026-11-25T01:00:00Z', endsAt: '2026-11-25T03:00:00Z', replacement: { status: 'open', lapsesAt, answerBy: null, coveredCents: 0, reason: null, sameDay: true } });
    const later = [
      candidate({ startsAt: '2026-11-25T05:30:00Z', scheduledStartTime: '14:30' }),
      candidate({ guideId: 41, fullName: 'Kenji Mori', startsAt: '2026-11-25T07:00:00Z', scheduledStartTime: '16:00' }),
    ];
    routes = (url) => (url.includes('/replacements') ? json({ ...reply(later), sameDay: true, lapsesAt }) : json({}));
    const { unmount } = render(wrap(<TripCard booking={today} now={now} onContactSupport={noop} />));
    const panel = await screen.findByRole('region', { name: 'Your guide did not come — choose a guide for later today' });
    expect(await within(panel).findByText(/^These guides can take the tour later today, each at the time shown/)).toBeTruthy();
    expect(within(panel).getByText(/Choose by .*Nov.*25.*13:30 \(Japan time\)/)).toBeTruthy();
    const items = within(panel).getAllByTestId('replacement-candidate');
    // Each guide's own time, not the booked 10:00 (the traveler's own time may follow when their zone differs).
    expect(items.map((li) => within(li).getByTestId('candidate-start').textContent)).toEqual([expect.stringMatching(/^Starts 14:30 \(Japan time\)/), expect.stringMatching(/^Starts 16:00 \(Japan time\)/)]);
    expect(within(items[1]!).getByRole('button', { name: 'Choose Kenji Mori' })).toBeTruthy();
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={today} now={now} onContactSupport={noop} />));
    const zh = await screen.findByRole('region', { name: '您的地陪没有来，请选择今天稍后的地陪' });
    const zhItems = await within(zh).findAllByTestId('candidate-start');
    expect(zhItems.map((p) => p.textContent)).toEqual([expect.stringMatching(/^14:30（日本时间）开始/), expect.stringMatching(/^16:00（日本时间）开始/)]);
    expect(within(zh).getByText(/^以下地陪今天稍后可以接手行程/)).toBeTruthy();
  });

  it('chooses a guide by id and says whom the traveler waits for', async () => {
    routes = (url, init) => {
      if (url.endsWith('/api/v2/bookings/12/replacements') && init?.method === 'POST') {
        return json(sampleBooking({ status: 'confirmed', guideId: 40, guide: { ...sampleBooking().guide, id: 40, fullName: 'Mei Chen' }, replacement: { status: 'requested', lapsesAt: '2026-12-04T22:00:00Z', answerBy: '2026-11-25T14:00:00Z', coveredCents: 0 } }));
      }
      return json(reply(THREE));
    };
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Kenji Mori' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'POST' && c.url.endsWith('/api/v2/bookings/12/replacements') && JSON.parse(String(c.body)).guideId === 41)).toBe(true));
    // The start the list showed is sent with the choice, so a time gone meanwhile is refused rather than moved.
    const sent = calls().find((c) => c.method === 'POST' && c.url.endsWith('/api/v2/bookings/12/replacements'));
    expect(JSON.parse(String(sent!.body))).toEqual({ guideId: 41, startsAt: THREE.find((c) => c.guideId === 41)!.startsAt });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Kenji Mori has been asked', description: expect.stringContaining('23:00 (Japan time)'), variant: 'success' })));
  });

  it('a guide taken meanwhile: says so and reads the list again', async () => {
    routes = (url, init) =>
      init?.method === 'POST' ? json({ code: 'replacement_unavailable', message: 'taken', requestId: 'r' }, 409) : json(reply(THREE));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Mei Chen' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mei Chen was just booked by someone else', variant: 'destructive' })));
    await waitFor(() => expect(calls().filter((c) => c.method === 'GET' && c.url.endsWith('/replacements')).length).toBe(2));
  });

  describe('the traveler booked another tour at that time since', () => {
    // Same hours as `awaiting()`, with another guide: the server offers nobody for them (decision 137).
    const elsewhere = sampleBooking({ id: 30, bookingNumber: 'TG0030', status: 'upcoming', startsAt: '2026-12-05T01:00:00Z', endsAt: '2026-12-05T03:00:00Z', guide: { ...sampleBooking().guide, fullName: 'Sato Yuki' } });
    beforeEach(() => setSession('t', { id: sampleBooking().traveler.id, fullName: 'Li Wei' } as User));
    afterEach(() => clearSession());

    it('the empty list says which booking holds those hours, and the refund stays on offer', async () => {
      routes = (url) => (url.includes('/bookings-new/traveler/') ? json({ data: [elsewhere], counts: { 'pending-requests': 0, upcoming: 1, ongoing: 0, past: 0 } }) : url.includes('/replacements') ? json(reply([])) : json({}));
      render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
      const empty = await screen.findByTestId('replacement-empty');
      await waitFor(() => expect(empty.textContent).toMatch(/^You already have TG0030 with Sato Yuki at this time, so no other guide is offered for it\. Your deposit comes back in full automatically on .*Dec.*5.*07:00 \(Japan time\)/));
      expect(screen.getByRole('button', { name: 'Take the full refund instead' })).toBeTruthy();
    });

    it('a choice refused for it (409 traveler_busy) names that booking', async () => {
      routes = (url, init) =>
        init?.method === 'POST'
          ? json({ code: 'traveler_busy', message: 'You already have booking TG0030 at this time', fields: [{ path: 'booking', message: 'TG0030' }] }, 409)
          : url.includes('/bookings-new/traveler/')
            ? json({ data: [], counts: { 'pending-requests': 0, upcoming: 0, ongoing: 0, past: 0 } })
            : json(reply(THREE));
      render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
      fireEvent.click(await screen.findByRole('button', { name: 'Choose Mei Chen' }));
      await waitFor(() =>
        expect(showToast).toHaveBeenCalledWith({
          title: 'You already have TG0030 at this time',
          description: 'A traveler can join one tour at a time: take the full refund, or cancel TG0030 first.',
          variant: 'destructive',
        }),
      );
    });
  });

  it('takes the full refund instead, after a confirmation that names the deposit and the travel credit that comes with it', async () => {
    const credit = { amountCents: 5_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: false };
    routes = (url, init) => (init?.method === 'PATCH' ? json({ ...awaiting({ status: 'cancelled', creditIssued: credit }), refund: { amountCents: 13_200, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 } }) : json(reply(THREE)));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Take the full refund instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the full refund?' });
    await waitFor(() => expect(within(dialog).getByText('The booking is cancelled and your deposit of 132 RMB comes back to you in full.')).toBeTruthy());
    expect((await within(dialog).findByTestId('credit-before')).textContent).toBe('You also get a travel credit of 50 RMB for your next booking, valid for 365 days: it comes off that booking’s price by itself.');
    expect(calls().some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund in full' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'PATCH' && c.url.endsWith('/api/bookings/12/status') && c.body === JSON.stringify({ status: 'cancelled' }))).toBe(true));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Booking has been cancelled', description: expect.stringMatching(/132 RMB.* A credit of 50 RMB for your next booking, until Nov 25, 2027/) })));
  });

  it('loading, error with retry, and nobody left (the refund comes by itself at the lapse, or now)', async () => {
    let answer: () => Response = () => json({ code: 'internal', message: 'x', requestId: 'r' }, 500);
    routes = (url) => (url.includes('/replacements') ? answer() : json({}));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    expect(screen.getByLabelText('Looking for guides who are free').getAttribute('aria-busy')).toBe('true');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('We could not load the guides who are free at this time.')).toBeTruthy();
    answer = () => json(reply([]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const empty = await screen.findByTestId('replacement-empty');
    expect(empty.textContent).toMatch(/No other guide is free.*Dec.*5.*07:00 \(Japan time\), or you can take the refund now\./);
    expect(screen.getByRole('button', { name: 'Take the full refund instead' })).toBeTruthy();
  });

  it('past the lapse it says the refund is under way, not a deadline gone by', async () => {
    routes = (url) => (url.includes('/replacements') ? json({ ...reply([]), lapsesAt: '2026-01-01T00:00:00Z' }) : json({}));
    render(wrap(<TripCard booking={awaiting({ replacement: { status: 'open', lapsesAt: '2026-01-01T00:00:00Z', answerBy: null, coveredCents: 0 } })} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('replacement-empty')).textContent).toBe('The time to choose has passed: your deposit is being refunded in full.');
    expect(screen.queryByText(/Choose by/)).toBeNull();
  });

  it('after the choice the card waits for the chosen guide, by the answer time; in Chinese too', async () => {
    const chosen = sampleBooking({ status: 'confirmed', respondBy: '2026-11-27T10:00:00Z', guide: { ...sampleBooking().guide, fullName: 'Mei Chen' }, replacement: { status: 'requested', lapsesAt: '2026-12-04T22:00:00Z', answerBy: '2026-11-25T14:00:00Z', coveredCents: 0 } });
    const { unmount } = render(wrap(<TripCard booking={chosen} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('replacement-waiting')).textContent).toMatch(/^Waiting for Mei Chen to accept, by .*Nov.*25.*23:00 \(Japan time\)\. If they decline, you can choose another guide\.$/);
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={chosen} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('replacement-waiting')).textContent).toMatch(/^正在等待 Mei Chen 接受，截止.*23:00（日本时间）。如果对方拒绝，您可以另选地陪。$/);
    expect(screen.queryByRole('region', { name: '您的地陪取消了行程，请选择新地陪' })).toBeNull();
  });
});

describe('the replacement request on the guide’s card (decision 137)', () => {
  it('is marked and answers by the replacement’s own deadline, not 48 hours after payment', async () => {
    const asked = sampleBooking({ status: 'confirmed', actions: ['accept', 'decline'], respondBy: '2026-11-27T10:00:00Z', replacement: { status: 'requested', lapsesAt: '2026-12-04T22:00:00Z', answerBy: '2026-11-25T14:00:00Z', coveredCents: 6_000 } });
    const { unmount } = render(wrap(<RequestCard booking={asked} />));
    expect(within(await screen.findByTestId('replacement-request')).getByText('Replacement request')).toBeTruthy();
    expect(screen.getByText(/Please answer by .*23:00 \(Japan time\)\. Without an answer the traveler chooses another guide\./)).toBeTruthy();
    expect(screen.queryByText(/19:00/)).toBeNull();
    unmount();
    render(wrap(<RequestCard booking={sampleBooking({ status: 'confirmed', actions: ['accept', 'decline'], respondBy: '2026-11-27T10:00:00Z', replacement: null })} />));
    expect(await screen.findByText(/19:00/)).toBeTruthy();
    expect(screen.queryByTestId('replacement-request')).toBeNull();
  });
});

describe('the no-show report (decision 138)', () => {
  const started = (over: Partial<Booking> = {}) =>
    sampleBooking({ status: 'awaiting_start', travelerConfirmedStart: false, guideConfirmedStart: false, payments: [deposit], noShowRefundCents: 13_200, actions: ['start_confirm'], ...over });
  const past = () => new Date(Date.now() - 60_000).toISOString();

  it('shows nothing before the server’s time, nor without it; the button once that time comes', async () => {
    const { unmount } = render(wrap(<TripCard booking={started({ noShowReportableFrom: null })} now={now} onContactSupport={noop} />));
    await screen.findByRole('button', { name: 'Confirm Start' });
    expect(screen.queryByRole('button', { name: 'Guide did not come' })).toBeNull();
    unmount();
    render(wrap(<TripCard booking={started({ noShowReportableFrom: new Date(Date.now() + 400).toISOString() })} now={now} onContactSupport={noop} />));
    await screen.findByRole('button', { name: 'Confirm Start' });
    expect(screen.queryByRole('button', { name: 'Guide did not come' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Guide did not come' }, { timeout: 3000 })).toBeTruthy();
  });

  it('the traveler reports the guide absent in Chinese: the deposit comes back in full', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    routes = (url, init) =>
      init?.method === 'POST' && url.endsWith('/report-no-show')
        ? json({ ...started({ status: 'cancelled', cancelReason: 'guide_no_show', cancelledBy: 'guide', creditIssued: { amountCents: 5_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: false } }), refund: { amountCents: 13_200, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 } })
        : json({});
    render(wrap(<TripCard booking={started({ noShowReportableFrom: past() })} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: '地陪没有来' }));
    const dialog = await screen.findByRole('dialog', { name: '确认报告地陪没有来？' });
    expect(within(dialog).getByText(/定金 132 元将立即全额退还/)).toBeTruthy();
    expect((await within(dialog).findByTestId('credit-before')).textContent).toContain('同时，您将获得 50 元抵用金');
    expect(within(dialog).getByRole('button', { name: '今天换一位地陪' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('发生了什么（选填）'), { target: { value: '在八重洲北口等了40分钟' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '报告并退款' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'POST' && c.url.endsWith('/api/v2/bookings/12/report-no-show') && c.body === JSON.stringify({ note: '在八重洲北口等了40分钟' }))).toBe(true));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已报告：地陪没有来', description: '132 元已全额退还给您。已为您的下一次预订发放 50 元抵用金，有效期至2027年11月25日，预订时自动抵扣。', variant: 'success' })));
  });

  it('the traveler asks for another guide later today instead of the refund', async () => {
    routes = (url, init) =>
      init?.method === 'POST' && url.endsWith('/report-no-show')
        ? json({ ...started({ status: 'awaiting_replacement', replacement: { status: 'open', lapsesAt: '2026-11-22T04:00:00Z', answerBy: null, coveredCents: 0, reason: null, sameDay: true } }), refund: null })
        : json({});
    render(wrap(<TripCard booking={started({ noShowReportableFrom: past() })} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Guide did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the guide did not come?' });
    expect(within(dialog).getByText(/^Or find another guide for later today/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Report and get my refund' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('What happened (optional)'), { target: { value: 'Waited at the north exit' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find another guide today' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'POST' && c.url.endsWith('/api/v2/bookings/12/report-no-show') && c.body === JSON.stringify({ note: 'Waited at the north exit', replacement: true }))).toBe(true));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reported: the guide did not come', description: 'You can choose a guide for later today below.', variant: 'success' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('nobody free later today (409 no_replacement_today): the sheet says so and the full refund is still there', async () => {
    routes = (url, init) => {
      if (init?.method !== 'POST' || !url.endsWith('/report-no-show')) return json({});
      if (String(init.body).includes('replacement')) return json({ code: 'no_replacement_today', message: 'nobody free', requestId: 'r' }, 409);
      return json({ ...started({ status: 'cancelled', cancelReason: 'guide_no_show', cancelledBy: 'guide' }), refund: { amountCents: 13_200, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 } });
    };
    render(wrap(<TripCard booking={started({ noShowReportableFrom: past() })} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Guide did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the guide did not come?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find another guide today' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No other guide is free later today. You can still take the full refund.');
    expect(screen.getByRole('dialog', { name: 'Report that the guide did not come?' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Find another guide today' }).hasAttribute('disabled')).toBe(true);
    expect(showToast).not.toHaveBeenCalled();
    const refund = within(dialog).getByRole('button', { name: 'Report and get my refund' });
    expect(refund.hasAttribute('disabled')).toBe(false);
    fireEvent.click(refund);
    await waitFor(() => expect(calls().filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([JSON.stringify({ replacement: true }), JSON.stringify({})]));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reported: the guide did not come', description: '132 RMB is refunded to you in full.', variant: 'success' })));
  });

  it('the guide reports the traveler absent: the confirmation says the deposit is kept and the traveler may contest', async () => {
    routes = (url, init) => (init?.method === 'POST' ? json({ ...started({ status: 'cancelled', cancelReason: 'traveler_no_show' }), refund: null }) : json({}));
    render(wrap(<GuideTourCard booking={started({ noShowReportableFrom: past() })} now={now} />));
    expect(screen.queryByRole('button', { name: 'Guide did not come' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Traveler did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the traveler did not come?' });
    expect(within(dialog).getByText('The booking is cancelled and the deposit is kept by the no-show terms. The traveler may contest the report within 48 hours.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Find another guide today' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report no-show' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'POST' && c.body === JSON.stringify({}))).toBe(true));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reported: the traveler did not come' })));
  });

  it('a cancelled card says in words which side did not come, and offers the reported traveler a dispute', async () => {
    const { unmount } = render(wrap(<TripCard booking={started({ status: 'cancelled', cancelledBy: 'guide', cancelReason: 'guide_no_show', actions: [] })} now={now} onContactSupport={noop} />));
    expect(await screen.findByText('You reported that Haruka Tanaka did not come, so the booking was cancelled and your deposit refunded in full.')).toBeTruthy();
    expect(screen.queryByText(/guide_no_show/)).toBeNull();
    unmount();
    render(wrap(<TripCard booking={started({ status: 'cancelled', cancelledBy: 'traveler', cancelReason: 'traveler_no_show', actions: ['dispute'] })} now={now} onContactSupport={noop} />));
    expect(await screen.findByText(/Haruka Tanaka reported that you did not come/)).toBeTruthy();
    expect(screen.queryByText(/traveler_no_show/)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });
});
