import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GuideSummary } from '../../shared/schemas/guides';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { SearchForm } from '../features/search/components/search-form';
import { legacyServiceCategories } from '../features/guides/api/get-service-categories';
import { GuideCard } from '../features/guides/components/guide-card';

const guide: GuideSummary = {
  id: 7,
  userId: 70,
  user: { id: 70, fullName: 'Haruka Tanaka', profilePicture: '/api/v2/avatars/x-f.svg' },
  serviceCity: 'kyoto',
  bio: 'I love temples.',
  bioLanguage: 'en',
  languages: ['ja', 'zh'],
  services: [
    {
      id: 1,
      categoryId: 1,
      nameEn: 'City walking tour',
      nameCn: '城市漫步',
      nameJa: '街歩きツアー',
      priceCents: 30000,
    },
    {
      id: 2,
      categoryId: 1,
      nameEn: 'Temples and shrines',
      nameCn: '寺庙神社',
      nameJa: '寺社めぐり',
      priceCents: 30000,
    },
    {
      id: 5,
      categoryId: 2,
      nameEn: 'Street food tour',
      nameCn: '街头美食之旅',
      nameJa: '食べ歩きツアー',
      priceCents: 30000,
    },
    {
      id: 6,
      categoryId: 2,
      nameEn: 'Izakaya evening',
      nameCn: '居酒屋之夜',
      nameJa: '居酒屋で過ごす夜',
      priceCents: 30000,
    },
  ],
  hourlyRate: 300,
  basicPricePerHourCents: 30000,
  additionalPricePerPersonCents: 3000,
  currency: 'CNY',
  rating: 4.75,
  reviewCount: 12,
  minPeople: 1,
  maxPeople: 6,
  minDuration: 2,
  maxDuration: 8,
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  isSaved: false,
  responsiveness: { rate: 95, typicalMinutes: 42, isNew: false },
  licence: null,
  instantBook: false,
  minNoticeHours: 24,
};

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/search?city=kyoto']}>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('GuideCard', () => {
  it('shows the name, rating, two service tags plus "+2 more", the hourly price in RMB and links with redirect', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(wrap(<GuideCard guide={guide} />));
    expect(await screen.findByRole('heading', { name: 'Haruka Tanaka' })).toBeTruthy();
    expect(screen.getByText('City walking tour')).toBeTruthy();
    expect(screen.getByText('Temples and shrines')).toBeTruthy();
    expect(screen.queryByText('Street food tour')).toBeNull();
    expect(screen.getByText('+2 more')).toBeTruthy();
    expect(screen.getByText('300 RMB / hour')).toBeTruthy();
    expect(screen.getByText('4.8')).toBeTruthy();
    const profile = screen.getByRole('link', { name: 'View Profile' });
    expect(profile.getAttribute('href')).toBe('/guides/7?redirect=%2Fsearch%3Fcity%3Dkyoto');
    expect(screen.getByRole('img', { name: 'Photo of Haruka Tanaka', hidden: true }).getAttribute('width')).toBe('400');
    expect(document.body.textContent).not.toContain('¥');
  });

  it('reads in Chinese: 元/小时 and Chinese tag names', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<GuideCard guide={guide} />));
    expect(await screen.findByText('300 元/小时')).toBeTruthy();
    expect(screen.getByText('城市漫步')).toBeTruthy();
    expect(screen.getByText('+2 项')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看资料' })).toBeTruthy();
  });

  it('reads in Japanese: the services by their Japanese names (decision 144), no English left', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<GuideCard guide={guide} />));
    expect(await screen.findByText('街歩きツアー')).toBeTruthy();
    expect(screen.getByText('寺社めぐり')).toBeTruthy();
    expect(screen.queryByText('City walking tour')).toBeNull();
    expect(screen.queryByText('Temples and shrines')).toBeNull();
  });
});

describe('SearchForm on the landing page', () => {
  it('requires a destination; the traveler count starts at 2 and is required too; then searches', async () => {
    await act(() => i18next.changeLanguage('en'));
    let searched: unknown;
    render(
      wrap(
        <SearchForm
          initial={{ services: [], page: 1, sort: 'recommended' }}
          requireFields
          categories={legacyServiceCategories()}
          bounds={{ min: 50, max: 800 }}
          onSearch={(p) => (searched = p)}
        />,
      ),
    );
    const travelers = (await screen.findByLabelText('Travelers')) as HTMLSelectElement;
    expect(travelers.value).toBe('2');
    expect(travelers.getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Destination').getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please select a destination')).toBeTruthy();
    expect(screen.queryByText('Please select number of travelers')).toBeNull();
    expect(searched).toBeUndefined();
    fireEvent.change(travelers, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please select number of travelers')).toBeTruthy();
    expect(travelers.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('+30 RMB for each additional person')).toBeTruthy();
    expect(screen.getByText('100 – 500 RMB')).toBeTruthy();
    expect([...travelers.options].map((o) => o.text)).toEqual(['How many?', '1', '2', '3', '4', '5', '6', '8', '10+']);
    fireEvent.change(screen.getByLabelText('Destination'), { target: { value: 'nara' } });
    fireEvent.change(travelers, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The default band is shown but not applied until the traveler moves it.
    expect(screen.getByText('Every price is shown until you move the band.')).toBeTruthy();
    expect(searched).toMatchObject({ city: 'nara', travelers: 10, services: [] });
    expect(searched).not.toHaveProperty('minPrice', expect.anything());
    fireEvent.change(screen.getByLabelText('Maximum price'), { target: { value: '300' } });
    expect(screen.queryByText('Every price is shown until you move the band.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(searched).toMatchObject({ city: 'nara', minPrice: 100, maxPrice: 300 });
  });
});
