import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../../shared/availability';
import type { Offer } from '../../../../shared/schemas/offers';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { pickDate } from '../../../test/pick-date';
import { OfferCard } from './offer-card';
import { OfferForm } from './offer-form';

/** A yen guide's offer (decision 164): the fee typed, checked and shown in yen. */
process.env.TZ = 'UTC';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bodies: Record<string, unknown>[] = [];
const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(() => i18nReady);
beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      if (String(url).includes('offer-quote'))
        return json({
          suggestedCents: 15_000,
          floorCents: 7_500,
          ceilingCents: 150_000,
          depositRate: 0.2,
          currency: 'JPY',
        });
      // Today's rate differs from the one the offer was priced at, so a card read at today's would show.
      if (String(url).includes('/fx/rate')) return json({ jpyPerCny: '22', asOf: '2026-11-27', source: 'fixed' });
      if (String(url).includes('credentials')) return json({ licence: null, insurance: null, mayDrive: false });
      return json({}, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

async function fillTerms() {
  const form = await screen.findByTestId('offer-form');
  pickDate(form, addDays(todayInZone('Asia/Tokyo'), 10));
  fireEvent.change(screen.getByLabelText('Meeting address'), { target: { value: 'Gion Shijo Station exit 6' } });
  fireEvent.change(screen.getByLabelText('Meeting postal code'), { target: { value: '6050074' } });
  fireEvent.change(screen.getByLabelText('Itinerary'), { target: { value: 'Yasaka Shrine, Hanamikoji, Kennin-ji' } });
  return form;
}

describe('the offer form of a guide who prices in yen', () => {
  it('takes whole yen, states the floor in yen and sends the fee as yen', async () => {
    wrap(<OfferForm conversationId={7} request={null} onDone={() => {}} />);
    const fee = (await screen.findByLabelText('Your fee for the whole tour (yen)')) as HTMLInputElement;
    expect(fee.placeholder).toBe('15000');
    expect(screen.getByTestId('offer-quote').textContent).toBe(
      'Rate-based price: ¥15,000 (JPY). Lowest fee: ¥7,500 (JPY). The traveler pays a deposit of ¥3,000 (JPY) online and the rest to you in person.',
    );
    const form = await fillTerms();
    fireEvent.change(fee, { target: { value: '8000.5' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(form.querySelector('#of-fee-error')?.textContent).toBe('Please enter the fee in yen, for example 8000.'),
    );
    fireEvent.change(fee, { target: { value: '7000' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(form.querySelector('#of-fee-error')?.textContent).toBe('The fee must be at least ¥7,500 (JPY).'),
    );
    expect(bodies).toEqual([]);
    fireEvent.change(fee, { target: { value: '9000' } });
    fireEvent.submit(form);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ priceCents: 9_000 });
  });

  it('reads in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    wrap(<OfferForm conversationId={7} request={null} onDone={() => {}} />);
    expect(await screen.findByLabelText('ツアー全体のガイド料金（円）')).toBeTruthy();
    expect(screen.getByTestId('offer-quote').textContent).toContain(
      '料金設定による価格：15,000円。最低料金：7,500円。',
    );
  });
});

describe('the card of a yen offer', () => {
  const offer: Offer = {
    id: 8,
    conversationId: 4,
    messageId: 30,
    requestMessageId: null,
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
    days: 1,
    travelers: 2,
    subcategory: null,
    priceCents: 8_000,
    suggestedCents: 15_000,
    depositCents: 1_600,
    currency: 'JPY',
    rate: { jpyPerCny: '20.5', asOf: '2026-11-20', source: 'fixed' },
    meetingAddress: 'Gion Shijo Station exit 6',
    meetingPostalCode: '605-0074',
    itinerary: 'Yasaka Shrine, Hanamikoji',
    guideDrives: false,
    shopStops: [],
    extras: { mealYen: 0, transportYen: 0, ticketsYen: 0, totalYen: 0 },
    expiresAt: '2026-12-01T01:00:00.000Z',
    declineReason: null,
    booking: null,
    createdAt: '2026-11-29T01:00:00.000Z',
  };

  it('shows the guide her fee, the rate-based price and the deposit in yen', async () => {
    await act(() => i18next.changeLanguage('ja'));
    wrap(<OfferCard offer={offer} isGuideView />);
    expect((await screen.findByTestId('offer-fee')).textContent).toBe('8,000円');
    const card = screen.getByTestId('offer-fee').closest('article') ?? document.body;
    expect(card.textContent).toContain('15,000円');
    expect(card.textContent).toContain(
      'オンラインでの予約金：1,600円。残りの6,400円は、当日現地払いでガイドに直接お支払いください。',
    );
    expect(card.textContent).not.toContain('元');
  });

  it('shows a Chinese traveler the fee in yuan at the rate the offer was priced at, her yen beside it', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    wrap(<OfferCard offer={offer} isGuideView={false} />);
    // ¥8,000 at 20.5 yen per yuan is 390.24 元 (at today's 22 it would be 363.64 元).
    expect((await screen.findByTestId('offer-fee')).textContent).toBe('约 390.24 元 · 8,000 日元');
    expect(document.body.textContent).not.toContain('363.64');
  });

  it('reads an offer made before offers kept a rate at today’s', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    wrap(<OfferCard offer={{ ...offer, rate: null }} isGuideView={false} />);
    await waitFor(() => expect(screen.getByTestId('offer-fee').textContent).toBe('约 363.64 元 · 8,000 日元'));
  });
});
