import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GuideListReply, GuideSummary } from '../../../../shared/schemas/guides';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { Component as SearchPage } from '../../../pages/search';

/**
 * A family searches on /search with a stubbed API (decisions 152, 176): the form sends the ages as
 * adults, children and infants beside `travelers`, and the length; the card shows the trip the server
 * priced and links to the profile with the whole question.
 */
const card: GuideSummary = {
  id: 1,
  userId: 101,
  user: { id: 101, fullName: 'Aoi Sato', profilePicture: null },
  serviceCity: 'tokyo',
  bio: 'Tokyo by foot.',
  bioLanguage: 'en',
  languages: ['zh'],
  services: [],
  hourlyRate: 300,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  currency: 'CNY',
  rating: 4.5,
  reviewCount: 3,
  minPeople: 1,
  maxPeople: 6,
  minDuration: 2,
  maxDuration: 8,
  groupPricing: { includedPeople: 1, childPriceRate: 0.5, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  isSaved: false,
  responsiveness: { rate: null, typicalMinutes: null, isNew: true },
  licence: null,
  instantBook: false,
  minNoticeHours: 24,
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['search', 'guides', 'licences']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a family’s search', () => {
  it('sends 2 adults, 1 child, 1 infant and three days, and shows the trip’s price on the card', async () => {
    const searches: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v2/guides') {
          searches.push(url.searchParams);
          // The server's price of the question: three days of eight hours for the family (decision 176).
          const group = url.searchParams.get('adults')
            ? {
                adults: 2,
                children: 1,
                infants: 1,
                hours: 24,
                totalCents: 810_000,
                days: 3,
                dayHours: 8,
                dayTotalCents: 270_000,
                chargeCurrency: 'CNY' as const,
                chargeTotal: 810_000,
                chargeDayTotal: 270_000,
              }
            : undefined;
          const data = [{ ...card, ...(group && { groupQuote: group }) }];
          return json({ data, total: 1, page: 1, limit: 12 } satisfies GuideListReply);
        }
        if (url.pathname === '/api/v2/guides/price-bounds') return json({ lowest: 200, highest: 600 });
        return json({});
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/search?city=tokyo']}>
          <Suspense fallback="loading">
            <Routes>
              <Route path="/search" element={<SearchPage />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Aoi Sato')).toBeTruthy();
    expect(screen.queryByTestId('group-total')).toBeNull();
    fireEvent.change(screen.getByLabelText('Travelers'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Children (3–11)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Infants (under 3)'), { target: { value: '1' } });
    // Two of four are not adults: the children's select leaves one adult at least (0–2 with an infant).
    expect((screen.getByLabelText('Children (3–11)') as HTMLSelectElement).options.length).toBe(3);
    fireEvent.change(screen.getByLabelText('How long'), { target: { value: 'd3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('group-total')).textContent).toBe(
      '4 people · 3 days, 8 hours a day2,700 RMB a day8,100 RMB in allThe guide confirms after you pay the deposit',
    );
    const sent = searches.at(-1)!;
    expect([
      sent.get('travelers'),
      sent.get('adults'),
      sent.get('children'),
      sent.get('infants'),
      sent.get('days'),
      sent.get('durationHours'),
    ]).toEqual(['4', '2', '1', '1', '3', null]);
    // The cards are priced in the reader's currency.
    expect(sent.get('chargeCurrency')).toBe('CNY');
    // The card's link carries the whole question to the profile (decision 176).
    const link = new URL(screen.getByRole('link', { name: 'Aoi Sato' }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries([...link.searchParams].filter(([k]) => k !== 'redirect'))).toEqual({
      adults: '2',
      children: '1',
      infants: '1',
      days: '3',
    });
    // The folded bar a phone shows sums up the family, ages included, and the length.
    expect(screen.getByText('Tokyo · 3 days · 4 travelers (1 child, 1 infant)')).toBeTruthy();
    await act(() => i18next.changeLanguage('zh-CN'));
    expect(screen.getByText('东京 · 3 天 · 4 人（含儿童 1 人、婴儿 1 人）')).toBeTruthy();
  });
});
