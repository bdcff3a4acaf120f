import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../shared/schemas/bookings';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as GuideDashboard } from './guide-dashboard';

/**
 * `/guide-dashboard?booking={id}` (decision 103): a guide's notice opens the tab that holds the
 * booking with its card in view, marked and focused, as the traveler's trips page does.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const request = sampleBooking({ id: 31, bookingNumber: 'TG0031', status: 'confirmed', actions: [] });
const tour = sampleBooking({
  id: 32,
  bookingNumber: 'TG0032',
  status: 'upcoming',
  date: '2031-05-01',
  startsAt: '2031-05-01T01:00:00Z',
  endsAt: '2031-05-01T03:00:00Z',
  actions: [],
});
const other = sampleBooking({
  id: 33,
  bookingNumber: 'TG0033',
  status: 'upcoming',
  date: '2031-05-02',
  startsAt: '2031-05-02T01:00:00Z',
  endsAt: '2031-05-02T03:00:00Z',
  actions: [],
});
const scrolled = vi.fn();

beforeAll(() => i18nReady);
beforeEach(async () => {
  await act(() => i18next.changeLanguage('zh-CN'));
  scrolled.mockClear();
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this);
  };
  setSession('token', { id: 9, fullName: 'Sato', role: 'guide', isGuide: true } as unknown as User);
  const list: Booking[] = [request, tour, other];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/v2/bookings-new/guide/'))
        return json({ data: list, counts: { 'pending-requests': 1, upcoming: 2, ongoing: 0, past: 0 } });
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const open = (url: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <GuideDashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/guide-dashboard?booking={id}', () => {
  it('opens the tours tab for an upcoming booking, with only its card marked, in view and focused', async () => {
    open('/guide-dashboard?booking=32');
    const landed = await screen.findByTestId('landed-trip');
    expect(within(landed).getByText(/TG0032/)).toBeTruthy();
    expect(screen.getAllByTestId('landed-trip')).toHaveLength(1);
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain(
      i18next.t('bookings:needsAnswer.tabs.tours'),
    );
    expect(scrolled).toHaveBeenCalledWith(landed);
    expect(document.activeElement).toBe(landed);
  });

  it('marks nothing without the parameter', async () => {
    open('/guide-dashboard');
    expect(await screen.findByText(/TG0031/)).toBeTruthy();
    expect(screen.queryByTestId('landed-trip')).toBeNull();
  });
});
