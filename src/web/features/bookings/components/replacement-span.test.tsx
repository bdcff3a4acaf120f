import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementsReply } from '../../../../shared/schemas/replacements';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { ReplacementPanel } from './replacement-panel';

/** The replacement choice for a booking of several days (decisions 137, 154) names every day it covers. */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const reply: ReplacementsReply = {
  bookingId: 12,
  status: 'open',
  sameDay: false,
  lapsesAt: '2026-12-11T22:00:00Z',
  requestedGuideId: null,
  answerBy: null,
  bookedTotalCents: 600_000,
  depositPaidCents: 120_000,
  candidates: [],
};

/** Saturday 12 to Monday 14 December, 09:00 in Kyoto each day. */
const threeDays = (over: Partial<Booking> = {}) =>
  sampleBooking({
    status: 'awaiting_replacement',
    date: '2026-12-12',
    days: 3,
    scheduledStartTime: '09:00',
    startsAt: '2026-12-12T00:00:00Z',
    endsAt: '2026-12-14T08:00:00Z',
    actions: ['cancel'],
    replacement: { status: 'open', lapsesAt: '2026-12-11T22:00:00Z', answerBy: null, coveredCents: 0 },
    ...over,
  });

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['trips', 'bookings']);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T02:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).includes('/replacements') ? json(reply) : json({}))),
  );
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the replacement panel of a booking of several days', () => {
  it('names the span and the daily start, in en, zh-CN and ja', async () => {
    const expected = {
      en: 'Every guide offered is free on each day of your tour: 3 days, Dec 12–14, 2026, from 09:00 each day.',
      'zh-CN': '所推荐的地陪在您行程的每一天都有空：3 天（2026年12月12日–14日），每天 09:00 开始。',
      ja: 'ご案内するガイドは、ツアーの全日程に対応できます：3日間（2026年12月12日(土)〜14日(月)）、毎日09:00から。',
    };
    for (const [lng, text] of Object.entries(expected)) {
      await act(() => i18next.changeLanguage(lng));
      const { unmount } = render(wrap(<ReplacementPanel booking={threeDays()} />));
      expect((await screen.findByTestId('replacement-span')).textContent).toBe(text);
      unmount();
    }
  });

  it('says nothing of days for a one-day booking', async () => {
    render(wrap(<ReplacementPanel booking={threeDays({ days: 1, endsAt: '2026-12-12T08:00:00Z' })} />));
    await screen.findByTestId('replacement-panel');
    expect(screen.queryByTestId('replacement-span')).toBeNull();
  });
});
