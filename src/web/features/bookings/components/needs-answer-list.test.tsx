import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { Component as GuideDashboard } from '../../../pages/guide-dashboard';
import { sampleBooking } from '../test-booking';
import { NeedsAnswerList } from './needs-answer-list';
import { countByTab, needsAnswer } from '../lib/needs-answer';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const traveler = (id: number, fullName: string) => ({ id, fullName, profilePicture: null });
const proposal = {
  id: 4,
  status: 'open' as const,
  proposedBy: 'traveler' as const,
  mine: false,
  date: '2026-12-08',
  startTime: '10:00',
  startsAt: '2026-12-08T01:00:00Z',
  endsAt: '2026-12-08T03:00:00Z',
  fromDate: '2026-12-06',
  fromStartTime: '10:00',
  reason: 'Our flight moved',
  declineReason: null,
  expiresAt: '2026-11-27T05:30:00Z',
  createdAt: '2026-11-25T05:30:00Z',
  decidedAt: null,
};
// Seven requests (the page that grew to 16,351 px), one upcoming tour whose traveler asks for a new
// time, and one under way with a paid extension to approve.
const BOOKINGS: Booking[] = [
  ...Array.from({ length: 7 }, (_, i) =>
    sampleBooking({
      id: 100 + i,
      bookingNumber: `TG01${i}`,
      status: 'confirmed',
      traveler: traveler(20 + i, `Traveler ${i}`),
      respondBy: `2026-11-2${6 + (i % 3)}T06:36:00Z`,
      actions: ['accept', 'decline'],
      date: '2026-12-01',
    }),
  ),
  sampleBooking({
    id: 200,
    bookingNumber: 'TG0200',
    status: 'upcoming',
    traveler: traveler(30, 'Zhao Lei'),
    date: '2026-12-06',
    startsAt: '2026-12-06T01:00:00Z',
    reschedule: proposal,
    actions: ['cancel'],
  }),
  sampleBooking({
    id: 300,
    bookingNumber: 'TG0300',
    status: 'extend_requested',
    traveler: traveler(31, 'Wang Fang'),
    extension: { id: 9, hours: 1, price: 300, priceCents: 30_000, status: 'paid', payBy: null },
    actions: ['approve_extension', 'reject_extension', 'service_complete'],
  }),
];

function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('/api/v2/bookings-new/guide/')
        ? { data: BOOKINGS, counts: {} }
        : url.includes('listing-status')
          ? { listed: true, applicationApproved: true, missing: [] }
          : { code: 'not_found', message: 'x' };
      return new Response(JSON.stringify(body), {
        status: 'code' in body ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

describe('the guide dashboard on a phone', () => {
  it('starts with what needs the guide’s answer, deadlines in Japan time, each line opening its card in its tab', async () => {
    server();
    setSession('token', { id: 5, fullName: 'Sato Yuki', role: 'guide', isGuide: true } as unknown as User);
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/guide-dashboard']}>
          <Suspense fallback="loading">
            <GuideDashboard />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('region', { name: /需要您处理/ });
    const lines = within(list).getAllByRole('link');
    expect(lines).toHaveLength(9);
    // Closest deadline first: the extension (the tour ends today), then requests and the new time by their deadlines.
    expect(lines[0]!.textContent).toContain('延长申请 · Wang Fang');
    const moved = lines.find((l) => l.textContent?.includes('改期提议'))!;
    expect(moved.textContent).toContain('Zhao Lei');
    expect(moved.textContent).toContain('11月27日 14:30（日本时间）前回复');
    expect(moved.getAttribute('href')).toBe('/guide-dashboard?tab=tours#booking-200');
    // The list comes before every section: the first heading after the title is its own.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings[0]).toMatch(/^需要您处理/);
    // Each tab's badge counts the cards in it that wait for the guide: the seven requests; the tour with a new time and
    // the one with an extension.
    expect(within(screen.getByRole('tab', { name: /^请求/ })).getByTestId('attention-badge').textContent).toBe(
      '77 项需要您处理',
    );
    expect(within(screen.getByRole('tab', { name: /^行程/ })).getByTestId('attention-badge').textContent).toBe(
      '22 项需要您处理',
    );
    // The sections are tabs: the requests open, the tours and the settings one tap away.
    expect(screen.getByRole('tab', { name: /^请求/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('Zhao Lei', { selector: 'h3' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('tab', { name: /^请求/ }), { key: 'ArrowRight' });
    expect(await screen.findByText('Zhao Lei', { selector: 'h3' })).toBeTruthy();
  });

  it('on /guide the same lines open each booking in its tab of the dashboard; nothing shows when nothing waits', async () => {
    const { container } = render(
      <MemoryRouter>
        <NeedsAnswerList items={needsAnswer(BOOKINGS)} hideWhenEmpty />
        <NeedsAnswerList items={[]} hideWhenEmpty />
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: /Needs your attention/ });
    expect(container.querySelectorAll('section')).toHaveLength(1);
    const moved = within(list).getByRole('link', { name: /New time proposed · Zhao Lei/ });
    expect(moved.getAttribute('href')).toBe('/guide-dashboard?tab=tours#booking-200');
  });

  it('a tab’s badge counts a card once, whatever it asks: a request with a new time is two lines, one card', () => {
    const both = sampleBooking({
      id: 500,
      status: 'confirmed',
      respondBy: '2026-11-27T01:00:00Z',
      actions: ['accept', 'decline'],
      reschedule: proposal,
    });
    const items = needsAnswer([both]);
    expect(items.map((i) => i.kind)).toEqual(['request', 'reschedule']);
    expect(countByTab(items)).toEqual({ requests: 1 });
  });

  it('a replacement request is named so, with its own deadline', () => {
    const asked = sampleBooking({
      id: 400,
      status: 'confirmed',
      traveler: traveler(40, 'Chen Jing'),
      actions: ['accept', 'decline'],
      respondBy: '2026-11-27T01:00:00Z',
      replacement: {
        status: 'requested',
        lapsesAt: '2026-11-29T01:00:00Z',
        answerBy: '2026-11-26T13:00:00Z',
        coveredCents: 0,
        reason: null,
      },
    });
    render(
      <MemoryRouter>
        <NeedsAnswerList items={needsAnswer([asked])} />
      </MemoryRouter>,
    );
    const line = screen.getByTestId('needs-answer-replacementRequest');
    expect(line.textContent).toContain('Replacement request · Chen Jing');
    expect(line.textContent).toContain('Answer by Nov 26, 22:00 (Japan time)');
  });
});
