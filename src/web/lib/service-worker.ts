import { clearPrivateCaches } from './offline';

/**
 * The service worker's registration (src/web/public/sw.js, decision 095): main.tsx loads this module after the page.
 *
 * Registers /sw.js once the page has loaded and the browser is idle, so it never competes with the
 * first paint or the first tap. On the very first registration the worker takes over the open page:
 * the page then hands it the files it already loaded (so the next visit opens offline) and calls
 * `onFirstControl`, which fetches the page's data again through the worker.
 */
export function registerServiceWorker(signedIn: boolean, onFirstControl: () => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // A visitor's page deletes whatever an earlier session left (a token that expired in another tab).
  if (!signedIn) void clearPrivateCaches();
  const container = navigator.serviceWorker;
  const hadController = !!container.controller;
  const register = () => {
    container.register('/sw.js').then(
      () => {
        if (hadController) return;
        container.addEventListener('controllerchange', () => {
          const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
          container.controller?.postMessage({ type: 'warm', urls });
          onFirstControl();
        }, { once: true });
      },
      () => {
        /* no worker (private mode, an old browser): the app works online as before */
      },
    );
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
