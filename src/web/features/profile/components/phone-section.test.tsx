import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { user as sampleUser } from '../../admin/admin-fixtures';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PasswordChangeForm } from './password-change-form';
import { PhoneSection } from './phone-section';

// The profile's phone number and first password (decision 147), in English.
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

function wrap(node: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{node}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PhoneSection', () => {
  it('adds a number with the code sent to it, and says when another account holds it', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
        if (url.endsWith('/api/me/phone/start')) return json({ expiresInSeconds: 300, resendAfterSeconds: 60 }, 202);
        return json({ code: 'phone_taken', message: 'x' }, 409);
      }),
    );
    const me: User = { ...sampleUser(false), phone: null };
    wrap(<PhoneSection user={me} />);
    expect(await screen.findByText('No phone number yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country or region' }), { target: { value: 'JP' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '090-1234-5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This number is already used by another account.')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ phone: '+819012345678' }, { phone: '+819012345678', code: '482913' }]);
  });
});

describe('PasswordChangeForm without a password', () => {
  it('asks for no current password and sends none', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body ?? '{}')));
        return json({ token: 't', user: sampleUser(false) });
      }),
    );
    wrap(<PasswordChangeForm hasPassword={false} />);
    expect(await screen.findByText(/no password yet/)).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Sakura2026!' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Sakura2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(bodies).toEqual([{ newPassword: 'Sakura2026!', confirmPassword: 'Sakura2026!' }]));
  });
});
