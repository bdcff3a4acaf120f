import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingIdParam } from '../../shared/booking/links';
import type { Booking } from '../../shared/schemas/bookings';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { notificationHref } from '../features/messaging/lib/notification-link';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as Dashboard } from './dashboard';

/**
 * `/dashboard?booking={id}` (decision 103): after paying, and from every booking notice, the trips
 * page opens the tab that holds the booking, brings its card into view, marks it and moves focus to
 * it; a booking not in the list is fetched by id; another user's booking shows nothing of it.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const counts = (list: Booking[]) => ({
  'pending-requests': list.filter((b) => b.status === 'pending' || b.status === 'confirmed').length,
  upcoming: list.filter((b) => b.status === 'upcoming').length,
  ongoing: 0,
  past: 0,
});

const waiting = sampleBooking({ id: 13, bookingNumber: 'TG0013', status: 'confirmed', actions: [] });
const upcoming = sampleBooking({
  id: 12,
  bookingNumber: 'TG0012',
  status: 'upcoming',
  date: '2031-05-01',
  startsAt: '2031-05-01T01:00:00Z',
  endsAt: '2031-05-01T03:00:00Z',
  actions: [],
});
const notListed = sampleBooking({ id: 21, bookingNumber: 'TG0021', status: 'confirmed', actions: [] });

function server(list: Booking[], byId: Record<number, Response> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/v2/bookings-new/traveler/')) return json({ data: list, counts: counts(list) });
    const one = /\/api\/v2\/bookings\/(\d+)$/.exec(url);
    if (one) return byId[Number(one[1])]?.clone() ?? json({ code: 'not_found', message: 'Booking not found' }, 404);
    if (url.includes('/saved-guides')) return json({ data: [], total: 0, page: 1, limit: 12 });
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const scrolled = vi.fn();
beforeAll(async () => {
  await i18nReady;
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('zh-CN'));
  scrolled.mockClear();
  // jsdom has no layout: record which element asked to be scrolled into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this);
  };
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler', isGuide: false } as unknown as User);
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
        <Dashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const currentTab = () => screen.getByRole('navigation').querySelector('[aria-current="page"]')?.textContent;

describe('/dashboard?booking={id}', () => {
  it('opens 即将出行 for an upcoming booking, its card in view, marked and focused', async () => {
    server([waiting, upcoming]);
    open('/dashboard?booking=12');
    const landed = await screen.findByTestId('landed-trip');
    expect(currentTab()).toContain('即将出行');
    expect(within(landed).getByText('TG0012')).toBeTruthy();
    expect(within(landed).getByText('您要查看的预订')).toBeTruthy();
    expect(landed.getAttribute('aria-current')).toBe('true');
    // Its frame is inside its own box, so no container that clips its overflow can cut it.
    expect(landed.className).toMatch(/\bring-inset\b/);
    expect(landed.className).not.toMatch(/ring-offset|outline-offset|-m-/);
    await waitFor(() => expect(document.activeElement).toBe(landed));
    expect(scrolled).toHaveBeenCalledWith(landed);
    // The waiting request belongs to another tab: not shown here.
    expect(screen.queryByText('TG0013')).toBeNull();
  });

  it('wins over a stale ?tab= and follows the booking to its tab', async () => {
    server([waiting, upcoming]);
    open('/dashboard?tab=past&booking=13');
    const landed = await screen.findByTestId('landed-trip');
    expect(currentTab()).toContain('待处理请求');
    expect(within(landed).getByText('TG0013')).toBeTruthy();
  });

  it('fetches a booking the list does not hold by its id and shows it in its tab', async () => {
    const fetchMock = server([upcoming], { 21: json(notListed) });
    open('/dashboard?booking=21');
    const landed = await screen.findByTestId('landed-trip');
    expect(within(landed).getByText('TG0021')).toBeTruthy();
    expect(currentTab()).toContain('待处理请求');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/v2/bookings/21'))).toBe(true);
  });

  it("shows nothing of another user's booking (404), only a quiet message, and the default tab", async () => {
    server([upcoming]);
    open('/dashboard?booking=99');
    expect((await screen.findByTestId('landed-missing')).textContent).toBe(
      '在您的行程中找不到这个预订。以下是您的行程。',
    );
    expect(screen.getByTestId('landed-missing').getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('landed-trip')).toBeNull();
    expect(currentTab()).toContain('待处理请求');
  });

  it('a booking the reader guides (not travels) is not a trip of theirs either', async () => {
    server([], { 21: json({ ...notListed, traveler: { id: 77, fullName: 'Someone', profilePicture: null } }) });
    open('/dashboard?booking=21');
    await screen.findByTestId('landed-missing');
    expect(screen.queryByText('TG0021')).toBeNull();
  });
});

describe('booking links', () => {
  it('reads only a positive integer id from ?booking=', () => {
    expect(bookingIdParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', '12abc', '99999999999999999999'])
      expect(bookingIdParam(bad)).toBeNull();
  });

  it('puts the related booking into a notice stored before links carried it; keeps every other link', () => {
    const b = { relatedEntityType: 'booking', relatedEntityId: 12 };
    expect(notificationHref({ ...b, actionUrl: '/dashboard' })).toBe('/dashboard?booking=12');
    expect(notificationHref({ ...b, actionUrl: '/dashboard?tab=past' })).toBe('/dashboard?booking=12');
    expect(notificationHref({ ...b, actionUrl: '/guide-dashboard#past-tours' })).toBe(
      '/guide-dashboard?booking=12#past-tours',
    );
    expect(notificationHref({ ...b, actionUrl: '/dashboard?booking=12' })).toBe('/dashboard?booking=12');
    expect(notificationHref({ ...b, actionUrl: '/booking/12/payment-proof' })).toBe('/booking/12/payment-proof');
    expect(
      notificationHref({ relatedEntityType: 'conversation', relatedEntityId: 4, actionUrl: '/messages?c=4' }),
    ).toBe('/messages?c=4');
    expect(notificationHref({ ...b, actionUrl: null })).toBeNull();
  });
});
