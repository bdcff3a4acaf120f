import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import type { BookableGuide, BookingDraft } from '../lib/selection';
import { BookingBox } from './booking-box';

/** A signed-in traveler is told before checkout that they are booked elsewhere at that time. */
const guide: BookableGuide = {
  id: 3,
  // A guide who takes tours at 12 hours' notice (decision 153: each guide sets theirs).
  minNoticeHours: 12,
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  minDuration: 1,
  maxDuration: 8,
  minPeople: 1,
  maxPeople: 4,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 5_000,
  services: [],
  availabilities: { weekly: [], exceptions: [] },
};
const draft: BookingDraft = {
  date: '2026-12-03',
  startTime: '10:00',
  durationHours: 2,
  adults: 1,
  children: 0,
  infants: 0,
  subcategoryId: null,
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const trip = (startsAt: string, endsAt: string) => ({
  id: 42,
  bookingNumber: 'TG0042',
  status: 'upcoming',
  startsAt,
  endsAt,
  timeZone: 'Asia/Tokyo',
  guide: {
    id: 8,
    userId: 80,
    fullName: 'Kenji Mori',
    profilePicture: null,
    serviceCity: 'tokyo',
    timeZone: 'Asia/Tokyo',
  },
});

let mine: unknown[] = [];
beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings']);
});
beforeEach(() => {
  setSession('t', { id: 2, username: 'liwei', fullName: 'Li Wei' } as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/slots'))
        return json({
          guideId: 3,
          date: '2026-12-03',
          timeZone: 'Asia/Tokyo',
          durationHours: 2,
          leadTimeHours: 12,
          slots: [{ startTime: '10:00', startsAt: '2026-12-03T01:00:00.000Z', endsAt: '2026-12-03T03:00:00.000Z' }],
        });
      if (url.includes('/quote'))
        return json({
          guideId: 3,
          currency: 'CNY',
          adults: 1,
          children: 0,
          infants: 0,
          hours: 2,
          days: null,
          totalCents: 60_000,
          depositCents: 12_000,
          inPersonCents: 48_000,
          lines: [{ kind: 'base', label: 'Guide · 2 h', amountCents: 60_000 }],
        });
      if (url.includes('/bookings-new/traveler/2'))
        return json({ data: mine, counts: { 'pending-requests': 0, upcoming: 1, ongoing: 0, past: 0 } });
      return json({});
    }),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <BookingBox guide={guide} draft={draft} onChange={() => {}} onBook={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('booking box and the traveler’s other bookings', () => {
  it('names the clashing booking and keeps Book disabled (zh-CN too)', async () => {
    mine = [trip('2026-12-03T02:00:00.000Z', '2026-12-03T04:00:00.000Z')];
    show();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You already have TG0042 with Kenji Mori at this time (11:00–13:00, Japan time)',
    );
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('您在这个时间已有与 Kenji Mori 的预订 TG0042');
  });

  it('says nothing when the other booking only touches the chosen hours', async () => {
    mine = [trip('2026-12-03T03:00:00.000Z', '2026-12-03T05:00:00.000Z')];
    show();
    expect(await screen.findByRole('radio', { name: /10:00/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('booking box of a guide who confirms at once (decision 153)', () => {
  it('says the booking is confirmed with the deposit, in Japanese; nothing for other guides', async () => {
    mine = [];
    show();
    expect(await screen.findByRole('radio', { name: /10:00/ })).toBeTruthy();
    expect(screen.queryByText(/Instant confirmation/)).toBeNull();
    cleanup();
    const plain = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).includes('/slots')
        ? json({
            guideId: 3,
            date: '2026-12-03',
            timeZone: 'Asia/Tokyo',
            durationHours: 2,
            leadTimeHours: 12,
            bufferMinutes: 30,
            instantBook: true,
            slots: [{ startTime: '10:00', startsAt: '2026-12-03T01:00:00.000Z', endsAt: '2026-12-03T03:00:00.000Z' }],
          })
        : plain(url),
    );
    await act(() => i18next.changeLanguage('ja'));
    show();
    expect(await screen.findByText('即時確定：予約金のお支払いと同時に予約が確定します。')).toBeTruthy();
  });
});
