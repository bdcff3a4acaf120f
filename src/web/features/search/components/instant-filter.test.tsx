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
 * "Instant confirmation" on /search (decision 153), with a stubbed API: the filter asks the API for
 * `instantBook=true`, and a card of a guide who confirms at once carries the badge, in Chinese.
 */
const guide = (id: number, name: string, instantBook: boolean): GuideSummary => ({
  id,
  userId: 100 + id,
  user: { id: 100 + id, fullName: name, profilePicture: null },
  serviceCity: 'tokyo',
  bio: 'Tokyo by foot.',
  bioLanguage: 'en',
  languages: ['zh'],
  services: [],
  hourlyRate: 300,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 3000,
  currency: 'CNY',
  rating: 4.5,
  reviewCount: 3,
  minPeople: 1,
  maxPeople: 6,
  minDuration: 2,
  maxDuration: 8,
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  isSaved: false,
  responsiveness: { rate: null, typicalMinutes: null, isNew: true },
  licence: null,
  instantBook,
  minNoticeHours: 24,
});
const ALL = [guide(1, 'Aoi Sato', true), guide(2, 'Ren Ito', false)];
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

describe('the instant confirmation filter and badge', () => {
  it('asks for instant guides only when ticked, and badges their cards (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const searches: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v2/guides') {
          searches.push(url.searchParams);
          const data = url.searchParams.get('instantBook') === 'true' ? ALL.filter((g) => g.instantBook) : ALL;
          return json({
            data,
            total: data.length,
            page: 1,
            limit: Number(url.searchParams.get('limit')),
          } satisfies GuideListReply);
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
    expect(await screen.findByText('Ren Ito')).toBeTruthy();
    expect(screen.getAllByTestId('instant-badge').map((b) => b.textContent)).toEqual(['可即时确认']);
    fireEvent.click(screen.getByRole('checkbox', { name: '可即时确认' }));
    await vi.waitFor(() => expect(screen.queryByText('Ren Ito')).toBeNull());
    expect(searches.at(-1)!.get('instantBook')).toBe('true');
    expect(screen.getByText('Aoi Sato')).toBeTruthy();
  });
});
