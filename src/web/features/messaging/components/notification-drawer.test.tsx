import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRef, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import NotificationDrawer from './notification-drawer';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

/** The server answers in the language the request names (decision 053). */
function stubServer() {
  const fetch = vi.fn(async (_url: RequestInfo, init?: RequestInit) => {
    const zh = new Headers(init?.headers).get('Accept-Language') === 'zh-CN';
    const message = {
      id: 1,
      type: 'booking',
      title: zh ? '行程请求已接受' : 'Tour request accepted',
      message: zh ? '佐藤已接受您的行程请求。' : 'Sato accepted your tour request.',
      status: 'unread',
      createdAt: new Date().toISOString(),
      readAt: null,
      expiresAt: null,
      actionable: true,
      actionUrl: '/messages?c=1',
      actionLabel: zh ? '打开聊天' : 'Open chat',
      showContactSupport: false,
      isErrorMessage: false,
      relatedEntityId: 1,
      relatedEntityType: 'conversation',
    };
    return new Response(
      JSON.stringify({ data: { messages: [message], total: 1, page: 1, limit: 10, unreadCount: 1 } }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('NotificationDrawer', () => {
  it('asks for the reader language and fetches again when it changes', async () => {
    const fetch = stubServer();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Suspense fallback="loading">
            <NotificationDrawer signedIn onClose={() => undefined} returnFocusTo={createRef()} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Tour request accepted')).toBeTruthy();
    expect(
      new Headers((fetch.mock.calls[0] as unknown as [RequestInfo, RequestInit])[1].headers).get('Accept-Language'),
    ).toBe('en');
    await act(() => i18next.changeLanguage('zh-CN'));
    expect(await screen.findByText('行程请求已接受')).toBeTruthy();
    expect(screen.queryByText('Tour request accepted')).toBeNull();
  });

  it('keeps the page behind the phone sheet still while it is open, and gives the page its scroll back on close', async () => {
    stubServer();
    document.body.style.overflow = '';
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Suspense fallback="loading">
            <NotificationDrawer signedIn onClose={() => undefined} returnFocusTo={createRef()} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Tour request accepted')).toBeTruthy();
    // jsdom has no matchMedia: the phone-sized case, where the drawer is a bottom sheet.
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });
});
