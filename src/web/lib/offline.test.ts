import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import {
  clearPrivateCaches,
  forgetCachedAnswers,
  PRIVATE_CACHE_PREFIX,
  SAVED_AT_HEADER,
  useOfflineState,
} from './offline';
import { clearSession, setSession } from './session';
import type { User } from '../../shared/schemas/user';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCachedAnswers();
});

function stubCaches(names: string[]) {
  const left = new Set(names);
  const caches = { keys: vi.fn(async () => [...left]), delete: vi.fn(async (n: string) => left.delete(n)) };
  vi.stubGlobal('caches', caches);
  return left;
}

describe('logging out clears the offline copy (decision 095)', () => {
  it('deletes every user’s private cache and nothing else, and tells the service worker', async () => {
    const left = stubCaches([
      `${PRIVATE_CACHE_PREFIX}7`,
      `${PRIVATE_CACHE_PREFIX}8`,
      'tabi-shell-v1',
      'tabi-images-v1',
    ]);
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: { postMessage } } });
    await clearPrivateCaches();
    expect([...left]).toEqual(['tabi-shell-v1', 'tabi-images-v1']);
    expect(postMessage).toHaveBeenCalledWith({ type: 'logout' });
  });

  it('clearSession (every logout path) deletes them', async () => {
    const left = stubCaches([`${PRIVATE_CACHE_PREFIX}7`, 'tabi-shell-v1']);
    setSession('t', { id: 7 } as User);
    clearSession();
    await vi.waitFor(() => expect([...left]).toEqual(['tabi-shell-v1']));
  });

  it('without Cache Storage (an old browser, the server) there is nothing to do', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearPrivateCaches()).resolves.toBeUndefined();
  });
});

describe('the offline line’s state', () => {
  const answer = (savedAt?: string) =>
    vi
      .fn()
      .mockImplementation(
        async () => new Response('{}', { status: 200, headers: savedAt ? { [SAVED_AT_HEADER]: savedAt } : {} }),
      );

  it('an answer from the cache says offline, with when it was fetched; a fresh answer for it ends that', async () => {
    const { result } = renderHook(() => useOfflineState());
    expect(result.current).toEqual({ offline: false, savedAt: null });
    vi.stubGlobal('fetch', answer('2026-11-24T01:05:00.000Z'));
    await act(() => apiRequest('/api/v2/bookings-new/traveler/7'));
    expect(result.current.offline).toBe(true);
    expect(result.current.savedAt?.toISOString()).toBe('2026-11-24T01:05:00.000Z');
    vi.stubGlobal('fetch', answer());
    await act(() => apiRequest('/api/v2/bookings-new/traveler/7'));
    expect(result.current).toEqual({ offline: false, savedAt: null });
  });

  it('shows the oldest copy on the page, and logging out forgets them', async () => {
    const { result } = renderHook(() => useOfflineState());
    vi.stubGlobal('fetch', answer('2026-11-24T01:05:00.000Z'));
    await act(() => apiRequest('/api/a'));
    vi.stubGlobal('fetch', answer('2026-11-23T08:00:00.000Z'));
    await act(() => apiRequest('/api/b'));
    expect(result.current.savedAt?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    stubCaches([]);
    await act(() => clearPrivateCaches());
    expect(result.current).toEqual({ offline: false, savedAt: null });
  });
});
