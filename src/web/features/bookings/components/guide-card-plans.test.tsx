import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '../../../../shared/schemas/booking-family';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';
import { RequestCard } from './request-card';
import { TripCard } from './trip-card';

/**
 * The guide's view of a family's trip is the family's (decision 195): each day's time to meet, place
 * and plan under its day, as on the traveler's trip card; the extras they expect to pay at cost, the
 * children's ages and needs, their notes; and on the trip day the traveler's number with its +86.
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
/** A family of two adults, a child of 8 and an infant, three days; it is day 2. */
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
    adults: 2,
    children: 1,
    infants: 1,
    travelers: 4,
    schedule: [1, 2, 3].map((d) => ({
      date: `2026-11-2${d}`,
      startsAt: `2026-11-2${d}T00:00:00.000Z`,
      endsAt: `2026-11-2${d}T08:00:00.000Z`,
    })),
    dayPlans: [
      plan(1, { ...kyoto, startTime: '08:45', plan: '伏见稻荷，午饭在锦市场', planLanguage: 'zh' }),
      plan(2, { meetingAddress: '奈良公园 东大寺南大门', startTime: '09:30', meetingAddressLanguage: 'zh' }),
      plan(3, {}),
    ],
    childAges: [8, 1],
    needs: { stroller: true, childSeat: false },
    extras: [{ kind: 'meals', priceCents: 3_000, currency: 'JPY', note: null }],
    notes: '孩子对花生过敏',
    notesLanguage: 'zh',
    travelerPhone: '+8613800138000',
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
    vi.fn(async () => json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } })),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

/** Each day's plan as the traveler's card shows it: the time, the place in the reader's language, the plan. */
function expectDayPlans(meet: (time: string) => string, station: string) {
  const day1 = screen.getByTestId('day-plan-1');
  expect(day1.textContent).toContain(meet('08:45'));
  expect(within(day1).getByTestId('meeting-place').textContent).toBe(
    `〒600-8216 ${station} · 京都府京都市下京区東塩小路町`,
  );
  expect(within(day1).getByText('伏见稻荷，午饭在锦市场').getAttribute('lang')).toBe('zh-CN');
  const day2 = screen.getByTestId('day-plan-2');
  expect(day2.textContent).toContain(meet('09:30'));
  expect(within(day2).getByTestId('meeting-place').textContent).toBe('奈良公园 东大寺南大门');
  expect(screen.queryByTestId('day-plan-3')).toBeNull();
}

describe('the guide’s tour card', () => {
  it('en: each day’s plan, today’s place, the extras, the children, the notes and the phone with +86', async () => {
    render(wrap(<GuideTourCard booking={family()} now={now} />));
    await screen.findByTestId('day-plan-1');
    expectDayPlans((time) => `Meet at ${time} (Japan time)`, 'Kyoto Station');
    expect(screen.getByText('Meeting point, day 2')).toBeTruthy();
    expect(screen.getByTestId('family-line').textContent).toContain('Children: 8, 1 · stroller');
    expect(screen.getByTestId('family-extras').textContent).toContain('Paid at cost: Meals');
    expect(screen.getByText('孩子对花生过敏')).toBeTruthy();
    const call = screen.getByRole('link', { name: '+86 138 0013 8000' });
    expect(call.getAttribute('href')).toBe('tel:+8613800138000');
  });

  it('ja: each day in Japanese, the station by its Japanese name', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<GuideTourCard booking={family()} now={now} />));
    await screen.findByTestId('day-plan-1');
    const meet = screen.getByTestId('day-plan-1').textContent ?? '';
    expect(meet).toMatch(/08:45/);
    expect(meet).not.toContain('集合（日本时间）');
    expect(within(screen.getByTestId('day-plan-1')).getByTestId('meeting-place').textContent).toContain('京都駅');
    expect(screen.getByRole('link', { name: '+86 138 0013 8000' })).toBeTruthy();
  });
});

describe('the guide’s request card', () => {
  it('zh-CN: each day’s plan under its day, as the family’s card shows it, with the children and the extras', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<RequestCard booking={family({ status: 'confirmed', actions: ['accept', 'decline'] })} />));
    await screen.findByTestId('day-plan-1');
    expectDayPlans((time) => `${time} 集合（日本时间）`, '京都站');
    expect(screen.getByTestId('family-line')).toBeTruthy();
    expect(screen.getByTestId('family-extras')).toBeTruthy();
    expect(screen.getByText('孩子对花生过敏')).toBeTruthy();
  });
});

describe('a tour of one day', () => {
  /** One day in Kyoto with its day's time to meet and plan: no list of days, the plan all the same. */
  const oneDay = family({
    status: 'confirmed',
    date: '2026-11-23',
    startsAt: '2026-11-23T00:00:00.000Z',
    endsAt: '2026-11-23T08:00:00.000Z',
    days: 1,
    currentDay: 1,
    schedule: [{ date: '2026-11-23', startsAt: '2026-11-23T00:00:00.000Z', endsAt: '2026-11-23T08:00:00.000Z' }],
    dayPlans: [plan(1, { date: '2026-11-23', startTime: '08:45', plan: '伏见稻荷，午饭在锦市场', planLanguage: 'zh' })],
  });
  const cases = [
    ['en', 'Plan for the day', 'Meet at 08:45 (Japan time)'],
    ['zh-CN', '当天安排', '08:45 集合（日本时间）'],
    ['ja', '当日の予定', '08:45集合（日本時間）'],
  ] as const;

  it('shows its time to meet and plan on the traveler’s card and the guide’s, in three languages', async () => {
    const noop = () => undefined;
    for (const [lang, label, meet] of cases) {
      await act(() => i18next.changeLanguage(lang));
      for (const card of [
        <TripCard key="t" booking={oneDay} now={now} onContactSupport={noop} />,
        <GuideTourCard key="g" booking={oneDay} now={now} />,
      ]) {
        render(wrap(card));
        const day = await screen.findByTestId('day-plan-1');
        expect(day.textContent).toContain(meet);
        expect(within(day).getByText('伏见稻荷，午饭在锦市场').getAttribute('lang')).toBe('zh-CN');
        // Its place is the booking's meeting point, shown once, above.
        expect(within(day).queryByTestId('meeting-place')).toBeNull();
        expect(screen.getByText(label)).toBeTruthy();
        cleanup();
      }
    }
  });
});
