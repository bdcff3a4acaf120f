import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import type { User } from '../../../shared/schemas/user';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { clearSession, setSession } from '../../lib/session';
import { Component as GuideHome } from '../../pages/guide-home';

// The reader is in UTC, nine hours behind Japan all year (as availability-calendar.test.tsx).
process.env.TZ = 'UTC';

/** /guide's states: logged out, not a guide, loading → error → retry, and a new guide's empty page. */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const EMPTY: GuideOverview = {
  guide: { id: 7, fullName: 'Tanaka Yui', timeZone: 'Asia/Tokyo' },
  today: '2026-11-25',
  week: { start: '2026-11-23', end: '2026-11-29', tours: [] },
  unread: { chatUnreadCount: 0, systemUnreadCount: 0, totalUnreadCount: 0 },
  earnings: {
    currency: 'CNY',
    todayCents: 0,
    monthCents: 0,
    yearCents: 0,
    totalCents: 0,
    pendingCents: 0,
    withdrawableCents: 0,
    nextAvailableAt: null,
    inPerson: { todayCents: 0, monthCents: 0, yearCents: 0, totalCents: 0 },
  },
  requests: { count: 0, items: [] },
  ratings: { average: 0, count: 0, reviews: [] },
};

function server(replies: Response[]) {
  const overview = vi.fn(async () => replies.shift() ?? json(EMPTY));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/v2/guides/me/overview')) return overview();
      if (url.includes('/total-unread-count/'))
        return json({ chatUnreadCount: 1, systemUnreadCount: 2, totalUnreadCount: 3 });
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return overview;
}
const signIn = (fields: Partial<User>) =>
  setSession('token', { id: 5, fullName: 'Tanaka Yui', role: 'guide', isGuide: true, ...fields } as unknown as User);

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('/guide', () => {
  it('asks a visitor to log in and come back, and a traveler to become a guide', async () => {
    server([]);
    render(wrap(<GuideHome />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to see your guide home' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login?redirect=%2Fguide');
    cleanup();
    signIn({ role: 'traveler', isGuide: false });
    render(wrap(<GuideHome />));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is for guides' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Guide' }).getAttribute('href')).toBe('/become-guide');
  });

  it('says what failed and retries', async () => {
    const overview = server([json({ code: 'internal', message: 'x' }, 500)]);
    signIn({});
    render(wrap(<GuideHome />));
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load your guide home.");
    fireEvent.click(retry);
    // A guide with nothing earned and no review yet is new: welcomed, not welcomed back.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Tanaka Yui' })).toBeTruthy();
    expect(overview).toHaveBeenCalledTimes(2);
  });

  it("a new guide's page: zero earnings in RMB, the empty week, requests and reviews, live unread counts (in Chinese too)", async () => {
    server([]);
    signIn({});
    render(wrap(<GuideHome />));
    expect(await screen.findByText('No tours this week')).toBeTruthy();
    expect(screen.getByText('No new requests')).toBeTruthy();
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByTestId('earnings-total').textContent).toBe('0 RMB');
    expect(screen.getByRole('link', { name: 'Set availability' }).getAttribute('href')).toBe(
      '/guide-dashboard#availability',
    );
    // The unread tile reads the header's (pushed and polled) unread query once it has answered.
    expect((await screen.findByText('1 chat · 2 notices')).closest('a')?.getAttribute('href')).toBe('/messages');
    expect(screen.getByTestId('unread-total').textContent).toBe('3');
    expect(document.body.textContent).not.toContain('¥');
    await act(() => i18next.changeLanguage('zh-CN'));
    expect(await screen.findByText('本周暂无行程')).toBeTruthy();
    expect(screen.getByTestId('earnings-today').textContent).toBe('0 元');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('欢迎，Tanaka Yui');
  });

  it('writes a tour and a request as every card does: Japan time first, the reader’s own in brackets; the answer-by dated', async () => {
    const tour = {
      id: 31,
      bookingNumber: 'TG0031',
      status: 'upcoming' as const,
      date: '2026-11-26',
      scheduledStartTime: '10:00',
      timeZone: 'Asia/Tokyo',
      startsAt: '2026-11-26T01:00:00Z',
      endsAt: '2026-11-26T04:00:00Z',
      duration: 3,
      travelers: 2,
      totalPriceCents: 99_000,
      currency: 'CNY' as const,
      guideNetCents: 89_100,
      traveler: { id: 1, fullName: 'Li Wei', profilePicture: null, nameLanguage: 'en' as const },
    };
    const request = {
      ...tour,
      id: 32,
      bookingNumber: 'TG0032',
      status: 'confirmed' as const,
      date: '2026-11-28',
      scheduledStartTime: '08:00',
      startsAt: '2026-11-27T23:00:00Z',
      endsAt: '2026-11-28T01:00:00Z',
      duration: 2,
      respondBy: '2026-11-26T15:30:00Z',
    };
    server([json({ ...EMPTY, week: { ...EMPTY.week, tours: [tour] }, requests: { count: 1, items: [request] } })]);
    signIn({});
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<GuideHome />));
    expect(await screen.findByText('10:00–13:00（日本时间）')).toBeTruthy();
    expect(screen.getAllByTestId('tour-time').map((e) => e.textContent)).toEqual([
      '10:00–13:00（日本时间）',
      '08:00–10:00（日本时间）',
    ]);
    expect(screen.getAllByTestId('tour-time-own').map((e) => e.textContent)).toEqual([
      '（您当地时间 01:00）',
      '（您当地时间2026年11月27日 23:00）',
    ]);
    expect(screen.getByText(/^请在2026年11月27日 00:30（日本时间）前回复/)).toBeTruthy();
  });

  it('shows a guide who prices in yen her tours, requests and earnings in yen (decision 164)', async () => {
    const tour = {
      id: 51,
      bookingNumber: 'TG0051',
      status: 'upcoming' as const,
      date: '2026-11-26',
      scheduledStartTime: '10:00',
      timeZone: 'Asia/Tokyo',
      startsAt: '2026-11-26T01:00:00Z',
      endsAt: '2026-11-26T03:00:00Z',
      duration: 2,
      travelers: 2,
      totalPriceCents: 10_000,
      currency: 'JPY' as const,
      guideNetCents: 9_000,
      traveler: { id: 1, fullName: 'Li Wei', profilePicture: null, nameLanguage: 'en' as const },
    };
    const request = {
      ...tour,
      id: 52,
      bookingNumber: 'TG0052',
      status: 'confirmed' as const,
      totalPriceCents: 12_000,
      guideNetCents: 10_800,
      traveler: { id: 2, fullName: '王芳', profilePicture: null, nameLanguage: 'zh' as const },
      respondBy: null,
    };
    const review = {
      id: 9,
      rating: 5,
      content: '导游很热情，京都站集合很方便。',
      contentLanguage: 'zh' as const,
      reviewerFirstName: '王芳',
      reviewerNameLanguage: 'zh' as const,
      reviewerPicture: null,
      publishedAt: '2026-11-20T03:00:00Z',
    };
    const earnings = {
      ...EMPTY.earnings,
      currency: 'JPY' as const,
      todayCents: 8_000,
      monthCents: 48_000,
      yearCents: 480_000,
      totalCents: 500_000,
      withdrawableCents: 400_000,
      pendingCents: 100_000,
      // The month's tour left ¥17,600 in her hand: the figures are whole, the cash named (decision 196).
      inPerson: { todayCents: 0, monthCents: 17_600, yearCents: 17_600, totalCents: 17_600 },
    };
    server([
      json({
        ...EMPTY,
        week: { ...EMPTY.week, tours: [tour] },
        requests: { count: 1, items: [request] },
        earnings,
        ratings: { average: 5, count: 1, reviews: [review] },
      }),
    ]);
    signIn({});
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<GuideHome />));
    expect((await screen.findByTestId('earnings-today')).textContent).toBe('8,000円');
    // She has earned before: welcomed back.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('おかえりなさい、Tanaka Yui さん');
    expect(screen.getByTestId('earnings-year').textContent).toBe('497,600円');
    expect(screen.getByTestId('earnings-month').textContent).toBe('65,600円');
    expect(screen.getByTestId('earnings-month-in-person').textContent).toBe('うち現地で受け取り：17,600円');
    expect(screen.queryByTestId('earnings-today-in-person')).toBeNull();
    expect(screen.getByTestId('earnings-withdrawable').textContent).toContain('400,000円');
    expect(screen.getByText('12,000円')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d 元/);
    // What she receives for each, the server's figure (decision 175), in yen.
    expect(screen.getAllByTestId('guide-net').map((e) => e.firstChild?.textContent)).toEqual([
      'お受け取り予定：9,000円',
      'お受け取り予定：10,800円',
    ]);
    // The Chinese traveler's name and review are marked Chinese on her Japanese page; a Latin name as the server said.
    expect(screen.getAllByText('王芳').map((e) => e.getAttribute('lang'))).toEqual(['zh-CN', 'zh-CN']);
    expect(screen.getByText('导游很热情，京都站集合很方便。').getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('Li Wei').getAttribute('lang')).toBe('en');
  });

  it('names every day of a tour of several days, on the week and on a request, in the three languages', async () => {
    const span = {
      id: 41,
      bookingNumber: 'TG0041',
      status: 'upcoming' as const,
      date: '2026-11-24',
      scheduledStartTime: '09:00',
      timeZone: 'Asia/Tokyo',
      startsAt: '2026-11-24T00:00:00Z',
      endsAt: '2026-11-26T08:00:00Z',
      duration: 8,
      days: 3,
      travelers: 2,
      totalPriceCents: 600_000,
      currency: 'CNY' as const,
      guideNetCents: 540_000,
      traveler: { id: 1, fullName: 'Li Wei', profilePicture: null, nameLanguage: 'en' as const },
    };
    const request = {
      ...span,
      id: 42,
      bookingNumber: 'TG0042',
      status: 'confirmed' as const,
      date: '2026-11-30',
      startsAt: '2026-11-30T00:00:00Z',
      endsAt: '2026-12-01T08:00:00Z',
      days: 2,
      respondBy: null,
    };
    signIn({});
    for (const [lng, week, asked] of [
      ['en', '3 days, Nov 24–26', 'Nov 30 – Dec 1'],
      ['zh-CN', '3 天（11月24日–26日）', '11月30日–12月1日'],
      ['ja', '3日間（11月24日(火)〜26日(木)）', '11月30日(月)〜12月1日(火)'],
    ] as const) {
      server([json({ ...EMPTY, week: { ...EMPTY.week, tours: [span] }, requests: { count: 1, items: [request] } })]);
      await act(() => i18next.changeLanguage(lng));
      render(wrap(<GuideHome />));
      expect((await screen.findByTestId('tour-span')).textContent).toBe(week);
      expect(screen.getByText(new RegExp(`^${asked.replace(/[()]/g, '\\$&')} ·`))).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
