import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { bookingPriceLines } from '../lib/price';
import { useBooking } from './get-booking';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

/**
 * A booking of 2 hours lengthened by an hour: `duration` is 3 now, and its line, priced for 2, is
 * labelled by the server for the 2 hours charged (decision 151), in the language the request asks for.
 */
function stubServer() {
  const fetch = vi.fn(async (_url: RequestInfo, init?: RequestInit) => {
    const zh = new Headers(init?.headers).get('Accept-Language') === 'zh-CN';
    const booking = {
      id: 7,
      offerId: null,
      duration: 3,
      days: 1,
      travelers: 2,
      unitPriceCents: 500_000,
      additionalPerPersonCents: 0,
      totalPriceCents: 1_000_000,
      depositCents: 200_000,
      balanceCents: 800_000,
      creditCents: 0,
      lines: [
        {
          kind: 'base',
          people: 2,
          amountCents: 1_000_000,
          label: zh ? '地陪费（2 人以内）· 2 小时' : 'Guide for up to 2 people · 2 hours',
        },
      ],
    };
    return new Response(JSON.stringify(booking), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe("a booking's price lines", () => {
  it("show the server's labels in the reader's language, fetched again when the language changes", async () => {
    const fetch = stubServer();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useBooking(7), { wrapper });
    const label = () =>
      result.current.data ? bookingPriceLines(result.current.data as unknown as Booking).lines?.[0]?.label : undefined;
    // The hours charged, not the 3 the tour lasts since its extension.
    await waitFor(() => expect(label()).toBe('Guide for up to 2 people · 2 hours'));
    await act(() => i18next.changeLanguage('zh-CN'));
    await waitFor(() => expect(label()).toBe('地陪费（2 人以内）· 2 小时'));
    const langs = (fetch.mock.calls as unknown as [RequestInfo, RequestInit][]).map(([, init]) =>
      new Headers(init.headers).get('Accept-Language'),
    );
    expect(langs).toEqual(['en', 'zh-CN']);
  });
});
