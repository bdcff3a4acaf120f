import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../shared/schemas/bookings';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import type { User } from '../../../shared/schemas/user';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { clearSession, setSession } from '../../lib/session';
import { Component as GuideHome } from '../../pages/guide-home';
import { sampleBooking } from '../bookings/test-booking';

/**
 * /guide's "needs your attention": a trip change the family asked and paid waits for the guide's
 * answer, so it is listed with her other answers, named in her language, with its deadline, opening
 * the tour's card (decision 195).
 */
process.env.TZ = 'UTC';

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

const OVERVIEW: GuideOverview = {
  guide: { id: 7, fullName: 'Tanaka Yui', timeZone: 'Asia/Tokyo' },
  today: '2026-11-25',
  week: { start: '2026-11-23', end: '2026-11-29', tours: [] },
  unread: { chatUnreadCount: 0, systemUnreadCount: 0, totalUnreadCount: 0 },
  earnings: {
    currency: 'JPY',
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

const tour = (over: Partial<Booking>) =>
  sampleBooking({
    id: 300,
    status: 'upcoming',
    date: '2026-12-10',
    traveler: { id: 41, fullName: '王芳', profilePicture: null },
    actions: ['cancel'],
    ...over,
  });

function server(bookings: Booking[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/v2/guides/me/overview')) return json(OVERVIEW);
      if (url.includes('/bookings-new/guide/')) return json({ data: bookings });
      if (url.includes('/total-unread-count/'))
        return json({ chatUnreadCount: 0, systemUnreadCount: 0, totalUnreadCount: 0 });
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('/guide: what needs her answer', () => {
  it.each([
    ['en', 'Trip change to answer', /Answer by Nov 27, 14:30 \(Japan time\)/],
    ['zh-CN', '待回复的行程变更', /11月27日.*14:30（日本时间）前回复/],
    ['ja', '旅程変更へのご返答', /11月27日.*14:30（日本時間）までに返答/],
  ])('%s: lists a paid trip change waiting for her, with its deadline, linking to the tour', async (lang, kind, by) => {
    await act(() => i18next.changeLanguage(lang));
    setSession('token', { id: 5, fullName: 'Tanaka Yui', role: 'guide', isGuide: true } as unknown as User);
    server([tour({ changeRequest: { id: 9, answerBy: '2026-11-27T05:30:00Z' } })]);
    render(wrap(<GuideHome />));
    const line = await screen.findByTestId('needs-answer-change');
    expect(line.textContent).toContain(kind);
    expect(line.textContent).toContain('王芳');
    expect(line.textContent).toMatch(by);
    expect(line.getAttribute('href')).toBe('/guide-dashboard?tab=tours#booking-300');
    const list = screen.getByRole('region', { name: new RegExp(i18next.t('bookings:needsAnswer.title')) });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });

  it('lists nothing for a tour without a change waiting (one not yet paid, or answered)', async () => {
    setSession('token', { id: 5, fullName: 'Tanaka Yui', role: 'guide', isGuide: true } as unknown as User);
    server([tour({ changeRequest: null })]);
    render(wrap(<GuideHome />));
    expect(await screen.findByText('Tanaka Yui', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('needs-answer-change')).toBeNull();
  });
});
