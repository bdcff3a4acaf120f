import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Itinerary } from '../../shared/schemas/guides';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { Component as ItineraryPage } from './itinerary';

/**
 * The guide's hourly price under an itinerary, as the guide cards show it (decision 168): in the
 * reader's currency, a price in the other one about as much at today's rate with the guide's own
 * beside it; a yuan guide read in yuan as before.
 */
const itinerary = (basicPricePerHourCents: number, currency: 'CNY' | 'JPY'): Itinerary => ({
  id: 7,
  guideId: 3,
  title: '朝の伏見稲荷',
  summary: '人の少ない朝に歩きます。',
  durationHours: 4,
  language: 'ja',
  stops: [{ time: '08:00', title: '伏見稲荷大社', description: '千本鳥居。' }],
  shopStops: [],
  guide: {
    id: 3,
    fullName: 'Kenji Morita',
    profilePicture: null,
    serviceCity: 'kyoto',
    hourlyRate: 0,
    basicPricePerHourCents,
    currency,
    timeZone: 'Asia/Tokyo',
  },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const open = (body: Itinerary) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/v2/fx/rate')
        ? json({ jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' })
        : json(body),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/itinerary/7']}>
        <Routes>
          <Route path="/itinerary/:id" element={<ItineraryPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['guides', 'common']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the price under an itinerary', () => {
  it.each([
    ['zh-CN', 4_000, 'JPY', '约 200 元 · 4,000 日元/小时'],
    ['ja', 4_000, 'JPY', '4,000円／時間'],
    ['en', 4_000, 'JPY', '≈ 200 RMB · ¥4,000 (JPY) / hour'],
    ['zh-CN', 30_000, 'CNY', '300 元/小时'],
    ['en', 30_000, 'CNY', '300 RMB / hour'],
  ] as const)('%s, a guide at %i in %s', async (locale, cents, currency, text) => {
    await act(() => i18next.changeLanguage(locale));
    open(itinerary(cents, currency));
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === text)).toBeTruthy();
  });
});
