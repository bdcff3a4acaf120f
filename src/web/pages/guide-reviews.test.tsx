import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../shared/schemas/guides';
import type { User } from '../../shared/schemas/user';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as GuideDashboard } from './guide-dashboard';
import { Component as GuideReviews } from './guide-reviews';

/**
 * /guide-dashboard/reviews: the guide's published reviews, each with their reply or the Reply button
 * (the review-reply API and dialog of decision 134), reached from the dashboard's navigation.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base: Review = {
  id: 5,
  type: 'traveler_to_guide',
  rating: 5,
  content: '第一次去东京，有由纪带路特别安心。',
  fromUserId: 1,
  toUserId: 9,
  reviewerName: 'Li Wei',
  reviewerPicture: null,
  publishedAt: '2026-11-10T10:00:00Z',
  subRatings: null,
  photos: [],
  reply: null,
  touredWithGuide: true,
};
const answered: Review = {
  ...base,
  id: 6,
  reviewerName: 'Wang Fang',
  content: 'A lovely day in Nara.',
  reply: { text: 'Thank you, come back in spring!', repliedAt: '2026-11-12T10:00:00Z' },
};
let calls: { url: string; init?: RequestInit }[] = [];

beforeAll(() => i18nReady);
beforeEach(() => {
  calls = [];
  setSession('token', { id: 9, fullName: 'Sato', role: 'guide', isGuide: true } as unknown as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      if (url.endsWith('/api/v2/guides/me/profile')) return json({ guideId: 3 });
      if (url.includes('/api/v2/reviews/guides/3?')) return json([base, answered]);
      if (url.endsWith('/api/v2/reviews/5/reply'))
        return json({ ...base, reply: { text: 'Thanks!', repliedAt: '2026-11-26T00:00:00Z' } }, 201);
      if (url.includes('/api/v2/bookings-new/guide/')) return json({ data: [], counts: {} });
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const open = (page: React.ReactNode, url: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('/guide-dashboard/reviews', () => {
  it('lists every published review of the signed-in guide with its reply, or a Reply button that uses the reply API', async () => {
    open(<GuideReviews />, '/guide-dashboard/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your reviews' })).toBeTruthy();
    const first = await screen.findByRole('article', { name: /Li Wei/ });
    const second = screen.getByRole('article', { name: /Wang Fang/ });
    expect(screen.getByText('2 published reviews')).toBeTruthy();
    expect(screen.getByTestId('unanswered').textContent).toBe('1 waiting for your reply');
    // The guide's reply under the review it answers; no second reply there.
    expect(within(second).getByText('Thank you, come back in spring!')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Reply' })).toBeNull();
    // The unanswered one has the one-time Reply, which posts to the review's reply route.
    const reviewsUrl = calls.find((c) => c.url.includes('/api/v2/reviews/guides/3?'))!.url;
    expect(reviewsUrl).toContain('page=1');
    fireEvent.click(within(first).getByRole('button', { name: 'Reply' }));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'Thanks!' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/api/v2/reviews/5/reply') && c.init?.method === 'POST')).toBe(true),
    );
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/api/v2/reviews/5/reply'))!.init!.body))).toEqual({
      text: 'Thanks!',
    });
  });

  it('says so kindly when there is no review yet, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/api/v2/guides/me/profile')) return json({ guideId: 3 });
        if (url.includes('/api/v2/reviews/guides/3?')) return json([]);
        return json({ code: 'not_found', message: 'x' }, 404);
      }),
    );
    open(<GuideReviews />, '/guide-dashboard/reviews');
    expect(await screen.findByText('暂无已发布的评价')).toBeTruthy();
  });

  it('is in the guide dashboard’s navigation', async () => {
    open(<GuideDashboard />, '/guide-dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Guide dashboard' });
    expect(within(nav).getByRole('link', { name: 'Your reviews' }).getAttribute('href')).toBe(
      '/guide-dashboard/reviews',
    );
  });
});
