import type { QueryClient } from '@tanstack/react-query';
import type { BookingListReply } from '../../shared/schemas/bookings';
import { ACTIVE_BOOKING_STATUSES } from '../../shared/booking/state-machine';
import { bookingKeys, getTravelerBookings } from '../features/bookings';
import { apiRequest } from '../lib/api-client';
import { currentLocale } from '../lib/i18n';
import { clearPrivateCaches } from '../lib/offline';
import { getLiveSession, getSession, onSessionChange } from '../lib/session';

/**
 * The service worker's registration (src/web/public/sw.js, decision 095): main.tsx loads this module after the page.
 *
 * Registers /sw.js once the page has loaded and the browser is idle, so it never competes with the
 * first paint or the first tap. On the very first registration the worker takes over the open page:
 * the page then hands it the files it already loaded (so the next visit opens offline) and calls
 * `onFirstControl`, which fetches the page's data again through the worker.
 */
export function registerServiceWorker(signedIn: boolean, onFirstControl: () => void, queryClient?: QueryClient): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // A visitor's page deletes whatever an earlier session left (a token that expired in another tab).
  if (!signedIn) void clearPrivateCaches();
  const container = navigator.serviceWorker;
  const hadController = !!container.controller;
  const register = () => {
    container.register('/sw.js').then(
      () => {
        if (queryClient) keepTripsOffline(container, queryClient);
        if (hadController) return;
        container.addEventListener(
          'controllerchange',
          () => {
            const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
            container.controller?.postMessage({ type: 'warm', urls });
            onFirstControl();
          },
          { once: true },
        );
      },
      () => {
        /* no worker (private mode, an old browser): the app works online as before */
      },
    );
  };
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Bookings whose trip is still ahead or under way (the cancelled, completed and disputed ones are not kept). */
const isActive = (status: BookingListReply['data'][number]['status']) => ACTIVE_BOOKING_STATUSES.includes(status);
/** At most this many trips' details and PDFs are fetched ahead, each once per page and language. */
const MAX_TRIPS_KEPT = 5;

/**
 * Offline by every path (decision 102): once the signed-in traveler has a booking — whatever page
 * they came in by, and whenever their trips list arrives (this page's check, the trips page, after
 * signing in) — the worker keeps the app's shell and the trip's files ("keep-trip"), and each active
 * booking and its PDF are fetched through the worker, which keeps them for this user only.
 */
function keepTripsOffline(container: ServiceWorkerContainer, queryClient: QueryClient): void {
  let kept = '';
  const controlled = () =>
    container.controller
      ? Promise.resolve()
      : new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));

  const keep = async (userId: number, reply: BookingListReply) => {
    const trips = reply.data.filter((b) => isActive(b.status));
    if (trips.length === 0) return;
    // Through the worker, or it would not keep them.
    await controlled();
    const lang = currentLocale();
    const key = `${userId}:${lang}:${trips.map((b) => b.id).join(',')}`;
    const mine = () => getLiveSession()?.user.id === userId;
    if (key === kept || !mine()) return;
    kept = key;
    container.controller?.postMessage({ type: 'keep-trip' });
    // The list itself may have arrived before the worker controlled the page (then it was not kept), and a
    // fresh copy in React Query's cache is not asked for again: asked once more, through the worker.
    // Logging out (or another account signing in) stops the fetching at once, the request on its way included:
    // the server forgets the token meanwhile, and each request would be a 401.
    const stop = new AbortController();
    const unsubscribe = onSessionChange(() => {
      if (!mine()) stop.abort();
    });
    try {
      await getTravelerBookings(userId, stop.signal).catch(() => undefined);
      // An unpaid booking has no confirmation PDF yet; the soonest trips are the ones needed on the way.
      const soonest = trips
        .filter((t) => t.status !== 'pending')
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
      for (const b of soonest.slice(0, MAX_TRIPS_KEPT)) {
        if (stop.signal.aborted) return;
        await apiRequest(`/api/v2/bookings/${b.id}`, { signal: stop.signal }).catch(() => undefined);
        if (stop.signal.aborted) return;
        await apiRequest(`/api/v2/bookings/${b.id}/pdf-link`, { query: { lang }, signal: stop.signal }).catch(
          () => undefined,
        );
      }
    } finally {
      unsubscribe();
    }
  };

  // Every answer to the traveler's trips list, whoever asked for it.
  queryClient.getQueryCache().subscribe((event) => {
    const session = getSession();
    if (!session || event.type !== 'updated' || event.action.type !== 'success') return;
    const expected = bookingKeys.traveler(session.user.id);
    if (
      event.query.queryKey.length !== expected.length ||
      !expected.every((part, i) => event.query.queryKey[i] === part)
    )
      return;
    void keep(session.user.id, event.query.state.data as BookingListReply);
  });

  // A traveler who came in by any other page: their trips are asked for once (the trips page's query shares it).
  let checked: number | null = null;
  const check = () => {
    const session = getSession();
    if (!session) {
      checked = null;
      kept = '';
      return;
    }
    if (session.user.role !== 'traveler' || checked === session.user.id) return;
    checked = session.user.id;
    const userId = session.user.id;
    void queryClient
      .fetchQuery({
        queryKey: bookingKeys.traveler(userId),
        queryFn: () => getTravelerBookings(userId),
        staleTime: 60_000,
      })
      .catch(() => undefined);
  };
  check();
  onSessionChange(check);
}
