import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { CheckoutForm } from './checkout-form';
import type { TourInfo } from './tour-summary';

/**
 * The checkout of several days says the in-person part is paid a share each tour day, on that day
 * (decision 179), in every language; a tour of one day is paid on its day.
 */
const tour = (days?: number): TourInfo => ({
  guide: { userId: 9, fullName: 'Haruka Tanaka', profilePicture: null, serviceCity: 'kyoto' },
  date: '2026-12-20',
  startTime: '09:00',
  startsAt: '2026-12-20T00:00:00Z',
  timeZone: 'Asia/Tokyo',
  hours: 8,
  travelers: 2,
  service: null,
  ...(days !== undefined && { days, dayHours: 8 }),
});
const price = {
  unitPriceCents: 30_000,
  additionalPerPersonCents: 3_000,
  totalCents: 990_000,
  depositCents: 198_000,
  balanceCents: 792_000,
  hours: 24,
  travelers: 2,
};
const noop = () => {};
const form = (days?: number) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <CheckoutForm
            tour={tour(days)}
            price={price}
            guideProfilePath="/guides/3"
            onCreated={noop}
            onPaid={noop}
            onApproval={noop}
            onContactSupport={noop}
          />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ support: { provider: 'builtin' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the checkout of several days', () => {
  it.each([
    ['en', 'a share on each of the 3 tour days, handed over that day.'],
    ['zh-CN', '按天分成 3 份，每个行程日当天当面支付当天那一份给地陪。'],
    ['ja', '3日分に分け、ツアーの各日にその日の分をガイドへ直接お支払いください。'],
  ])('says the in-person part is paid each day (%s)', async (lang, words) => {
    await act(() => i18next.changeLanguage(lang));
    await i18next.loadNamespaces(['bookings', 'licences']);
    form(3);
    expect((await screen.findByTestId('paying-help')).parentElement!.textContent).toContain(words);
    expect(document.body.textContent).not.toMatch(/on the day|行程当天|ツアー当日/);
  });

  it('says a tour of one day is paid on its day', async () => {
    form();
    expect((await screen.findByTestId('paying-help')).parentElement!.textContent).toContain(
      'is paid to your guide in person on the day.',
    );
  });
});
