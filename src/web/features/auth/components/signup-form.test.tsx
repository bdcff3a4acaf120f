import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session';
import { SignupForm } from './signup-form';

beforeAll(async () => {
  await i18nReady;
  // English labels below; the web tests share one i18next (isolate: false), which a file before may have left in
  // Chinese.
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The name's check answers after 300 ms (a slow network); the sign-up itself at once. */
function server() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/api/auth/check-username')) {
        await new Promise((r) => setTimeout(r, 300));
        return json({ available: true });
      }
      if (url.endsWith('/api/auth/signup')) {
        return json(
          {
            token: 't',
            user: { id: 9, username: 'sakurali', fullName: 'Li Sakura', role: 'traveler', isGuide: false },
            fullName: 'Li Sakura',
          },
          201,
        );
      }
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return calls;
}

describe('sign-up submitted before the name’s check has answered', () => {
  it('waits for the check of that name and signs up, instead of asking for an available name', async () => {
    const calls = server();
    const onSuccess = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Suspense fallback="loading">
            <SignupForm onSuccess={onSuccess} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Sakura' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Li' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sakura@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Sakura2026!' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Sakura2026!' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/i }));
    fireEvent.click(screen.getByRole('checkbox', { name: /transferred to Japan/i }));
    // The name last, then Create account at once: the debounced check has not even started.
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'sakurali' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    console.log(calls, document.body.textContent);
    expect(calls.some((u) => u.includes('/api/auth/check-username'))).toBe(true);
    expect(calls.some((u) => u.endsWith('/api/auth/signup'))).toBe(true);
    expect(document.body.textContent).not.toContain('Please choose an available username');
  });
});

describe('the consent boxes', () => {
  function form() {
    server();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Suspense fallback="loading">
            <SignupForm onSuccess={() => {}} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('toggle when their words are tapped (the words are the label)', async () => {
    form();
    const terms = (await screen.findByRole('checkbox', { name: /terms/i })) as HTMLInputElement;
    const label = document.querySelector<HTMLLabelElement>(`label[for="${terms.id}"]`)!;
    fireEvent.click(label.firstChild as Node);
    expect(terms.checked).toBe(true);
    fireEvent.click(label);
    expect(terms.checked).toBe(false);
  });

  it('open the linked documents in a sheet over the form, which keeps what was typed and ticked', async () => {
    form();
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Sakura' } });
    const transfer = screen.getByRole('checkbox', { name: /transferred to Japan/i }) as HTMLInputElement;
    const terms = screen.getByRole('checkbox', { name: /terms/i }) as HTMLInputElement;
    const link = screen.getByRole('link', { name: 'Terms of Service' });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('rel')).toBe('noopener');
    fireEvent.click(link);
    const sheet = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(await within(sheet).findByTestId('legal-doc-terms')).toBeTruthy();
    // Tapping the link is not tapping the box.
    expect(terms.checked).toBe(false);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Sakura');
    fireEvent.click(screen.getByRole('link', { name: /cross-border/i }));
    expect(await screen.findByTestId('legal-doc-cross_border')).toBeTruthy();
    expect(transfer.checked).toBe(false);
  });
});
