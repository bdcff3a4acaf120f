import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { getSupportState, setSupportState } from '../support-store';
import { readStoredThread } from '../thread-storage';
import { HelpNow } from './help-now';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const traveler = {
  id: 7,
  username: 'traveler',
  fullName: 'Li Wei',
  email: 'li@example.com',
  role: 'traveler',
  isAdmin: false,
} as User;

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  setSupportState({ panelOpen: false, prefill: null });
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

function renderHelp() {
  setSession('token', traveler);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback="loading">
        <HelpNow booking={{ id: 42, bookingNumber: 'TG0042' }} />
      </Suspense>
    </QueryClientProvider>,
  );
}

describe('Help now (decision 132)', () => {
  it('opens a sheet in Chinese with the three numbers to call, the location unticked, and posts an urgent thread that opens the chat', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return json(
          {
            thread: { id: 77, topic: 'general', urgent: true, status: 'open', createdAt: '', lastMessageAt: '' },
            messages: [],
            visitorKey: null,
          },
          201,
        );
      }),
    );
    const getCurrentPosition = vi.fn();
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }),
    );
    renderHelp();
    const button = await screen.findByRole('button', { name: '紧急求助' });
    button.focus();
    fireEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: '紧急求助' });
    const links = within(sheet).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['tel:110', 'tel:119', 'tel:+81-50-3816-2787']);
    expect(links.map((a) => a.textContent)).toEqual([
      '110 · 报警犯罪、被盗、交通事故、儿童走失',
      '119 · 火警与急救火灾、受伤或突发疾病',
      '050-3816-2787 · 日本游客热线24 小时，提供中文和英文服务：事故、疾病、灾害',
    ]);
    const share = within(sheet).getByRole('checkbox', { name: '向客服分享我的位置' }) as HTMLInputElement;
    expect(share.checked).toBe(false);

    fireEvent.click(within(sheet).getByRole('button', { name: '立即联系客服' }));
    await waitFor(() => expect(getSupportState().panelOpen).toBe(true));
    // Not asked for the position: the box was not ticked.
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(posted).toEqual([
      {
        message: '我的行程 TG0042 需要紧急帮助。',
        topic: 'general',
        urgent: true,
        bookingId: 42,
        locale: 'zh-CN',
        pageUrl: '/',
      },
    ]);
    expect(readStoredThread()).toMatchObject({ threadId: 77, userId: 7 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the phone’s position only when the box is ticked', async () => {
    await act(() => i18next.changeLanguage('en'));
    const posted: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(
          {
            thread: { id: 78, topic: 'general', urgent: true, status: 'open', createdAt: '', lastMessageAt: '' },
            messages: [],
            visitorKey: null,
          },
          201,
        );
      }),
    );
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 35.68, longitude: 139.76, accuracy: 18.4 } } as GeolocationPosition),
    );
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }),
    );
    renderHelp();
    fireEvent.click(await screen.findByRole('button', { name: 'Help now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Help now' });
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'Share my location with the support team' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Contact support now' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      urgent: true,
      bookingId: 42,
      location: { lat: 35.68, lng: 139.76, accuracyM: 18 },
    });
  });

  it('offline, keeps the numbers to call and says contacting support needs the network', async () => {
    await act(() => i18next.changeLanguage('en'));
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    window.dispatchEvent(new Event('offline'));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderHelp();
    fireEvent.click(await screen.findByRole('button', { name: 'Help now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Help now' });
    expect(within(sheet).getAllByRole('link')).toHaveLength(3);
    expect(
      within(sheet).getByText('Contacting support needs a connection. The numbers above still work.'),
    ).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: 'Contact support now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Escape closes it (keyboard).
    fireEvent.keyDown(sheet, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    window.dispatchEvent(new Event('online'));
  });
});
