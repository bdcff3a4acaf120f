import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { user } from '../../admin/admin-fixtures';
import { WeChatButton, WeChatLinkPanel } from '../../auth/forms';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { AccountManagement } from './account-management';
import { SessionList } from './session-list';

// Decision 185 on the web: the deletion asks each account for the proof it can give; the sessions list's
// four states and ending another device; the WeChat button on a phone outside WeChat.
beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sampleUser = user(false);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (init?: RequestInit) => Response | Promise<Response>;
function server(routes: Record<string, Route>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const route = routes[`${method} ${url}`];
      return route ? route(init) : json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return calls;
}

function show(node: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{node}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openDeletion(me: User) {
  show(<AccountManagement user={me} onDeleted={() => undefined} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(`Type your username ${me.username} to confirm`), {
    target: { value: me.username },
  });
  return dialog;
}

describe('deleting the account', () => {
  it('a phone-made account is texted a code and deletes with it; no password is asked', async () => {
    const calls = server({
      'POST /api/me/delete/code': () => json({ expiresInSeconds: 300, resendAfterSeconds: 60 }, 202),
      'DELETE /api/me': () => new Response(null, { status: 204 }),
    });
    const dialog = await openDeletion({ ...sampleUser, hasPassword: false, phone: '+8613912345678' });
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Text me a code' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /code/i }), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account permanently' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({
      code: '123456',
      confirmation: sampleUser.username,
    });
  });

  it('a WeChat-only account is sent to sign in with WeChat again, and told so when it tries without', async () => {
    server({ 'DELETE /api/me': () => json({ code: 'reauth_required', message: 'x' }, 403) });
    const dialog = await openDeletion({ ...sampleUser, hasPassword: false, phone: null });
    expect(within(dialog).getByRole('link', { name: 'Sign in with WeChat again' }).getAttribute('href')).toBe(
      '/api/auth/wechat/start?redirect=%2Fprofile%23account',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account permanently' }));
    expect(
      await within(dialog).findByText('Sign in with WeChat again first, then delete within 10 minutes.'),
    ).toBeTruthy();
  });

  it('an account with a password gives it, as before', async () => {
    const calls = server({ 'DELETE /api/me': () => json({ code: 'wrong_password', message: 'x' }, 400) });
    const dialog = await openDeletion({ ...sampleUser, hasPassword: true });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'not-it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account permanently' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({
      password: 'not-it',
      confirmation: sampleUser.username,
    });
  });
});

const mac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';

describe('the sessions list', () => {
  it('names each device, marks this one, and signs out another', async () => {
    let ended = false;
    const sessions = () => [
      {
        id: '00000000-0000-4000-8000-000000000001',
        createdAt: '2026-11-20T10:00:00Z',
        lastSeenAt: '2026-11-28T09:00:00Z',
        userAgent: mac,
        current: true,
      },
      ...(ended
        ? []
        : [
            {
              id: '00000000-0000-4000-8000-000000000002',
              createdAt: '2026-11-21T10:00:00Z',
              lastSeenAt: null,
              userAgent: iphone,
              current: false,
            },
          ]),
    ];
    const calls = server({
      'GET /api/me/sessions': () => json({ sessions: sessions() }),
      'DELETE /api/me/sessions/00000000-0000-4000-8000-000000000002': () => (
        (ended = true),
        new Response(null, { status: 204 })
      ),
    });
    show(<SessionList />);
    expect(await screen.findByText('Chrome on macOS')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByText('WeChat on iPhone')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out WeChat on iPhone' }));
    expect(await screen.findByText('No other device is signed in to your account.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows loading, then an error with a retry', async () => {
    server({ 'GET /api/me/sessions': () => json({ code: 'internal', message: 'x' }, 500) });
    show(<SessionList />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Your devices could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});

describe('the WeChat button on a phone outside WeChat', () => {
  it('explains how to go on in WeChat instead of opening a QR code', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    });
    server({ 'GET /api/config/public': () => json({ wechatLogin: true }) });
    show(<WeChatButton redirect="/search" />);
    const button = await screen.findByRole('button', { name: /WeChat/ });
    expect(screen.queryByRole('link', { name: /Continue with WeChat|WeChat/ })).toBeNull();
    fireEvent.click(button);
    expect(screen.getByText('Continue in WeChat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the QR code to scan with another phone' }).getAttribute('href')).toBe(
      '/api/auth/wechat/start?redirect=%2Fsearch',
    );
  });

  it('says, in the settings, how to link WeChat from WeChat itself', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    server({
      'GET /api/config/public': () => json({ wechatLogin: true }),
      'GET /api/me/wechat': () => json({ linked: false, nickname: null, canUnlink: false }),
    });
    show(<WeChatLinkPanel />);
    expect(await screen.findByText(/Open this page in WeChat instead/)).toBeTruthy();
  });
});
