import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '../../../../shared/schemas/booking-family';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * Each day's plan on the trip card of a family's three days (decisions 178, 179): the time to meet, the
 * day's place in the reader's language with its own driver card naming the day, the plan; today's place
 * as the card's meeting point, the booking's when today has none of its own.
 */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const now = new Date('2026-11-22T02:00:00Z');
const noop = () => {};

const kyoto = {
  meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
  meetingPostalCode: '600-8216',
  meetingLat: 34.9858,
  meetingLng: 135.7588,
};
const plan = (day: number, over: Partial<DayPlan>): DayPlan => ({
  day,
  date: `2026-11-2${day}`,
  meetingAddress: null,
  meetingPostalCode: null,
  meetingLat: null,
  meetingLng: null,
  place: null,
  startTime: null,
  plan: null,
  ...over,
});
/** Day 1 at Kyoto Station (chosen from the list), day 2 at a typed place in Nara, day 3 nothing agreed; it is day 2. */
const family = (over: Partial<Booking> = {}) =>
  sampleBooking({
    status: 'ongoing',
    ...kyoto,
    meetingAddressLanguage: 'zh',
    date: '2026-11-21',
    scheduledStartTime: '09:00',
    startsAt: '2026-11-21T00:00:00.000Z',
    endsAt: '2026-11-23T08:00:00.000Z',
    duration: 8,
    days: 3,
    currentDay: 2,
    schedule: [1, 2, 3].map((d) => ({
      date: `2026-11-2${d}`,
      startsAt: `2026-11-2${d}T00:00:00.000Z`,
      endsAt: `2026-11-2${d}T08:00:00.000Z`,
    })),
    dayPlans: [
      plan(1, {
        ...kyoto,
        startTime: '08:45',
        plan: '伏见稻荷，午饭在锦市场',
        planLanguage: 'zh',
        meetingAddressLanguage: 'zh',
      }),
      plan(2, { meetingAddress: '奈良公园 东大寺南大门', startTime: '09:30', meetingAddressLanguage: 'zh' }),
      plan(3, {}),
    ],
    actions: [],
    ...over,
  });

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'common']);
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/api/config/public')
        ? json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } })
        : json(family()),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('each day’s plan on the trip card', () => {
  it('zh-CN: each day’s time, place and plan under its day; today’s place is the card’s meeting point, its driver card names the day', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={family()} now={now} onContactSupport={noop} />));
    const day1 = await screen.findByTestId('day-plan-1');
    expect(day1.textContent).toContain('08:45 集合（日本时间）');
    // A listed place reads in the reader's language with its Japanese address.
    expect(within(day1).getByTestId('meeting-place').textContent).toBe(
      '〒600-8216 京都站 · 京都府京都市下京区東塩小路町',
    );
    expect(within(day1).getByText('伏见稻荷，午饭在锦市场').getAttribute('lang')).toBe('zh-CN');
    const day2 = screen.getByTestId('day-plan-2');
    expect(day2.textContent).toContain('09:30 集合（日本时间）');
    expect(within(day2).getByTestId('meeting-place').textContent).toBe('奈良公园 东大寺南大门');
    // Nothing agreed for day 3: nothing under it.
    expect(screen.queryByTestId('day-plan-3')).toBeNull();

    // Today (day 2): its place is the card's meeting point, and its driver card says which day it is.
    expect(screen.getByText('第 2 天集合地点')).toBeTruthy();
    const drivers = screen.getAllByRole('button', { name: '给司机看' });
    expect(drivers).toHaveLength(3); // day 1's, day 2's, and today's (day 2) as the meeting point
    fireEvent.click(drivers[2]!);
    const card = await screen.findByTestId('driver-card');
    expect(within(card).getByTestId('driver-day').textContent).toBe('第 2 天 · 11月22日（周日）');
    expect(within(card).getByTestId('driver-address').textContent).toBe('奈良公园 东大寺南大门');
  });

  it('en: a listed place in English; the driver card of day 1 shows the station in Japanese with its time', async () => {
    render(wrap(<TripCard booking={family()} now={now} onContactSupport={noop} />));
    const day1 = await screen.findByTestId('day-plan-1');
    expect(day1.textContent).toContain('Meet at 08:45 (Japan time)');
    expect(within(day1).getByTestId('meeting-place').textContent).toBe(
      '〒600-8216 Kyoto Station · 京都府京都市下京区東塩小路町',
    );
    fireEvent.click(within(day1).getByRole('button', { name: 'Show the driver' }));
    const card = await screen.findByTestId('driver-card');
    expect(within(card).getByTestId('driver-day').textContent).toBe('Day 1, Sat, Nov 21 · 08:45');
    expect(within(card).getByTestId('driver-name').textContent).toBe('京都駅');
  });

  it('a day without a place of its own is met where the booking says', async () => {
    render(wrap(<TripCard booking={family({ currentDay: 3 })} now={now} onContactSupport={noop} />));
    expect(await screen.findByText('Meeting point')).toBeTruthy();
    expect(screen.queryByText(/Meeting point, day/)).toBeNull();
  });
});
