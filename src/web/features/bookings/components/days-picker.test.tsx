import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import type { BookableGuide, BookingDraft } from '../lib/selection';
import { BookingBox } from './booking-box';
import { TourDays } from './booking-card-parts';

/**
 * The booking box's "Days" choice (decisions 154, 176): each date listed, starts asked for every day, the days' price.
 */
const guide: BookableGuide = {
  id: 3,
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: 200_000, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  minNoticeHours: 24,
  minDuration: 2,
  maxDuration: 8,
  minPeople: 1,
  maxPeople: 4,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 5_000,
  services: [],
  availabilities: { weekly: [], exceptions: [] },
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let asked: string[] = [];

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings']);
});
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const q = new URL(url, 'http://x').searchParams;
      const days = Number(q.get('days') ?? 1);
      if (url.includes('/quote')) {
        // The server's quote of the days at the day rate (decision 151).
        const total = days * 200_000;
        return json({
          guideId: 3,
          currency: 'CNY',
          adults: 1,
          children: 0,
          infants: 0,
          hours: days * 8,
          days,
          totalCents: total,
          depositCents: total / 5,
          inPersonCents: total - total / 5,
          lines: [{ kind: 'base', label: `Guide · ${days} days × 8 hours`, amountCents: total }],
        });
      }
      return json({
        guideId: 3,
        date: '2026-12-03',
        timeZone: 'Asia/Tokyo',
        durationHours: Number(q.get('durationHours')),
        days,
        leadTimeHours: 12,
        slots: [{ startTime: '09:00', startsAt: '2026-12-03T00:00:00.000Z', endsAt: '2026-12-05T08:00:00.000Z' }],
      });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function Box() {
  const [draft, setDraft] = useState<BookingDraft>({
    date: '2026-12-03',
    startTime: null,
    durationHours: 2,
    adults: 1,
    children: 0,
    infants: 0,
    subcategoryId: null,
  });
  return (
    <BookingBox guide={guide} draft={draft} onChange={(p) => setDraft((d) => ({ ...d, ...p }))} onBook={() => {}} />
  );
}
const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Box />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the days picker', () => {
  it('lists each date, asks for starts every day offers, and prices the days', async () => {
    show();
    expect(screen.getByLabelText('Duration')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '3' } });
    // Several days last the hours chosen a day (decision 176): the guide's day rate's by default, any length it sells.
    expect(screen.queryByLabelText('Duration')).toBeNull();
    expect((screen.getByLabelText('Hours a day') as HTMLSelectElement).value).toBe('8');
    const list = screen.getByRole('list', { name: 'Your days' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Day 1: Thu, Dec 3, 2026', 'Day 2: Fri, Dec 4, 2026', 'Day 3: Sat, Dec 5, 2026']);
    expect(await screen.findByRole('radio', { name: /09:00/ })).toBeTruthy();
    expect(asked.some((u) => u.includes('durationHours=8') && u.includes('days=3'))).toBe(true);
    // 3 × 2000 RMB, the day rate.
    expect(screen.getAllByText('6,000 RMB').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Guide · 3 days × 8 hours').length).toBeGreaterThan(0);
  });

  it('reads in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    show();
    fireEvent.change(screen.getByLabelText('日数'), { target: { value: '2' } });
    expect(within(screen.getByRole('list', { name: 'ご予約の日程' })).getAllByRole('listitem')[1]!.textContent).toMatch(
      /^2日目：/,
    );
  });
});

describe('a booking card of several days', () => {
  it('lists every day with its hours, the last with its extension', () => {
    const schedule = [
      { date: '2026-12-03', startsAt: '2026-12-03T00:00:00.000Z', endsAt: '2026-12-03T08:00:00.000Z' },
      { date: '2026-12-04', startsAt: '2026-12-04T00:00:00.000Z', endsAt: '2026-12-04T08:00:00.000Z' },
      { date: '2026-12-05', startsAt: '2026-12-05T00:00:00.000Z', endsAt: '2026-12-05T09:00:00.000Z' },
    ];
    render(
      <dl>
        <TourDays booking={{ days: 3, schedule, timeZone: 'Asia/Tokyo' }} />
      </dl>,
    );
    expect(screen.getByText('3 days')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Day 1: Thu, Dec 3, 2026');
    expect(items[0]).toContain('09:00–17:00');
    expect(items[2]).toContain('09:00–18:00');
  });
});
