import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBookingDetail } from './api/people';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { json, page, user } from './admin-fixtures';

/**
 * A yen booking paid in yuan in the admin console (decision 164): its price and deposit in yen, each
 * ledger entry and payment in its own currency, the ledger's total in the booking's.
 */
const detail: AdminBookingDetail = {
  booking: {
    id: 9,
    bookingNumber: 'TG0009',
    status: 'upcoming',
    date: '2026-12-12',
    startsAt: '2026-12-12T01:00:00.000Z',
    days: 1,
    totalPriceCents: 8_000,
    depositCents: 1_600,
    currency: 'JPY',
    traveler: { id: 2, username: 'traveler', fullName: 'Li Wei' },
    guide: { id: 4, userId: 3, username: 'kyoto_aya', fullName: 'Aya Kiyomizu' },
    durationMinutes: 120,
    schedule: [{ date: '2026-12-12', startsAt: '2026-12-12T01:00:00.000Z', endsAt: '2026-12-12T03:00:00.000Z' }],
    travelers: 2,
    timeZone: 'Asia/Tokyo',
    meetingAddress: null,
    cancelledBy: null,
    cancelReason: null,
  },
  timeline: [
    {
      at: '2026-12-01T01:00:00.000Z',
      event: 'payment',
      detail: {
        id: 3,
        kind: 'deposit',
        method: 'card',
        status: 'succeeded',
        amountCents: 7_800,
        refundedCents: 0,
        currency: 'CNY',
      },
    },
  ],
  ledger: {
    entries: [
      {
        id: 1,
        account: 'traveler',
        kind: 'deposit',
        amountCents: -7_800,
        currency: 'CNY',
        createdAt: '2026-12-01T01:00:00.000Z',
      },
      {
        id: 2,
        account: 'exchange',
        kind: 'exchange',
        amountCents: 7_800,
        currency: 'CNY',
        createdAt: '2026-12-01T01:00:00.000Z',
      },
      {
        id: 3,
        account: 'exchange',
        kind: 'exchange',
        amountCents: -1_600,
        currency: 'JPY',
        createdAt: '2026-12-01T01:00:00.000Z',
      },
      {
        id: 4,
        account: 'platform',
        kind: 'deposit',
        amountCents: 1_600,
        currency: 'JPY',
        createdAt: '2026-12-01T01:00:00.000Z',
      },
    ],
    total: 0,
  },
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

describe('a yen booking in the admin console', () => {
  it('writes each amount in its own currency', async () => {
    setSession('t', user(true));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/admin/bookings/9') ? json(detail) : json({}),
      ),
    );
    page('/admin/bookings/9');
    expect(await screen.findByText('¥8,000 (JPY)')).toBeTruthy();
    // The deposit in yen; the card payment in the yuan it was charged in.
    expect(screen.getAllByText('¥1,600 (JPY)').length).toBeGreaterThan(0);
    expect(document.querySelector('ol')!.textContent).toContain('amount: 78 RMB · refunded: 0 RMB');
    const cells = [...document.querySelectorAll('tbody td:last-child')].map((td) => td.textContent);
    expect(cells).toEqual(['-78 RMB', '78 RMB', '-¥1,600 (JPY)', '¥1,600 (JPY)']);
    expect(document.querySelector('tfoot td:last-child')!.textContent).toBe('¥0 (JPY)');
  });
});
