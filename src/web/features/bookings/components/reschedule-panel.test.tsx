import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { RescheduleProposal } from '../../../../shared/schemas/reschedule';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { pickDate } from '../../../test/pick-date';
import { GuideTourCard } from './guide-tour-card';
import { TripCard } from './trip-card';
import { sampleBooking } from '../test-booking';

/** Rescheduling on the trip card and the guide's tour card (decision 079), in both languages. */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const proposal = (over: Partial<RescheduleProposal> = {}): RescheduleProposal => ({
  id: 5,
  status: 'open',
  proposedBy: 'guide',
  mine: false,
  date: '2026-12-05',
  startTime: '13:30',
  startsAt: '2026-12-05T04:30:00.000Z',
  endsAt: '2026-12-05T06:30:00.000Z',
  fromDate: '2026-12-03',
  fromStartTime: '10:00',
  reason: 'The temple is closed that morning',
  declineReason: null,
  expiresAt: '2026-11-24T10:00:00.000Z',
  createdAt: '2026-11-22T10:00:00.000Z',
  decidedAt: null,
  ...over,
});

const booking = (over: Partial<Booking> = {}): Booking =>
  sampleBooking({
    date: '2026-12-03',
    startsAt: '2026-12-03T01:00:00Z',
    endsAt: '2026-12-03T03:00:00Z',
    status: 'upcoming',
    travelerConfirmedStart: false,
    guideConfirmedStart: false,
    actions: ['start_confirm', 'cancel'],
    reschedulable: true,
    reschedule: null,
    ...over,
  });

const now = new Date('2026-11-22T12:00:00Z');
const noop = () => {};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const posts = () =>
  fetchMock.mock.calls
    .map(([u, init]) => ({
      url: String(u),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      body: (init as RequestInit | undefined)?.body,
    }))
    .filter((c) => c.method === 'POST');

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['reschedule', 'trips', 'bookings', 'tour']);
});
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.includes('/slots')) {
      const date = new URL(url, 'http://x').searchParams.get('date');
      return json({
        guideId: 3,
        date,
        timeZone: 'Asia/Tokyo',
        durationHours: 2,
        leadTimeHours: 12,
        slots: ['09:00', '13:30'].map((s) => ({
          startTime: s,
          startsAt: `${date}T00:00:00Z`,
          endsAt: `${date}T02:00:00Z`,
        })),
      });
    }
    if (url.endsWith('/reschedule'))
      return json(booking({ reschedule: proposal({ proposedBy: 'traveler', mine: true }) }), 201);
    if (url.includes('/taken/')) return json({ code: 'slot_unavailable', message: 'taken' }, 409);
    return json(booking({ reschedule: proposal({ status: 'declined' }) }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the other side answers an open proposal', () => {
  it('shows the traveler the guide’s new time, the current one, the note and the deadline; Accept posts to accept', async () => {
    render(wrap(<TripCard booking={booking({ reschedule: proposal() })} now={now} onContactSupport={noop} />));
    const region = await screen.findByRole('region', { name: 'Change of time' });
    expect(within(region).getByText('Haruka Tanaka proposes a new time')).toBeTruthy();
    expect(within(region).getByText('Sat, Dec 5, 2026 13:30–15:30 (Japan time)')).toBeTruthy();
    expect(within(region).getByText('Booked now: Thu, Dec 3, 2026 10:00–12:00 (Japan time)')).toBeTruthy();
    expect(within(region).getByText('The temple is closed that morning').closest('p')?.textContent).toBe(
      'Message: The temple is closed that morning',
    );
    expect(within(region).getByText(/^Please answer by Nov 24, 2026/)).toBeTruthy();
    // No second proposal while one is open.
    expect(within(region).queryByRole('button', { name: 'Propose a new time' })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Accept new time' }));
    await waitFor(() => expect(posts().map((c) => c.url)).toEqual(['/api/v2/bookings/12/reschedule/5/accept']));
  });

  it('needs a reason to decline, and sends it', async () => {
    render(wrap(<GuideTourCard booking={booking({ reschedule: proposal({ proposedBy: 'traveler' }) })} now={now} />));
    expect(await screen.findByText('Li Wei proposes a new time')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the new time?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline new time' }));
    expect(await within(dialog).findByText('Please say why, so Li Wei can suggest another time.')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'I lead another group that afternoon' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline new time' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/v2/bookings/12/reschedule/5/decline',
      body: JSON.stringify({ reason: 'I lead another group that afternoon' }),
    });
  });

  it('reads in Chinese, with full-width brackets and the Chinese date', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={booking({ reschedule: proposal() })} now={now} onContactSupport={noop} />));
    const region = await screen.findByRole('region', { name: '更改时间' });
    expect(within(region).getByText('Haruka Tanaka 提议更改时间')).toBeTruthy();
    expect(within(region).getByText('2026年12月5日（周六） 13:30–15:30（日本时间）')).toBeTruthy();
    expect(within(region).getByText('The temple is closed that morning').closest('p')?.textContent).toBe(
      '留言：The temple is closed that morning',
    );
    expect(within(region).getByRole('button', { name: '接受新时间' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: '拒绝' })).toBeTruthy();
  });
});

