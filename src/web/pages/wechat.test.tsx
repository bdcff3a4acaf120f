import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WeChatButton, WeChatLinkPanel } from '../features/auth/forms';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession } from '../lib/session';
import { storage, STORAGE_KEYS } from '../lib/storage-keys';
import { Component as WeChatPage } from './wechat';

beforeAll(async () => {
  await i18nReady;
  // Chinese below (the traveler's language); the web tests share one i18next (isolate: false), so English is put back
  // after.
  await i18next.changeLanguage('zh-CN');
  await i18next.loadNamespaces(['wechat', 'auth', 'common']);
});
afterAll(() => i18next.changeLanguage('en'));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const user = { id: 7, username: 'wxab12cd34', fullName: '小美旅行中', role: 'traveler', isGuide: false };

function server(answers: Record<string, (init?: RequestInit) => Response>) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const match = Object.keys(answers).find((prefix) => url.startsWith(prefix));
      return match ? answers[match]!(init) : json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return calls;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/auth/wechat" element={<WeChatPage />} />
            <Route path="/search" element={<p>search page</p>} />
            <Route path="/login" element={<WeChatButton redirect="/search" />} />
            <Route path="/profile" element={<WeChatLinkPanel />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the WeChat button', () => {
  it('shows where WeChat login is offered, as a link to the server’s start with the redirect', async () => {
    server({ '/api/config/public': () => json({ wechatLogin: true }) });
    renderAt('/login');
    const link = await screen.findByRole('link', { name: '微信登录' });
    expect(link.getAttribute('href')).toBe('/api/auth/wechat/start?redirect=%2Fsearch');
  });

  it('is absent where it is not', async () => {
    const calls = server({ '/api/config/public': () => json({ wechatLogin: false }) });
    renderAt('/login');
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('link', { name: '微信登录' })).toBeNull();
  });
});

describe('the page WeChat returns to', () => {
  it('a new WeChat: offers the nickname as the name, asks the consents, then creates the account with them and goes on', async () => {
    const calls = server({
      '/api/auth/wechat/callback': () =>
        json({
          status: 'consents_needed',
          signupToken: 'tok',
          nickname: '小美旅行中',
          avatar: true,
          redirect: '/search',
        }),
      '/api/auth/wechat/signup': () => json({ ...user, token: 'session-token', user }, 201),
    });
    renderAt('/auth/wechat?code=c1&state=s1');
    expect(await screen.findByRole('heading', { name: '还差一步' })).toBeTruthy();
    expect(screen.getByText('微信：小美旅行中')).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/auth/wechat/callback?code=c1&state=s1');

    // Not without both boxes.
    fireEvent.click(screen.getByRole('button', { name: '创建账户' }));
    expect(calls.some((c) => c.url.includes('/signup'))).toBe(false);
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    // The nickname is offered; she writes her own name instead.
    const name = screen.getByLabelText('您的名字') as HTMLInputElement;
    expect(name.value).toBe('小美旅行中');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: '创建账户' }));
    expect(calls.some((c) => c.url.includes('/signup'))).toBe(false);
    fireEvent.change(name, { target: { value: '王小美' } });
    fireEvent.click(screen.getByRole('button', { name: '创建账户' }));
    expect(await screen.findByText('search page')).toBeTruthy();
    const signup = calls.find((c) => c.url === '/api/auth/wechat/signup')!;
    expect(signup.body).toMatchObject({ signupToken: 'tok', locale: 'zh-CN', emailUpdates: false, fullName: '王小美' });
    expect((signup.body as { consents: { kind: string }[] }).consents.map((c) => c.kind).sort()).toEqual([
      'cross_border',
      'privacy',
      'terms',
    ]);
    expect(storage.get(STORAGE_KEYS.token)).toBe('session-token');
    // The callback was asked once: its state works once.
    expect(calls.filter((c) => c.url.startsWith('/api/auth/wechat/callback'))).toHaveLength(1);
  });

  it('a linked WeChat: signed in and on to the redirect', async () => {
    server({
      '/api/auth/wechat/callback': () =>
        json({ status: 'signed_in', ...user, token: 'tok2', user, redirect: '/search' }),
    });
    renderAt('/auth/wechat?code=c2&state=s2');
    expect(await screen.findByText('search page')).toBeTruthy();
    expect(storage.get(STORAGE_KEYS.token)).toBe('tok2');
  });

  it('the account signed in here, confirmed again (decision 185): the same session kept, on to the redirect', async () => {
    storage.set(STORAGE_KEYS.token, 'kept-session');
    server({
      '/api/auth/wechat/callback': () =>
        json({ status: 'proven', provenUntil: new Date(Date.now() + 600_000).toISOString(), redirect: '/search' }),
    });
    renderAt('/auth/wechat?code=c3&state=s3');
    expect(await screen.findByText('search page')).toBeTruthy();
    expect(storage.get(STORAGE_KEYS.token)).toBe('kept-session');
  });

  it.each([
    ['invalid_state', 400, '此次登录是在其他浏览器中发起的'],
    ['wechat_code_invalid', 400, '微信的授权已过期或已使用'],
    ['wechat_unavailable', 502, '微信暂时没有响应'],
  ])('names the error %s in the reader’s language', async (code, status, text) => {
    server({ '/api/auth/wechat/callback': () => json({ code, message: 'x' }, status) });
    renderAt('/auth/wechat?code=c3&state=s3');
    expect(await screen.findByText(new RegExp(text))).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' })).toBeTruthy();
  });

  it('without a code (the consent closed) says so and asks nothing', async () => {
    const calls = server({});
    renderAt('/auth/wechat?state=s4');
    expect(await screen.findByText('微信未确认登录，请重试。')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('WeChat in the profile settings', () => {
  it('unlinks while the account keeps a password', async () => {
    let linked = true;
    server({
      '/api/config/public': () => json({ wechatLogin: true }),
      '/api/me/wechat': (init) => {
        if (init?.method === 'DELETE') {
          linked = false;
          return json(null, 204);
        }
        return json({ linked, nickname: linked ? '小美旅行中' : null, canUnlink: linked });
      },
    });
    renderAt('/profile');
    expect(await screen.findByText('已绑定微信（小美旅行中）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText('尚未绑定微信。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '绑定微信' })).toBeTruthy();
  });

  it('cannot unlink the only way in, and says why', async () => {
    server({
      '/api/config/public': () => json({ wechatLogin: true }),
      '/api/me/wechat': () => json({ linked: true, nickname: '雷雷', canUnlink: false }),
    });
    renderAt('/profile');
    expect(await screen.findByText('已绑定微信（雷雷）')).toBeTruthy();
    expect((screen.getByRole('button', { name: '解除绑定' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('微信是您登录此账户的方式。请先设置密码，再解除绑定。')).toBeTruthy();
  });
});
