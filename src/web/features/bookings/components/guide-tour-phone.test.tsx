import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';

// The traveler's phone on the guide's tour card (decision 147): shown, as a number to call, only when the
// server sends it (the trip day); otherwise nothing stands in its place.
beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['tour', 'trips', 'bookings']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const now = new Date('2026-11-22T02:00:00Z');
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function show(travelerPhone: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <GuideTourCard booking={sampleBooking({ travelerPhone })} now={now} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("GuideTourCard and the traveler's phone", () => {
  it('offers the number to call, with its country code, when the booking carries it', async () => {
    show('+8613800138000');
    const link = await screen.findByRole('link', { name: '+86 138 0013 8000' });
    expect(link.getAttribute('href')).toBe('tel:+8613800138000');
    expect(screen.getByText("Traveler's phone")).toBeTruthy();
  });

  it('shows no phone line without it', async () => {
    show(null);
    expect(await screen.findByText('TG0012')).toBeTruthy();
    expect(screen.queryByText("Traveler's phone")).toBeNull();
  });
});
