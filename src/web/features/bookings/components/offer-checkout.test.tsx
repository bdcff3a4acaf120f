import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../../shared/schemas/offers';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { offerPriceLines } from '../lib/price';
import { CheckoutForm } from './checkout-form';
import type { TourInfo } from './tour-summary';

/** Booking a guide's offer (decision 078): the checkout shows its terms fixed and books with { offerId } alone. */
const offer: Offer = {
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
  subcategory: null,
  priceCents: 88_800,
  suggestedCents: 99_000,
  depositCents: 17_760,
  currency: 'CNY',
  rate: { jpyPerCny: '20.5', asOf: '2026-11-20', source: 'fixed' },
  meetingAddress: 'Tsukiji Station exit 1',
  meetingPostalCode: '104-0045',
  itinerary: 'Tsukiji outer market, Hamarikyu garden',
  guideDrives: false,
  shopStops: [{ name: 'Nakamise souvenir shop', minutes: 20, paidByShop: true }],
  extras: { mealYen: 2000, transportYen: 14_000, ticketsYen: 2000, totalYen: 18_000 },
  expiresAt: '2026-12-01T01:00:00.000Z',
  declineReason: null,
  booking: null,
  createdAt: '2026-11-29T01:00:00.000Z',
};
const tour: TourInfo = {
  guide: { userId: 9, fullName: 'Haruka Tanaka', profilePicture: null, serviceCity: 'tokyo' },
  date: offer.date,
  startTime: offer.startTime,
  startsAt: offer.startsAt,
  timeZone: offer.timeZone,
  hours: 3,
  travelers: 2,
  service: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function renderCheckout(onCreated = vi.fn()) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <CheckoutForm
            tour={tour}
            price={offerPriceLines(offer)}
            offer={offer}
            guideProfilePath="/guides/3"
            onCreated={onCreated}
            onPaid={vi.fn()}
            onApproval={vi.fn()}
            onContactSupport={vi.fn()}
          />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CheckoutForm with a guide’s offer', () => {
  it('shows the offer’s meeting point, itinerary, extras and price, fixed, and books with { offerId } only', async () => {
    const fetch = vi.fn(async (url: RequestInfo, init?: RequestInit) => {
      if (String(url).endsWith('/api/v2/bookings') && init?.method === 'POST')
        return json({ id: 77, totalPriceCents: 88_800, depositCents: 17_760 }, 201);
      if (String(url).includes('/payments')) return json({ code: 'payment_failed', message: 'no' }, 402);
      return json({ demo: true, publishableKey: null, support: { provider: 'builtin' } });
    });
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    renderCheckout(onCreated);
    const fixed = await screen.findByTestId('meeting-fixed');
    expect(fixed.textContent).toContain('〒104-0045');
    expect(fixed.textContent).toContain('Tsukiji outer market, Hamarikyu garden');
    expect(screen.getByTestId('offer-extras-note').textContent).toContain('¥18,000 (JPY)');
    expect(screen.queryByLabelText('Meeting address')).toBeNull();
    expect(screen.getByText("The guide's offer: 3 h, 2 people")).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Pay 177.60 RMB' });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(pay);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = (fetch.mock.calls as unknown as [RequestInfo, RequestInit][]).find(
      ([u, i]) => String(u).endsWith('/api/v2/bookings') && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(post[1].body))).toEqual({ offerId: 8, chargeCurrency: 'CNY' });
  });

  it('in Chinese: the offer’s price line and the extras in 日元', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ demo: true, publishableKey: null })),
    );
    await act(() => i18next.changeLanguage('zh-CN'));
    renderCheckout();
    expect((await screen.findByTestId('offer-extras-note')).textContent).toContain('18,000 日元');
    expect(screen.getByText('地陪报价：3 小时，2 人')).toBeTruthy();
    expect(screen.getByTestId('offer-price-note').textContent).toBe('价格为地陪的报价，所有信息已按报价填好。');
    expect(screen.getByRole('button', { name: '支付 177.60 元' })).toBeTruthy();
  });

  it('reviews the booking beside Pay (decision 122): this offer’s amounts per cancellation tier, the method, how long it is open — in both languages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ demo: true, publishableKey: null })),
    );
    renderCheckout();
    const review = await screen.findByRole('region', { name: 'Review your booking' });
    const text = review.textContent!;
    expect(text).toContain('Haruka Tanaka');
    expect(text).toContain('Total888 RMB');
    expect(text).toContain('Paid now, online177.60 RMB');
    expect(text).toContain('Paid in person to your guide710.40 RMB');
    expect(text).toContain('Card: 177.60 RMB, charged when you press Pay.');
    // The deposit of 177.60 RMB by the tiers: half back 3 to 7 days before, a quarter 1 to 3 days before.
    const rows = within(review)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('3 to 7 days before88.80 RMB88.80 RMB');
    expect(rows).toContain('1 to 3 days before44.40 RMB133.20 RMB');
    expect(rows).toContain('A documented emergency150.96 RMB26.64 RMB');
    expect(within(review).getByTestId('order-review-validity').textContent).toBe(
      'This offer is open until Dec 1, 2026, 10:00 (Japan time).',
    );
    // The shop stop the offer declared, and that the shop pays the guide (decision 135).
    expect(within(review).getByTestId('shop-stops').textContent).toContain(
      'Nakamise souvenir shop, 20 min The shop pays the guide for bringing you.',
    );
    // The chosen method is the one the review names.
    fireEvent.click(screen.getByRole('radio', { name: /Alipay/ }));
    expect(review.textContent).toContain('Alipay: 177.60 RMB, charged when you press Pay.');
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    renderCheckout();
    const zh = await screen.findByRole('region', { name: '确认订单内容' });
    expect(zh.textContent).toContain('总价888 元');
    expect(zh.textContent).toContain('余款 710.40 元 于行程当天当面支付给地陪。');
    expect(
      within(zh)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toContain('开始前 3–7 天88.80 元88.80 元');
    expect(within(zh).getByTestId('shop-stops').textContent).toContain(
      'Nakamise souvenir shop，20 分钟 商店会向地陪支付带客费用。',
    );
    expect(within(zh).getByTestId('order-review-validity').textContent).toBe(
      '此报价有效期至2026年12月1日 10:00（日本时间）。',
    );
  });
});
