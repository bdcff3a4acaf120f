import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import { GuideTourCard } from './guide-tour-card';
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * The on-tour cards of a booking of three days (decision 155): "Day 2 of 3" with that day's hours,
 * 'Complete Service' disabled with its reason before the last day, the per-day extension count and
 * the refusals the server gives (an extension into the next day, completing too early).
 */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** 11:00 in Tokyo on day 2. */
const now = new Date('2026-11-22T02:00:00Z');
const noop = () => {};

/** Three days from Nov 21, 09:00–17:00 Tokyo; day 2 was extended by 1.5 h (to 18:30). */
const threeDays = (over: Partial<Booking> = {}) =>
  sampleBooking({
    date: '2026-11-21',
    scheduledStartTime: '09:00',
    startsAt: '2026-11-21T00:00:00.000Z',
    endsAt: '2026-11-23T08:00:00.000Z',
    duration: 8,
    days: 3,
    currentDay: 2,
    schedule: [
      { date: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z', endsAt: '2026-11-21T08:00:00.000Z' },
      { date: '2026-11-22', startsAt: '2026-11-22T00:00:00.000Z', endsAt: '2026-11-22T09:30:00.000Z' },
      { date: '2026-11-23', startsAt: '2026-11-23T00:00:00.000Z', endsAt: '2026-11-23T08:00:00.000Z' },
    ],
    extensionCount: 3,
    dayExtensionCount: 1,
    // Before the last day the server leaves completion out (tour_not_over).
    actions: ['request_extension', 'dispute'],
    ...over,
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'common']);
});
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.includes('/request-extension'))
      return json(
        { code: 'extension_into_next_day', message: 'This extension would run into the start of the next tour day' },
        409,
      );
    if (url.includes('/status')) return json({ code: 'tour_not_over', message: 'not yet' }, 409);
    return json(threeDays());
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the traveler’s card on day 2 of 3', () => {
  it('names the day with its hours and disables Complete Service with the reason', async () => {
    render(wrap(<TripCard booking={threeDays()} now={now} onContactSupport={noop} />));
    const line = await screen.findByTestId('tour-day-now');
    expect(line.textContent).toContain('Day 2 of 3');
    expect(within(line).getByTestId('tour-time').textContent).toBe('09:00–18:30 (Japan time)');
    const complete = screen.getByRole('button', { name: 'Complete Service' }) as HTMLButtonElement;
    expect(complete.disabled).toBe(true);
    expect(screen.getByText(/You can complete the tour from the start of its last day, .*Nov 23/)).toBeTruthy();
    expect(complete.getAttribute('aria-describedby')).toBe('complete-later-12');
  });

  it('on the last day Complete Service is enabled and no reason shows', async () => {
    render(
      wrap(
        <TripCard
          booking={threeDays({
            currentDay: 3,
            dayExtensionCount: 0,
            actions: ['request_extension', 'service_complete', 'dispute'],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect((await screen.findByTestId('tour-day-now')).textContent).toContain('Day 3 of 3');
    expect((screen.getByRole('button', { name: 'Complete Service' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/from the start of its last day/)).toBeNull();
  });

  it('the extension dialog counts today’s extensions, and an extension into the next day is refused with its reason', async () => {
    render(wrap(<TripCard booking={threeDays()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Request Extension' }));
    expect(await screen.findByText('Extensions today (day 2): 1/2')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText(/Expiry/), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'This extension would run into the start of the next tour day. Choose a shorter one.',
        }),
      ),
    );
  }, 20_000);
});

describe('the guide’s card', () => {
  it('zh-CN: 第 2 天，共 3 天 and today’s extensions', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<GuideTourCard booking={threeDays()} now={now} />));
    expect((await screen.findByTestId('tour-day-now')).textContent).toContain('第 2 天，共 3 天');
    expect(screen.getByText(/今日延长次数：1\/2/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '完成服务' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ja: 3日間のうち2日目, 3日間 × 8時間, what the family wrote and her number as written in Japan', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(
      wrap(
        <GuideTourCard
          booking={threeDays({ notes: '7歳の子と赤ちゃん、ベビーカーあり', travelerPhone: '+819031415926' })}
          now={now}
        />,
      ),
    );
    expect((await screen.findByTestId('tour-day-now')).textContent).toContain('3日間のうち2日目');
    expect(screen.getByText(/3日間 × 8時間/)).toBeTruthy();
    expect(screen.getByText('7歳の子と赤ちゃん、ベビーカーあり')).toBeTruthy();
    expect(screen.getByRole('link', { name: '090-3141-5926' }).getAttribute('href')).toBe('tel:+819031415926');
    expect(screen.getByText(/ツアーの完了は最終日（.*）の開始後にできます。/)).toBeTruthy();
  });

  it('a one-day tour shows no day line', async () => {
    render(wrap(<GuideTourCard booking={sampleBooking({ actions: ['service_complete', 'dispute'] })} now={now} />));
    expect(await screen.findByRole('button', { name: 'Complete Service' })).toBeTruthy();
    expect(screen.queryByTestId('tour-day-now')).toBeNull();
  });
});
