import { useSyncExternalStore } from 'react';
import { setAnswerListener } from './api-client';

/**
 * The app's side of the service worker (src/web/public/sw.js, decision 095): deleting the signed-in
 * user's cached trips on logout, and knowing when what the page shows came from that cache ("offline,
 * last updated …"). Registering the worker is in app/service-worker.ts, loaded only after the page.
 */

/** Must match sw.js: the signed-in user's cache is PRIVATE_CACHE_PREFIX + their user id. */
export const PRIVATE_CACHE_PREFIX = 'tabi-private-';
/** Must match sw.js: the header on an answer served from the cache, with the time it was fetched. */
export const SAVED_AT_HEADER = 'X-Tabi-Saved-At';

/** Deletes every cached answer of a signed-in user (logout, a forced logout, or a visitor's page finding some). */
export async function clearPrivateCaches(): Promise<void> {
  forgetCachedAnswers();
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: 'logout' });
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PRIVATE_CACHE_PREFIX)).map((n) => caches.delete(n)));
  } catch {
    /* storage unavailable: nothing was cached either */
  }
}

// --- What the page shows came from the cache ---------------------------------------------------------

const listeners = new Set<() => void>();
/** Request path → when its cached answer was fetched, for answers served from the cache. */
const fromCache = new Map<string, number>();
let snapshot: OfflineState = { offline: typeof navigator !== 'undefined' && navigator.onLine === false, savedAt: null };

export interface OfflineState {
  /** No connection (the browser says so), or an answer came from the cache. */
  offline: boolean;
  /** When the oldest cached answer on the page was fetched. */
  savedAt: Date | null;
}

function update() {
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const oldest = fromCache.size > 0 ? Math.min(...fromCache.values()) : null;
  const next: OfflineState = {
    offline: browserOffline || oldest !== null,
    savedAt: oldest === null ? null : new Date(oldest),
  };
  if (next.offline === snapshot.offline && next.savedAt?.getTime() === snapshot.savedAt?.getTime()) return;
  snapshot = next;
  listeners.forEach((l) => l());
}

/** api-client calls this for every answer: a cached one is remembered, a fresh one forgets its path. */
export function noteAnswer(path: string, headers: Headers): void {
  // Test doubles of fetch may answer without headers.
  const saved = (headers as Headers | undefined)?.get(SAVED_AT_HEADER);
  const at = saved ? Date.parse(saved) : NaN;
  if (Number.isFinite(at)) fromCache.set(path, at);
  else if (!fromCache.delete(path)) return;
  update();
}

/** Forgets every cached answer (logout). */
export function forgetCachedAnswers(): void {
  fromCache.clear();
  update();
}

// Loaded with the pages that show the offline line (and on logout), before their data is asked for.
setAnswerListener(noteAnswer);
if (typeof window !== 'undefined') {
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}

const SERVER_STATE: OfflineState = { offline: false, savedAt: null };

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => snapshot,
    () => SERVER_STATE,
  );
}
