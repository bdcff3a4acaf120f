import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { RescheduleProposal } from '../../../../shared/schemas/reschedule';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { pickDate } from '../../../test/pick-date';
import { sampleBooking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * Moving a booking of three days (decision 154) from the trip card: a new first day, the hours kept, every day named.
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
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const days = ['2026-12-03', '2026-12-04', '2026-12-05'];
const booking = (over: Partial<Booking> = {}): Booking =>
  sampleBooking({
    date: '2026-12-03',
    scheduledStartTime: '09:00',
    startsAt: '2026-12-03T00:00:00Z',
    endsAt: '2026-12-05T08:00:00Z',
    duration: 8,
    days: 3,
    schedule: days.map((d) => ({ date: d, startsAt: `${d}T00:00:00Z`, endsAt: `${d}T08:00:00Z` })),
    status: 'upcoming',
    travelerConfirmedStart: false,
    guideConfirmedStart: false,
    actions: ['cancel'],
    reschedulable: true,
    reschedule: null,
    ...over,
  });
const proposal: RescheduleProposal = {
  id: 6,
  status: 'open',
  proposedBy: 'guide',
  mine: false,
  date: '2026-12-10',
  startTime: '09:00',
  startsAt: '2026-12-10T00:00:00.000Z',
  endsAt: '2026-12-12T08:00:00.000Z',
  fromDate: '2026-12-03',
  fromStartTime: '09:00',
  reason: null,
  declineReason: null,
  expiresAt: '2026-11-24T10:00:00.000Z',
  createdAt: '2026-11-22T10:00:00.000Z',
  decidedAt: null,
};
const now = new Date('2026-11-22T12:00:00Z');

let fetchMock: ReturnType<typeof vi.fn>;
function server(reschedule: () => Response) {
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.includes('/slots')) {
      const q = new URL(url, 'http://x').searchParams;
      const date = q.get('date');
      return json({
        guideId: 3,
        date,
        timeZone: 'Asia/Tokyo',
        durationHours: Number(q.get('durationHours')),
        days: Number(q.get('days') ?? 1),
        leadTimeHours: 24,
        bufferMinutes: 30,
        instantBook: false,
        slots: ['09:00', '10:00'].map((s) => ({
          startTime: s,
          startsAt: `${date}T00:00:00Z`,
          endsAt: `${date}T08:00:00Z`,
        })),
      });
    }
    if (url.endsWith('/reschedule')) return reschedule();
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
}
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([u, init]) => ({ url: String(u), body: (init as RequestInit).body }));

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['reschedule', 'trips', 'bookings', 'tour']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a booking of three days on the reschedule panel', () => {
  it('proposes a new first day at the booked hours: only the booked start is offered, for all three days', async () => {
    server(() => json(booking({ reschedule: { ...proposal, proposedBy: 'traveler', mine: true } }), 201));
    render(wrap(<TripCard booking={booking()} now={now} onContactSupport={() => {}} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    expect(within(dialog).getByText('Booked now: 3 days, Dec 3–5, 2026 · 09:00–17:00 (Japan time)')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'All 3 days move together and keep their hours, from 09:00 each day. Choose the new first day.',
      ),
    ).toBeTruthy();
    pickDate(within(dialog).getByRole('group', { name: 'New first day' }), '2026-12-10');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '09:00' }));
    expect(within(dialog).queryByRole('radio', { name: '10:00' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/v2/bookings/12/reschedule',
      body: JSON.stringify({ date: '2026-12-10', startTime: '09:00' }),
    });
    const asked = fetchMock.mock.calls
      .map(([u]) => String(u))
      .find((u) => u.includes('/slots') && u.includes('date=2026-12-10'))!;
    const q = new URL(asked, 'http://x').searchParams;
    // The span's slots, its own days not standing in the way.
    expect([q.get('days'), q.get('exceptBooking')]).toEqual(['3', '12']);
  });

  it('keeps the daily start when day 1 starts later after a same-day replacement (decision 140, amended)', async () => {
    server(() => json(booking(), 201));
    // Day 1 from 10:00 with the new guide; days 2 and 3 at the booked 09:00.
    const later = booking({
      status: 'confirmed',
      scheduledStartTime: '10:00',
      startsAt: '2026-12-03T01:00:00Z',
      schedule: days.map((d, i) => ({
        date: d,
        startsAt: `${d}T0${i === 0 ? 1 : 0}:00:00Z`,
        endsAt: `${d}T0${i === 0 ? 9 : 8}:00:00Z`,
      })),
    });
    render(wrap(<TripCard booking={later} now={now} onContactSupport={() => {}} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    expect(
      within(dialog).getByText(
        'All 3 days move together and keep their hours, from 09:00 each day. Choose the new first day.',
      ),
    ).toBeTruthy();
    pickDate(within(dialog).getByRole('group', { name: 'New first day' }), '2026-12-10');
    expect(await within(dialog).findByRole('radio', { name: '09:00' })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: '10:00' })).toBeNull();
  });

  it('says so when the guide is off on one of the days', async () => {
    server(() =>
      json(
        {
          code: 'day_unavailable',
          message: 'The guide is not available on 2026-12-11',
          fields: [{ path: 'days', message: '2026-12-11' }],
        },
        409,
      ),
    );
    render(wrap(<TripCard booking={booking()} now={now} onContactSupport={() => {}} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    pickDate(within(dialog).getByRole('group', { name: 'New first day' }), '2026-12-10');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '09:00' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(
      await within(dialog).findByText(
        'The guide is not free on every one of those days. Please choose another first day.',
      ),
    ).toBeTruthy();
  });

  it.each([
    ['zh-CN', '更改时间', '3 天（2026年12月10日–12日）· 09:00–17:00（日本时间）'],
    ['ja', '日時の変更', '3日間（2026年12月10日(木)〜12日(土)）· 09:00〜17:00（日本時間）'],
  ])('names every day of a proposal (%s)', async (lng, region, label) => {
    server(() => json({}));
    await act(() => i18next.changeLanguage(lng));
    render(wrap(<TripCard booking={booking({ reschedule: proposal })} now={now} onContactSupport={() => {}} />));
    const panel = await screen.findByRole('region', { name: region });
    expect(within(panel).getByText(label)).toBeTruthy();
  });
});
