import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuideListReply, GuideSummary } from '../../../../shared/schemas/guides';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { Component as SearchPage } from '../../../pages/search';

/**
 * Empty results that help (decision 104), on /search with a stubbed API: licensed guides in Tokyo
 * are none. The page names the licence filter, offers a chip per filter (with how many guides each
 * brings back) and Clear all, shows the nearest guides without the licence, and the folded search bar
 * names every filter; one tap on the chip brings the results back.
 */
const guide = (id: number, name: string): GuideSummary => ({
  id,
  userId: 100 + id,
  user: { id: 100 + id, fullName: name, profilePicture: null },
  serviceCity: 'tokyo',
  bio: 'Tokyo by foot.',
  bioLanguage: 'en',
  languages: ['zh', 'ja'],
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
  instantBook: false,
  minNoticeHours: 24,
});
const TOKYO = [guide(1, 'Aoi Sato'), guide(2, 'Ren Ito'), guide(3, 'Mei Kato'), guide(4, 'Sora Abe')];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let searches: URLSearchParams[] = [];

function Where() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback="loading">
          <Routes>
            <Route
              path="/search"
              element={
                <>
                  <SearchPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['search', 'guides', 'licences']);
});
beforeEach(() => {
  searches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v2/guides') {
        const q = url.searchParams;
        searches.push(q);
        const limit = Number(q.get('limit'));
        const reply: GuideListReply =
          q.get('licensed') === 'true'
            ? { data: [], total: 0, page: 1, limit, withoutFilter: { language: 0, licensed: 4 } }
            : { data: TOKYO.slice(0, limit), total: 4, page: 1, limit };
        return json(reply);
      }
      if (url.pathname === '/api/v2/guides/price-bounds') return json({ lowest: 200, highest: 600 });
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('/search with no result', () => {
  it('licensed guides in Tokyo: names the filter, shows the nearest guides, and one tap on its chip brings them back (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    renderAt('/search?city=tokyo&language=zh&licensed=true');
    expect(await screen.findByText('东京没有符合“持证地陪”的地陪')).toBeTruthy();
    expect(screen.queryByText(/请稍后再试/)).toBeNull();
    const chips = screen.getByRole('list', { name: '当前筛选条件' });
    expect(within(chips).getByRole('button', { name: '清除“持证地陪”：4 位地陪' })).toBeTruthy();
    expect(within(chips).getByRole('button', { name: '清除“会说中文”：0 位地陪' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '清除全部筛选' })).toBeTruthy();
    // The nearest results: the same search without the licence, its first three guides.
    const nearest = await screen.findByRole('region', { name: '去掉“持证地陪”后有 4 位地陪' });
    expect(await within(nearest).findAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(
      searches.some((q) => q.get('licensed') === null && q.get('limit') === '3' && q.get('language') === 'zh'),
    ).toBe(true);
    // The folded search bar names every filter, the language and the licence included.
    expect(screen.getByTestId('search-summary').textContent).toBe('东京 · 会说中文 · 持证地陪');

    fireEvent.click(within(chips).getByRole('button', { name: /持证地陪/ }));
    expect(screen.getByTestId('url').textContent).toBe('/search?city=tokyo&language=zh');
    expect(await screen.findByText('找到 4 位地陪')).toBeTruthy();
    expect(screen.queryByTestId('empty-results')).toBeNull();
    expect((screen.getByRole('checkbox', { name: '只看持证地陪' }) as HTMLInputElement).checked).toBe(false);
  });

  it('in English; Clear all keeps the city and drops every filter', async () => {
    renderAt('/search?city=tokyo&language=zh&services=3&travelers=2&licensed=true');
    expect(await screen.findByText('No guides in Tokyo match “Licensed guides”')).toBeTruthy();
    expect(screen.getByText('Clear it to see the guides it hid:')).toBeTruthy();
    expect(screen.getByTestId('search-summary').textContent).toMatch(
      /^Tokyo · 2 travelers · Speaks Chinese · .+ · Licensed guides$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(screen.getByTestId('url').textContent).toBe('/search?city=tokyo');
  });
});