describe('the proposer', () => {
  it('sees their open proposal as waiting, and the decline reason once answered', async () => {
    const { unmount } = render(
      wrap(
        <TripCard
          booking={booking({ reschedule: proposal({ proposedBy: 'traveler', mine: true }) })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByText('You proposed a new time')).toBeTruthy();
    expect(
      screen.getByText(/^Waiting for Haruka Tanaka to answer by Nov 24, 2026, \d\d:\d\d \(Japan time\)\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept new time' })).toBeNull();
    unmount();
    render(
      wrap(
        <TripCard
          booking={booking({
            reschedule: proposal({
              proposedBy: 'traveler',
              mine: true,
              status: 'declined',
              declineReason: 'I am fully booked that day',
            }),
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(
      await screen.findByText('Haruka Tanaka declined your proposed time (Sat, Dec 5, 2026 13:30–15:30 (Japan time)).'),
    ).toBeTruthy();
    expect(screen.getByText('I am fully booked that day').closest('p')?.textContent).toBe(
      'Reason: I am fully booked that day',
    );
    // A new proposal may be made.
    expect(screen.getByRole('button', { name: 'Propose a new time' })).toBeTruthy();
  });

  it('in Chinese, sees the decline reason with a full-width colon', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      wrap(
        <TripCard
          booking={booking({
            reschedule: proposal({
              proposedBy: 'traveler',
              mine: true,
              status: 'declined',
              declineReason: '那天已约满',
              declineReasonLanguage: 'zh',
            }),
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(
      await screen.findByText('Haruka Tanaka 拒绝了您提议的时间（2026年12月5日（周六） 13:30–15:30（日本时间））。'),
    ).toBeTruthy();
    expect(screen.getByText('那天已约满').closest('p')?.textContent).toBe('原因：那天已约满');
    // The guide's words carry the language the server told for them (decision 175).
    expect(screen.getByText('那天已约满').getAttribute('lang')).toBe('zh-CN');
  });

  it('proposes a date and one of the guide’s free start times, with a note', async () => {
    render(wrap(<TripCard booking={booking()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    expect(within(dialog).getByText('Booked now: Thu, Dec 3, 2026 10:00–12:00 (Japan time)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await within(dialog).findByText('Choose a date.')).toBeTruthy();
    pickDate(within(dialog).getByRole('group', { name: 'New date' }), '2026-12-05');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '13:30' }));
    fireEvent.change(within(dialog).getByLabelText('Message to Haruka Tanaka (optional)'), {
      target: { value: 'Could we start after lunch?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/v2/bookings/12/reschedule',
      body: JSON.stringify({ date: '2026-12-05', startTime: '13:30', reason: 'Could we start after lunch?' }),
    });
    expect(
      fetchMock.mock.calls.some(
        ([u]) =>
          String(u).includes('/api/v2/guides/3/slots') &&
          String(u).includes('date=2026-12-05') &&
          String(u).includes('durationHours=2'),
      ),
    ).toBe(true);
  });

  it('offers nothing on a booking that can no longer move', async () => {
    render(
      wrap(
        <TripCard
          booking={booking({ status: 'awaiting_start', reschedulable: false, reschedule: proposal() })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    await screen.findByText('Haruka Tanaka');
    expect(screen.queryByRole('region', { name: 'Change of time' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Propose a new time' })).toBeNull();
  });
});
