import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Responsiveness } from '../../../../shared/responsiveness';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { GuideCard } from './guide-card';
import { ResponsivenessLine } from './responsiveness';

const guide = (responsiveness: Responsiveness, reviewCount = 12): GuideSummary => ({
  id: 7,
  userId: 70,
  user: { id: 70, fullName: 'Haruka Tanaka', profilePicture: null },
  serviceCity: 'kyoto',
  bio: 'I love temples.',
  bioLanguage: 'en',
  languages: ['ja', 'zh'],
  services: [],
  hourlyRate: 300,
  basicPricePerHourCents: 30000,
  additionalPricePerPersonCents: 3000,
  currency: 'CNY',
  rating: 4.75,
  reviewCount,
  minPeople: 1,
  maxPeople: 6,
  minDuration: 2,
  maxDuration: 8,
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  isSaved: false,
  responsiveness,
  licence: null,
  instantBook: false,
  minNoticeHours: 24,
});
const PROMPT = { rate: 95, typicalMinutes: 42, isNew: false };
const NEW = { rate: null, typicalMinutes: null, isNew: true };

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={['/search?city=kyoto']}>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const line = async () => (await screen.findByTestId('responsiveness')).textContent;

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('responsiveness on the guide card', () => {
  it('shows the rate and the typical time in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(wrap(<GuideCard guide={guide(PROMPT)} />));
    expect(await line()).toBe('Response rate 95%Replies within an hour');
  });

  it('reads in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<GuideCard guide={guide({ rate: 80, typicalMinutes: 200, isNew: false })} />));
    expect(await line()).toBe('回复率 80%几小时内回复');
  });

  it('says New for too little history, with the reason for screen readers', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<GuideCard guide={guide(NEW)} />));
    expect((await screen.findByText('新地陪')).closest('[data-testid="responsiveness"]')).toBeTruthy();
    expect(screen.getByText('近 30 天咨询较少，暂无回复率').className).toContain('sr-only');
  });

  it('does not say New twice when the rating already does', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(wrap(<GuideCard guide={guide(NEW, 0)} />));
    await screen.findByRole('heading', { name: 'Haruka Tanaka' });
    expect(screen.getAllByText(/^New/)).toHaveLength(1);
    expect(screen.queryByTestId('responsiveness')).toBeNull();
  });

  it('shows the rate alone when nothing was answered', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(wrap(<GuideCard guide={guide({ rate: 0, typicalMinutes: null, isNew: false })} />));
    expect(await line()).toBe('Response rate 0%');
  });
});

describe('responsiveness on the profile', () => {
  it('uses the full words in both languages, for each band', async () => {
    await act(() => i18next.changeLanguage('en'));
    const { rerender } = render(<ResponsivenessLine value={PROMPT} size="profile" />);
    expect(await line()).toBe('Response rate 95%Usually replies within an hour');
    rerender(<ResponsivenessLine value={{ rate: 50, typicalMinutes: 2000, isNew: false }} size="profile" />);
    expect(await line()).toBe('Response rate 50%Usually replies in a few days');
    await act(() => i18next.changeLanguage('zh-CN'));
    rerender(<ResponsivenessLine value={{ rate: 100, typicalMinutes: 600, isNew: false }} size="profile" />);
    expect(await line()).toBe('回复率 100%通常在 1 天内回复');
  });

  it('explains New on the profile', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(<ResponsivenessLine value={NEW} size="profile" />);
    expect(await line()).toBe('NewToo few requests in the last 30 days to show a response rate');
  });
});
