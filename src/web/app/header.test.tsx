import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { Header } from './header';

beforeAll(async () => {
  await i18nReady;
  // The names below are English; the web tests share one i18next (isolate: false in vitest.config.ts), and a file run
  // before may have left Chinese.
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the phone menu', () => {
  it('closes when the page changes, whatever changed it (a link tapped mid-animation, Back)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })),
    );
    const page = (
      <Suspense fallback="loading">
        <Header />
      </Suspense>
    );
    const router = createMemoryRouter(
      [
        { path: '/', element: page },
        { path: '/search', element: page },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
    // A navigation the menu's own links did not make: before, the sheet stayed open over /search.
    await act(() => router.navigate('/search'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
