import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Itinerary } from '../../shared/schemas/guides';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { Component as ItineraryPage } from './itinerary';

/** /itinerary/{id} of a Japanese-only guide read in Chinese with DeepL on (decision 145). */
const deepl = (text: string) => ({ text, provider: 'DeepL' as const, targetLang: 'zh' as const });
const itinerary: Itinerary = {
  id: 7,
  guideId: 3,
  title: '朝の伏見稲荷と錦市場',
  summary: '人の少ない朝に千本鳥居を歩きます。',
  durationHours: 4,
  language: 'ja',
  titleTranslated: deepl('清晨的伏见稻荷与锦市场'),
  summaryTranslated: deepl('趁人少的清晨走千本鸟居。'),
  stops: [
    {
      time: '08:00',
      title: '伏見稲荷大社',
      description: '千本鳥居をゆっくり歩きます。',
      titleTranslated: deepl('伏见稻荷大社'),
      descriptionTranslated: deepl('慢慢走过千本鸟居。'),
    },
    { time: '11:30', title: '錦市場', description: '食べ歩きでお昼にします。' },
  ],
  shopStops: [],
  guide: {
    id: 3,
    fullName: 'Kenji Morita',
    profilePicture: null,
    serviceCity: 'kyoto',
    hourlyRate: 300,
    basicPricePerHourCents: 30_000,
    currency: 'CNY',
    timeZone: 'Asia/Tokyo',
  },
};

beforeAll(async () => {
  await i18nReady;
  await act(() => i18next.changeLanguage('zh-CN'));
});
// Web test files share one i18next in a worker: the next file starts in English again.
afterAll(() => act(() => i18next.changeLanguage('en')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (body: Itinerary) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
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

describe('the itinerary page by machine translation', () => {
  it('shows title, summary and stops translated, each named "机器翻译 · DeepL", and the original on a tap', async () => {
    open(itinerary);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('清晨的伏见稻荷与锦市场');
    expect(h1.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('趁人少的清晨走千本鸟居。')).toBeTruthy();
    // Title, summary, and the first stop's two texts; the second stop is not translated (yet).
    expect(screen.getAllByTestId('machine-translated').map((n) => n.textContent)).toEqual(
      Array(4).fill('机器翻译 · DeepL'),
    );
    const stops = screen.getAllByRole('listitem');
    expect(within(stops[0]!).getByText('慢慢走过千本鸟居。')).toBeTruthy();
    expect(within(stops[1]!).getByText('食べ歩きでお昼にします。').getAttribute('lang')).toBe('ja');
    // The first toggle is the title's: the heading reads the original, in Japanese.
    fireEvent.click(screen.getAllByRole('button', { name: '显示原文' })[0]!);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('朝の伏見稲荷と錦市場');
    expect(screen.getByRole('heading', { level: 1 }).getAttribute('lang')).toBe('ja');
    fireEvent.click(within(stops[0]!).getAllByRole('button', { name: '显示原文' })[1]!);
    expect(within(stops[0]!).getByText('千本鳥居をゆっくり歩きます。').getAttribute('lang')).toBe('ja');
  });

  it('without translation shows the Japanese original named "原文为日语", no toggle', async () => {
    const { titleTranslated: _t, summaryTranslated: _s, ...plain } = itinerary;
    open({
      ...plain,
      stops: itinerary.stops.map((s) => ({ time: s.time, title: s.title, description: s.description })),
    });
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('朝の伏見稲荷と錦市場');
    expect(h1.getAttribute('lang')).toBe('ja');
    expect(screen.getByTestId('written-in').textContent).toContain('原文为日语');
    expect(screen.queryByRole('button', { name: '显示原文' })).toBeNull();
  });
});
