import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../shared/schemas/messaging';
import type { Offer } from '../../../../shared/schemas/offers';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { TourRequestCard } from '../tour-request/tour-request-card';
import { OfferCard } from './offer-card';

// The reader is in UTC, nine hours behind Japan all year (as availability-calendar.test.tsx): the cards add their own
// time.
process.env.TZ = 'UTC';

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const offer = (over: Partial<Offer> = {}): Offer => ({
  id: 8,
  conversationId: 4,
  messageId: 30,
  requestMessageId: 29,
  guideId: 3,
  guideUserId: 9,
  travelerId: 1,
  status: 'open',
  date: '2026-12-05',
  startTime: '10:00',
  timeZone: 'Asia/Tokyo',
  startsAt: '2026-12-05T01:00:00.000Z',
  endsAt: '2026-12-05T04:00:00.000Z',
  durationHours: 3,
  travelers: 2,
  subcategory: { id: 12, nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' },
  priceCents: 88_800,
  suggestedCents: 99_000,
  depositCents: 17_760,
  currency: 'CNY',
  rate: { jpyPerCny: '20.5', asOf: '2026-11-20', source: 'fixed' },
  meetingAddress: 'Tsukiji Station exit 1',
  meetingPostalCode: '104-0045',
  itinerary: 'Tsukiji outer market, Hamarikyu garden',
  guideDrives: false,
  shopStops: [],
  extras: { mealYen: 2000, transportYen: 14_000, ticketsYen: 2000, totalYen: 18_000 },
  expiresAt: '2026-12-01T01:00:00.000Z',
  declineReason: null,
  booking: null,
  createdAt: '2026-11-29T01:00:00.000Z',
  ...over,
});

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('OfferCard', () => {
  it('shows the traveler the fee in RMB, the deposit rule and the extras as yen paid on site, with Book this offer', async () => {
    wrap(<OfferCard offer={offer()} isGuideView={false} />);
    const card = await screen.findByTestId('offer-card');
    expect(screen.getByTestId('offer-fee').textContent).toBe('888 RMB');
    expect(card.textContent).toContain(
      'Deposit online: 177.60 RMB. The rest, 710.40 RMB, is paid to the guide in person.',
    );
    expect(screen.getByTestId('offer-extras').textContent).toContain('¥18,000 (JPY, ≈ 900 RMB)');
    expect(screen.getByTestId('offer-extras').textContent).toContain('not charged online');
    // The rate-based price is for the guide's eyes.
    expect(card.textContent).not.toContain('Rate-based price');
    const book = screen.getByRole('link', { name: 'Book this offer' });
    expect(book.getAttribute('href')).toBe('/checkout?offer=8');
    expect(screen.queryByRole('button', { name: 'Withdraw offer' })).toBeNull();
    // No shop stop is said in words (decision 135).
    expect(screen.getByTestId('shop-stops').textContent).toContain(
      'No shop stops: the guide declared none for this tour.',
    );
  });

  it("shows a Chinese traveler a Japanese offer's itinerary by machine translation, the original one tap away", async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const itinerary = '築地場外市場で朝ごはん、浜離宮で抹茶';
    wrap(
      <OfferCard
        offer={offer({
          itinerary,
          itineraryLanguage: 'ja',
          itineraryTranslated: { text: '在筑地场外市场吃早餐，在滨离宫喝抹茶', provider: 'DeepL', targetLang: 'zh' },
        })}
        isGuideView={false}
      />,
    );
    const card = within(await screen.findByTestId('offer-card'));
    expect(card.getByTestId('translated-text').textContent).toBe('在筑地场外市场吃早餐，在滨离宫喝抹茶');
    expect(card.getByTestId('machine-translated').textContent).toContain('机器翻译 · DeepL');
    fireEvent.click(card.getByRole('button', { name: '显示原文' }));
    expect(card.getByTestId('original-text').textContent).toBe(itinerary);
    expect(card.getByTestId('original-text').getAttribute('lang')).toBe('ja');
  });

  it('lists each declared shop stop and whether the shop pays the guide', async () => {
    wrap(
      <OfferCard
        offer={offer({
          shopStops: [
            { name: 'Ginza pearl shop', minutes: 30, paidByShop: true },
            { name: 'Tsukiji knife shop', minutes: 15, paidByShop: false },
          ],
        })}
        isGuideView={false}
      />,
    );
    const items = within(await screen.findByTestId('shop-stops'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Ginza pearl shop, 30 min The shop pays the guide for bringing you.',
      'Tsukiji knife shop, 15 min The guide is not paid by the shop.',
    ]);
  });

  it('lets the traveler decline with a reason', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: offer({ status: 'declined', declineReason: 'price' }) }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    wrap(<OfferCard offer={offer()} isGuideView={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByLabelText('The price'));
    fireEvent.click(screen.getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = (fetch.mock.calls as unknown as [RequestInfo, RequestInit][])[0]!;
    expect(String(url)).toContain('/api/v2/offers/8/decline');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'price' });
  });

  it('shows the guide the rate-based price and Withdraw, never Book', async () => {
    wrap(<OfferCard offer={offer()} isGuideView />);
    const card = await screen.findByTestId('offer-card');
    expect(card.textContent).toContain('Rate-based price990 RMB');
    expect(screen.getByRole('button', { name: 'Withdraw offer' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book this offer' })).toBeNull();
  });

  it('reads "Booked TG0042" once booked, and offers nothing more to press', async () => {
    wrap(
      <OfferCard
        offer={offer({ status: 'booked', booking: { id: 42, bookingNumber: 'TG0042', status: 'upcoming' } })}
        isGuideView={false}
      />,
    );
    expect((await screen.findByTestId('offer-status')).textContent).toBe('Booked TG0042');
    expect(screen.queryByRole('link', { name: 'Book this offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('in Chinese: 元 for the fee, 日元 for the extras, and "已预订 TG0042"', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const { unmount } = wrap(<OfferCard offer={offer()} isGuideView={false} />);
    expect((await screen.findByTestId('offer-fee')).textContent).toBe('888 元');
    expect(screen.getByTestId('offer-extras').textContent).toContain('18,000 日元（约 900 元）');
    expect(screen.getByTestId('offer-card').textContent).toContain('2026年12月5日 10:00（日本时间）');
    expect(screen.getByRole('link', { name: '预订此报价' })).toBeTruthy();
    expect(screen.getByTestId('offer-status').textContent).toBe('待预订');
    unmount();
    wrap(
      <OfferCard
        offer={offer({ status: 'booked', booking: { id: 42, bookingNumber: 'TG0042', status: 'upcoming' } })}
        isGuideView
      />,
    );
    expect((await screen.findByTestId('offer-status')).textContent).toBe('已预订 TG0042');
  });

  it('says what became of an expired, withdrawn or declined offer in both languages', async () => {
    for (const [status, en, zh] of [
      ['expired', 'Expired', '已过期'],
      ['withdrawn', 'Withdrawn', '已撤回'],
      ['declined', 'Declined', '已婉拒'],
    ] as const) {
      await act(() => i18next.changeLanguage('en'));
      const a = wrap(<OfferCard offer={offer({ status })} isGuideView={false} />);
      expect((await screen.findByTestId('offer-status')).textContent).toBe(en);
      expect(screen.queryByRole('link', { name: 'Book this offer' })).toBeNull();
      a.unmount();
      await act(() => i18next.changeLanguage('zh-CN'));
      const b = wrap(<OfferCard offer={offer({ status })} isGuideView={false} />);
      expect((await screen.findByTestId('offer-status')).textContent).toBe(zh);
      b.unmount();
    }
  });
});

describe('a tour request answered by an offer', () => {
  const request = (state: Partial<NonNullable<Message['tourRequest']>['state']>): Message => ({
    id: 29,
    clientMessageId: 'abcdefgh29',
    conversationId: 4,
    senderId: 1,
    body: '',
    kind: 'tour_request',
    masked: false,
    sentAt: '2026-11-22T10:00:00.000Z',
    readAt: null,
    offer: null,
    tourRequest: {
      date: '2026-12-05',
      startTime: '10:00',
      durationHours: 3,
      travelers: 2,
      meal: 'shared_meal',
      meals: 2,
      transport: 'nearby_city',
      tickets: 'pay_on_site_together',
      ticketCount: 2,
      itinerary: 'Tsukiji',
      groupComposition: '',
      meetingAddress: 'Tsukiji Station exit 1',
      meetingPostalCode: '104-0045',
      subcategoryId: 12,
      service: null,
      state: {
        status: 'offered',
        rejectReason: null,
        bookingId: null,
        offer: null,
        allowances: { mealYen: 2000, transportYen: 14_000, ticketsYen: 2000, totalYen: 18_000 },
        ...state,
      },
    },
  });

  it('writes the tour time as every card does: Japan time first, the reader’s own in brackets, on the request and the offer', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const a = wrap(<TourRequestCard message={request({ status: 'pending' })} isGuideView={false} />);
    expect((await screen.findByTestId('tour-request-card')).textContent).toContain(
      '2026年12月5日 10:00（日本时间）（您当地时间 01:00）',
    );
    a.unmount();
    // 08:00 in Japan is still the day before in UTC: the reader's date is given.
    wrap(<OfferCard offer={offer({ startTime: '08:00', startsAt: '2026-12-04T23:00:00.000Z' })} isGuideView={false} />);
    expect(screen.getByTestId('tour-time').textContent).toBe('08:00（日本时间）');
    expect(screen.getByTestId('tour-time-own').textContent).toBe('（您当地时间2026年12月4日 23:00）');
  });

  it('reads "Booked TG0042" / "已预订 TG0042" on both sides once the offer is booked', async () => {
    const booked = { id: 8, status: 'booked' as const, bookingId: 42, bookingNumber: 'TG0042' };
    const a = wrap(<TourRequestCard message={request({ offer: booked })} isGuideView />);
    expect((await screen.findByTestId('tour-request-status')).textContent).toBe('Booked TG0042');
    a.unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    wrap(<TourRequestCard message={request({ offer: booked })} isGuideView={false} />);
    expect((await screen.findByTestId('tour-request-status')).textContent).toBe('已预订 TG0042');
  });

  it('lets the guide make an offer on a pending request, and a new one after a declined offer', async () => {
    const onOffer = vi.fn();
    const a = wrap(<TourRequestCard message={request({ status: 'pending' })} isGuideView onOffer={onOffer} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    expect(onOffer).toHaveBeenCalledTimes(1);
    a.unmount();
    wrap(
      <TourRequestCard
        message={request({ offer: { id: 8, status: 'declined', bookingId: null, bookingNumber: null } })}
        isGuideView
        onOffer={onOffer}
      />,
    );
    expect((await screen.findByTestId('tour-request-status')).textContent).toBe('Offer declined');
    fireEvent.click(screen.getByRole('button', { name: 'Make a new offer' }));
    expect(onOffer).toHaveBeenCalledTimes(2);
  });
});
