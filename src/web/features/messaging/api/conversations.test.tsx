import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { openConversation, useConversations } from './conversations';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const entry = (lastMessage: string) => ({
  conversation: { id: 1, guideId: 2, travelerId: 3 },
  isGuideView: true,
  counterpart: { userId: 3, name: 'Li Wei', avatarUrl: null, guideId: null },
  lastMessage,
  lastMessageAt: '2026-11-22T10:00:00.000Z',
  messageCount: 1,
  unreadCount: 1,
  credits: null,
  contactsUnlocked: false,
});

/** The server writes a tour request's preview in the language the request names (decision 053). */
function stubServer() {
  const fetch = vi.fn(async (_url: RequestInfo, init?: RequestInit) => {
    const zh = new Headers(init?.headers).get('Accept-Language') === 'zh-CN';
    const preview = zh
      ? '行程请求 · 街头美食之旅 · 2026年12月1日 10:00 · 3 小时 · 2 位旅行者'
      : 'Tour request · Street food tour · Dec 1, 2026 10:00 · 3 h · 2 travelers';
    const body = init?.method === 'POST' ? { data: entry(preview) } : { data: [entry(preview)] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('conversation list previews in the reader language', () => {
  it('asks in the interface language and fetches again when it changes', async () => {
    const fetch = stubServer();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useConversations(), { wrapper });
    await waitFor(() =>
      expect(result.current.data?.[0]?.lastMessage).toBe(
        'Tour request · Street food tour · Dec 1, 2026 10:00 · 3 h · 2 travelers',
      ),
    );
    await act(() => i18next.changeLanguage('zh-CN'));
    await waitFor(() =>
      expect(result.current.data?.[0]?.lastMessage).toBe(
        '行程请求 · 街头美食之旅 · 2026年12月1日 10:00 · 3 小时 · 2 位旅行者',
      ),
    );
    const langs = (fetch.mock.calls as unknown as [RequestInfo, RequestInit][]).map(([, init]) =>
      new Headers(init.headers).get('Accept-Language'),
    );
    expect(langs).toEqual(['en', 'zh-CN']);
  });

  it('opens a conversation in the interface language too', async () => {
    stubServer();
    await act(() => i18next.changeLanguage('zh-CN'));
    expect((await openConversation(2)).data.lastMessage).toMatch(/^行程请求 · /);
  });
});
