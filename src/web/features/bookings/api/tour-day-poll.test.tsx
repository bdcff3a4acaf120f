import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useGuideBookings } from './get-guide-bookings';
import { TOUR_DAY_POLL_MS } from './keys';
import { useTravelerBookings } from './get-traveler-bookings';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server whose list holds one booking in `status`; counts its reads. */
function stubList(status: string) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ data: [{ id: 1, status }], counts: {} }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** How many times the list was read after a first read and `ms` more on the clock. */
async function readsAfter(hook: () => { isSuccess: boolean }, fetch: ReturnType<typeof stubList>, ms: number) {
  // TanStack Query's interval on a fake clock (faked before the first read, which starts it); setTimeout stays real
  // for the waits below (testing-library's waitFor would poll on the fake setInterval and never run).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(hook, { wrapper });
  for (let i = 0; i < 500 && !result.current.isSuccess; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(result.current.isSuccess).toBe(true);
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  // A read the clock started is let to land before counting.
  await act(() => new Promise((r) => setTimeout(r, 50)));
  return fetch.mock.calls.length;
}

describe('a booking list on the tour day', () => {
  it.each(['awaiting_start', 'start_confirmed', 'extend_requested', 'extend_confirmed'])(
    "is read again while a tour waits on a side's step (%s), pushes or not",
    async (status) => {
      const guide = stubList(status);
      expect(await readsAfter(() => useGuideBookings(5), guide, TOUR_DAY_POLL_MS)).toBe(2);
      const traveler = stubList(status);
      expect(await readsAfter(() => useTravelerBookings(5), traveler, TOUR_DAY_POLL_MS)).toBe(2);
    },
  );

  it.each(['upcoming', 'ongoing', 'completed'])('is left to the pushes otherwise (%s)', async (status) => {
    const fetch = stubList(status);
    expect(await readsAfter(() => useGuideBookings(5), fetch, 3 * TOUR_DAY_POLL_MS)).toBe(1);
  });
});
