import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBookingDetail } from './api/people';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { json, page, user } from './admin-fixtures';

/** The admin console's booking names every day of a booking of several days (decision 154), in the three languages. */
const days = ['2026-12-12', '2026-12-13', '2026-12-14'];
const detail: AdminBookingDetail = {
  booking: {
    id: 9,
    bookingNumber: 'TG0009',
    status: 'upcoming',
    date: '2026-12-12',
    startsAt: '2026-12-12T00:00:00.000Z',
    days: 3,
    totalPriceCents: 600_000,
    depositCents: 120_000,
    currency: 'CNY',
    traveler: { id: 2, username: 'traveler', fullName: 'Li Wei' },
    guide: { id: 4, userId: 3, username: 'guide', fullName: 'Aoi Sato' },
    durationMinutes: 480,
    schedule: days.map((d) => ({ date: d, startsAt: `${d}T00:00:00.000Z`, endsAt: `${d}T08:00:00.000Z` })),
    travelers: 2,
    timeZone: 'Asia/Tokyo',
    meetingAddress: null,
    cancelledBy: null,
    cancelReason: null,
  },
  timeline: [],
  ledger: { entries: [], total: 0 },
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/bookings/9')) return json(detail);
      if (url.startsWith('/api/admin/bookings')) return json({ bookings: [detail.booking] });
      return json({});
    }),
  );
}

describe('a booking of three days in the admin console', () => {
  it.each([
    ['en', '3 days, Dec 12–14, 2026', 'Dec 13, 2026 09:00–17:00', '8 hours a day'],
    ['zh-CN', '3 天（2026年12月12日–14日）', '2026年12月13日 09:00–17:00', '每天 8 小时'],
    ['ja', '3日間（2026年12月12日(土)〜14日(月)）', '2026年12月13日 09:00–17:00', '1日8時間'],
  ])('lists every day (%s)', async (lng, span, day2, hours) => {
    await act(() => i18next.changeLanguage(lng));
    setSession('t', user(true));
    server();
    page('/admin/bookings/9');
    const list = await screen.findByTestId('admin-tour-days');
    expect(list.textContent).toContain(span);
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(list.querySelectorAll('li')[1]!.textContent).toContain(day2);
    expect(screen.getByText(hours)).toBeTruthy();
  });
});
