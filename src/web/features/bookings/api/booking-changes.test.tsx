import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useChangeQuote } from './booking-changes';
import { bookingKeys } from './keys';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * A change's price is asked when the traveler sets the group and the days, and only then (decision 194). A push
 * refreshes every booking query (`use-realtime`, on each notice); the notice of a change just made arrives while the
 * sheet still shows that change's price, and asked again the server answers 400 change_unchanged, as the trip is now
 * the booking's own.
 */
describe('the price of a change', () => {
  it('is not asked again when the bookings are refreshed by a push', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const body = { adults: 2, children: 0, infants: 0, days: 2 };
    const { result } = renderHook(() => useChangeQuote(12, body), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => client.invalidateQueries({ queryKey: bookingKeys.all }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
