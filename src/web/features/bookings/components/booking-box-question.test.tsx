import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../../shared/availability';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import type { BookableGuide } from '../lib/selection';
import { BookingWidget } from './booking-widget';

/**
 * The box opens on the question the search asked (decision 176): the family, the date and the days
 * from the card's link; several days offer the hours the guide sells; and what the server refuses is
 * said in words, beside the Book button too.
 */
/** Tours of 2–6 hours, no day rate: several days are 6 hours each unless the traveler chooses fewer. */
const guide: BookableGuide = {
  id: 3,
  groupPricing: { includedPeople: 1, childPriceRate: 0.5, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  minNoticeHours: 24,
  minDuration: 2,
  maxDuration: 6,
  minPeople: 1,
  maxPeople: 6,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  services: [],
  availabilities: { weekly: [], exceptions: [] },
};
const date = addDays(todayInZone('Asia/Tokyo'), 20);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let asked: URL[] = [];
let slotsReply: (q: URLSearchParams) => Response;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings']);
});
beforeEach(() => {
  asked = [];
  // The phone bar measures itself; jsdom has no layout to observe.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  slotsReply = (q) =>
    json({
      guideId: 3,
      date: q.get('date'),
      timeZone: 'Asia/Tokyo',
      durationHours: Number(q.get('durationHours')),
      days: Number(q.get('days') ?? 1),
      leadTimeHours: 24,
      bufferMinutes: 30,
      instantBook: false,
      slots: [{ startTime: '09:00', startsAt: `${date}T00:00:00.000Z`, endsAt: `${date}T06:00:00.000Z` }],
      closedDays: [],
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      asked.push(url);
      if (url.pathname.endsWith('/slots')) return slotsReply(url.searchParams);
      if (url.pathname.endsWith('/quote')) {
        // The server's price of the days: (300 + 100 + 50) × the day's hours, a day; the infant is free.
        const days = Number(url.searchParams.get('days'));
        const hours = Number(url.searchParams.get('dayHours'));
        const day = 45_000 * hours;
        return json({
          guideId: 3,
          currency: 'CNY',
          guideCurrency: 'CNY',
          chargeCurrency: 'CNY',
          adults: 2,
          children: 1,
          infants: 1,
          hours: days * hours,
          days,
          dayHours: hours,
          totalCents: days * day,
          depositCents: (days * day) / 5,
          inPersonCents: (days * day * 4) / 5,
          guideTotal: days * day,
          guideDeposit: (days * day) / 5,
          guideInPerson: (days * day * 4) / 5,
          chargeTotal: days * day,
          chargeDeposit: (days * day) / 5,
          chargeInPerson: (days * day * 4) / 5,
          guideDayTotal: day,
          chargeDayTotal: day,
          rate: { jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' },
          lines: [{ kind: 'base', label: `Guide · ${days} days`, amountCents: days * day, guideAmount: days * day }],
        });
      }
      return json({ data: [], counts: {} });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const open = (query: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <BookingWidget guide={guide} params={new URLSearchParams(query)} onBook={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const count = (age: string) => screen.getAllByRole('status', { name: age })[0]!.textContent;
const select = (label: string) => screen.getAllByLabelText(label)[0] as HTMLSelectElement;

describe('the booking box opened from a search card', () => {
  it('opens on 2 adults, 1 child and 1 infant for three days, and prices what the card priced', async () => {
    open(
      `date=${date}&adults=2&children=1&infants=1&days=3&redirect=${encodeURIComponent('/search?city=kyoto&travelers=4&children=1&infants=1&days=3')}`,
    );
    expect([count('Adults'), count('Children'), count('Infants')]).toEqual(['2', '1', '1']);
    expect(select('Days').value).toBe('3');
    // Days of the guide's longest tour (its day hours are no length it sells), as the card priced them.
    expect(select('Hours a day').value).toBe('6');
    expect([...select('Hours a day').options].map((o) => o.value)).toEqual([
      '2',
      '2.5',
      '3',
      '3.5',
      '4',
      '4.5',
      '5',
      '5.5',
      '6',
    ]);
    expect((await screen.findAllByTestId('box-total'))[0]!.textContent).toBe('8,100 RMB');
    expect((await screen.findAllByTestId('box-day'))[0]!.textContent).toBe('2,700 RMB a day');
    const quote = asked.find((u) => u.pathname.endsWith('/quote'))!.searchParams;
    expect(
      Object.fromEntries(['days', 'dayHours', 'adults', 'children', 'infants'].map((k) => [k, quote.get(k)])),
    ).toEqual({ days: '3', dayHours: '6', adults: '2', children: '1', infants: '1' });
    await waitFor(() =>
      expect(
        asked.some(
          (u) =>
            u.pathname.endsWith('/slots') &&
            u.searchParams.get('days') === '3' &&
            u.searchParams.get('durationHours') === '6',
        ),
      ).toBe(true),
    );
  });

  it('opens on the family a link carries only in its way back to the search (travelers of whom children and infants)', () => {
    open(`redirect=${encodeURIComponent(`/search?city=kyoto&date=${date}&travelers=4&children=1&infants=1`)}`);
    expect([count('Adults'), count('Children'), count('Infants')]).toEqual(['2', '1', '1']);
    expect(select('Days').value).toBe('');
  });

  it('offers shorter days, and says when the searched hours are not the guide’s', async () => {
    open(`date=${date}&adults=1&days=2&hours=8`);
    expect(select('Hours a day').value).toBe('6');
    expect(
      screen.getAllByText(
        'This guide offers tours of 2–6 hours, so the box shows 6 hours instead of the length you searched for.',
      ).length,
    ).toBeGreaterThan(0);
    fireEvent.change(select('Hours a day'), { target: { value: '4' } });
    await waitFor(() =>
      expect(asked.some((u) => u.pathname.endsWith('/quote') && u.searchParams.get('dayHours') === '4')).toBe(true),
    );
  });

  it('names the day the guide is off and says so beside Book, never a silent button (zh-CN)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    slotsReply = (q) =>
      json({
        guideId: 3,
        date: q.get('date'),
        timeZone: 'Asia/Tokyo',
        durationHours: 6,
        days: 3,
        leadTimeHours: 24,
        bufferMinutes: 30,
        instantBook: false,
        slots: [],
        closedDays: [addDays(date, 1)],
      });
    open(`date=${date}&adults=2&children=1&infants=1&days=3`);
    const day2 = new Intl.DateTimeFormat('zh-CN', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${addDays(date, 1)}T00:00:00Z`),
    );
    const words = `第 2 天（${day2}）地陪没有 6 小时的空闲时间。请换个开始日期或减少天数。`;
    expect((await screen.findAllByText(words)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: '预订' })[0]!);
    expect(screen.getAllByTestId('book-error')[0]!.textContent).toBe(words);
  });

  it('offers the nearest start dates that fit when the chosen one does not, and moves there on a tap (decision 197)', async () => {
    const fits = [addDays(date, -3), addDays(date, 2)];
    slotsReply = (q) =>
      json({
        guideId: 3,
        date: q.get('date'),
        timeZone: 'Asia/Tokyo',
        durationHours: 6,
        days: 3,
        leadTimeHours: 24,
        bufferMinutes: 30,
        instantBook: false,
        slots: [],
        closedDays: [addDays(date, 1)],
        nearestDates: fits,
      });
    open(`date=${date}&adults=2&days=3`);
    const named = (d: string) =>
      new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      );
    const offered = (await screen.findAllByTestId('nearest-dates'))[0]!;
    expect(offered.textContent).toContain('Nearest start dates free on all 3 days:');
    const buttons = within(offered).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(
      fits.map((d) => expect.stringContaining(named(d).split(', ')[1]!)),
    );
    fireEvent.click(buttons[1]!);
    await waitFor(() =>
      expect(
        asked.some(
          (u) =>
            u.pathname.endsWith('/slots') &&
            u.searchParams.get('date') === fits[1] &&
            u.searchParams.get('days') === '3',
        ),
      ).toBe(true),
    );
  });

  it('says what the server refuses instead of a price it cannot book', async () => {
    slotsReply = () =>
      json(
        { code: 'duration_out_of_range', message: 'no', fields: [{ path: 'dayHours', message: 'between 2 and 6' }] },
        400,
      );
    open(`date=${date}&adults=1&days=2`);
    const words = 'This guide offers tours of 2–6 hours a day. Please choose a length within them.';
    expect((await screen.findAllByText(words)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Book' })[0]!);
    expect(screen.getAllByTestId('book-error')[0]!.textContent).toBe(words);
  });
});
