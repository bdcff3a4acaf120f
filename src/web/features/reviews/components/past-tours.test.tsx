import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PastTours } from './past-tours';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const now = new Date('2026-11-25T12:00:00Z');
const booking = (over: Partial<Booking>) =>
  ({
    id: 12,
    bookingNumber: 'TG0012',
    date: '2026-11-25',
    startsAt: '2026-11-25T01:00:00Z',
    guide: {
      id: 3,
      userId: 9,
      fullName: 'Haruka Tanaka',
      profilePicture: null,
      serviceCity: 'kyoto',
      timeZone: 'Asia/Tokyo',
    },
    traveler: { id: 1, fullName: 'Li Wei', profilePicture: null },
    status: 'cancelled',
    cancelReason: 'guide_no_show',
    actions: [],
    completedAt: null,
    ...over,
  }) as unknown as Booking;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['reviews', 'disputes']);
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the guide’s past tours and a no-show report against the guide (decision 138)', () => {
  it('lists the cancelled tour while the server offers the contest, with what happened and Report a problem', async () => {
    render(
      wrap(
        <PastTours
          bookings={[
            booking({ id: 12, actions: ['dispute'] }),
            booking({ id: 13, bookingNumber: 'TG0013', actions: [] }),
            booking({ id: 14, bookingNumber: 'TG0014', cancelReason: 'cancel', actions: [] }),
          ]}
          now={now}
          empty="none"
        />,
      ),
    );
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByText(/TG0012/)).toBeTruthy();
    expect(within(items[0]!).getByTestId('no-show-reported').textContent).toBe(
      'Li Wei reported that you did not come, so the tour was cancelled and the deposit refunded. If you were there, report a problem within 48 hours.',
    );
    expect(within(items[0]!).getByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });

  it('once the 48 hours are over (no dispute offered) the cancelled tour is not listed', () => {
    render(wrap(<PastTours bookings={[booking({ actions: [] })]} now={now} empty="none" />));
    expect(screen.getByText('none')).toBeTruthy();
  });
});
