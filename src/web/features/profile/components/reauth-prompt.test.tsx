import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { user as sampleUser } from '../../admin/admin-fixtures';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PhoneSection } from './phone-section';
import { ReauthPrompt } from './reauth-prompt';

// A new way in answered 403 reauth_required (decision 183): the prompt asks for the password or a code
// to the phone, and the refused call is made again once proven.
beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the first start is refused for want of a proof, the proof is taken, the start then goes through. */
function server(calls: { url: string; body: unknown }[]) {
  let proven = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url === '/api/me/reauth/code') return json({ expiresInSeconds: 300, resendAfterSeconds: 60 }, 202);
      if (url === '/api/me/reauth') {
        const body = JSON.parse(String(init?.body)) as { password?: string; code?: string };
        if (body.password === 'wrong') return json({ code: 'wrong_password', message: 'x' }, 400);
        proven = true;
        return json({ provenUntil: new Date(Date.now() + 600_000).toISOString() });
      }
      if (url === '/api/me/phone/start')
        return proven
          ? json({ expiresInSeconds: 300, resendAfterSeconds: 60 }, 202)
          : json({ code: 'reauth_required', message: 'x' }, 403);
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
}

function renderProfile(me: User) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <PhoneSection user={me} />
          <ReauthPrompt user={me} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function askForCode() {
  await screen.findByRole('button', { name: 'Send code' });
  fireEvent.change(screen.getByRole('combobox', { name: 'Country or region' }), { target: { value: 'JP' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '090-1234-5678' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeTruthy();
}

describe('ReauthPrompt', () => {
  it('asks for the password when a new number is refused for want of a proof, then sends the code', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server(calls);
    renderProfile({ ...sampleUser(false), phone: null, hasPassword: true });
    await askForCode();
    expect(screen.queryByRole('button', { name: /Text a code/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This password is not correct.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Sakura2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/me/phone/start',
      '/api/me/reauth',
      '/api/me/reauth',
      '/api/me/phone/start',
    ]);
    expect(calls[2]!.body).toEqual({ password: 'Sakura2026!' });
  });

  it('offers a code to the verified phone of an account without a password', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server(calls);
    renderProfile({ ...sampleUser(false), phone: '+8613800138000', hasPassword: false });
    await askForCode();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Text a code to / }));
    expect(await screen.findByText(/We texted a code to/)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(
      dialog.querySelector('input[autocomplete="one-time-code"]') ?? screen.getAllByLabelText('Verification code')[0]!,
      { target: { value: '123456' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/We sent a 6-digit code to/)).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/me/phone/start',
      '/api/me/reauth/code',
      '/api/me/reauth',
      '/api/me/phone/start',
    ]);
    expect(calls[2]!.body).toEqual({ code: '123456' });
  });

  it('sends a WeChat-only account to sign in with WeChat again', async () => {
    server([]);
    renderProfile({ ...sampleUser(false), phone: null, hasPassword: false });
    await askForCode();
    expect(screen.getByText(/signs in with WeChat only/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with WeChat again' }).getAttribute('href')).toContain(
      '/api/auth/wechat/start?redirect=%2Fprofile',
    );
  });
});
