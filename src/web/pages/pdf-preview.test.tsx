import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../shared/schemas/bookings';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as PdfPreview } from './pdf-preview';

/**
 * "Help now" on the trip's PDF page (decision 132): the page the service worker keeps for the road
 * (decision 095) shows the button in the trip's help window, and with no connection the numbers to call
 * are still there while contacting support says it needs the network.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// sampleBooking: TG0012, 10:00–12:00 Japan time on 2026-11-22, under way; its guide is user 9, its traveler user 1.
const onTheDay = new Date('2026-11-22T02:00:00Z');
const traveler = {
  id: 1,
  username: 'traveler',
  fullName: 'Li Wei',
  role: 'traveler',
  isGuide: false,
  isAdmin: false,
} as unknown as User;
const guide = {
  id: 9,
  username: 'guide',
  fullName: 'Haruka Tanaka',
  role: 'guide',
  isGuide: true,
  isAdmin: false,
} as unknown as User;

function server(booking: Booking) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (/\/api\/v2\/bookings\/12\/pdf-link/.test(url))
      return json({
        url: '/api/v2/bookings/12/pdf?lang=zh-CN&sig=x',
        downloadUrl: '/api/v2/bookings/12/pdf?lang=zh-CN&sig=x&download=1',
        expiresAt: '2026-11-22T02:05:00Z',
      });
    if (/\/api\/v2\/bookings\/12$/.test(url)) return json(booking);
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(user: User) {
  setSession('token', user);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/pdf-preview/12']}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/pdf-preview/:id" element={<PdfPreview />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['pdf', 'support']);
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(onTheDay);
  await act(() => i18next.changeLanguage('zh-CN'));
});
afterEach(() => {
  cleanup();
  clearSession();
  setOnline(true);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Help now on the PDF page (decision 132)', () => {
  it('offline, on the trip’s day, the kept page still offers the numbers to call; support says it needs the network', async () => {
    server(sampleBooking());
    setOnline(false);
    renderPage(traveler);
    expect(await screen.findByRole('heading', { level: 1, name: '预订确认单 TG0012' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '紧急求助' }));
    const sheet = await screen.findByRole('dialog', { name: '紧急求助' });
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['tel:110', 'tel:119', 'tel:+81-50-3816-2787']);
    // The traveler's words: the support team sees "your guide".
    expect(
      within(sheet).getByText('紧急求助会优先处理，几分钟内回复；客服能看到您的订单、您的地陪以及双方的联系方式。'),
    ).toBeTruthy();
    expect(within(sheet).getByText('联系客服需要网络连接。上面的电话仍可拨打。')).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: '立即联系客服' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is not there before the trip’s day nor for a cancelled trip, as the server would refuse it', async () => {
    server(
      sampleBooking({
        status: 'upcoming',
        date: '2026-11-25',
        startsAt: '2026-11-25T01:00:00Z',
        endsAt: '2026-11-25T03:00:00Z',
        actions: ['cancel'],
      }),
    );
    const before = renderPage(traveler);
    expect(await screen.findByRole('heading', { level: 1, name: '预订确认单 TG0012' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '紧急求助' })).toBeNull();
    before.unmount();
    server(sampleBooking({ status: 'cancelled', actions: [] }));
    renderPage(traveler);
    expect(await screen.findByRole('heading', { level: 1, name: '预订确认单 TG0012' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '紧急求助' })).toBeNull();
  });

  it('speaks to the guide when the booking’s guide opens it (en)', async () => {
    await act(() => i18next.changeLanguage('en'));
    server(sampleBooking());
    renderPage(guide);
    fireEvent.click(await screen.findByRole('button', { name: 'Help now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Help now' });
    expect(
      within(sheet).getByText(
        'We answer urgent requests first, within minutes, and see the booking, your traveler and how to reach you both.',
      ),
    ).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: 'Contact support now' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
