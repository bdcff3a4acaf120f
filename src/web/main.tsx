import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, startTransition, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { Providers, queryClientForApp } from './app/providers';
import { routes } from './app/routes';
import { PageFallback } from './components/ui/spinner';
import { ApiError } from './lib/api-client';
import { hydrationStarted, whenSettled } from './lib/hydration';
import { adoptAccountLocale, i18nReady, setLocale } from './lib/i18n';
import { matchLocale } from '../shared/locales';
import { dateTimeFormat } from './lib/intl';
import { nextTask } from './lib/next-task';
import { getSession } from './lib/session';
import { readSsrData, type SsrData } from './lib/ssr-data';
import { storage, STORAGE_KEYS } from './lib/storage-keys';

const ssr = readSsrData();
const session = getSession();
const container = document.getElementById('root')!;

// A guide-role user opening the landing page goes to /guide; the server rendered it for
// a visitor, so the browser renders instead of hydrating.
const hydrate = ssr !== null && !(location.pathname === '/' && session?.user.role === 'guide');

// The `lang` parameter (from a search engine's hreflang link) chose the server's language; the
// address keeps no trace of it, so the reader's own choice applies from the next page on.
const address = new URL(location.href);
const languageInAddress = address.searchParams.has('lang');
if (languageInAddress) {
  address.searchParams.delete('lang');
  history.replaceState(history.state, '', address.pathname + address.search + address.hash);
}

// In a task after this module's own evaluation (and its imports'): one long task is a slow first tap on a phone.
void nextTask().then(start);

async function start() {
  await i18nReady;
  if (hydrate) {
    restoreQueries(ssr);
    // The page's code must be loaded before hydrating, or the router would first render its fallback.
    await loadLazyRoutes(routes, location.pathname);
    await warmDateFormats(ssr.dateFormats);
  }
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: ssr.router } : undefined);
  const app = (
    <StrictMode>
      <Providers>
        <Suspense fallback={<PageFallback />}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>
  );
  hydrationStarted();
  // The service worker keeps the app and a signed-in traveler's trips for offline (decision 095); a
  // visitor's page deletes whatever an earlier session left (a token that expired in another tab).
  // Once it first controls the page, a signed-in reader's data is fetched again through it (to keep).
  if (import.meta.env.PROD) {
    void import('./app/service-worker').then((m) =>
      m.registerServiceWorker(
        !!session,
        () => getSession() && void queryClientForApp.invalidateQueries(),
        queryClientForApp,
      ),
    );
  }
  // <html data-ready> once the page and its lazy parts respond (browser tests wait for it).
  void whenSettled().then(() => document.documentElement.setAttribute('data-ready', ''));
  if (!hydrate) {
    container.textContent = '';
    createRoot(container).render(app);
    return;
  }
  // A transition lets React hydrate in slices, yielding to the reader's taps in between.
  startTransition(() => {
    hydrateRoot(container, app);
  });
  afterHydration(ssr);
}

/**
 * Building a date formatter is slow, the first of a language most (it loads the language's calendar
 * data): on a phone, long tasks inside hydration's. The formats the server's render used are built
 * here, each in a task of its own (the cache in lib/intl keeps them for the page); a page that shows
 * no dates builds none.
 */
async function warmDateFormats(formats: SsrData['dateFormats']) {
  for (const [locales, options] of formats) {
    await nextTask();
    dateTimeFormat(locales, options);
  }
  await nextTask();
}

function restoreQueries(data: SsrData) {
  // Errors travel as plain JSON: make them ApiErrors again so pages tell a 404 from a failure.
  for (const q of data.queries.queries) {
    const error = q.state.error as { status?: unknown; bodyText?: unknown; body?: unknown; message?: unknown } | null;
    if (error && typeof error.status === 'number') {
      const revived = new ApiError(error.status, String(error.bodyText ?? ''), error.body as never);
      if (typeof error.message === 'string') revived.message = error.message;
      q.state.error = revived as never;
      // As on the server: the page shows the failure (a 404) rather than loading again.
      queryClientForApp.setQueryDefaults(q.queryKey, { retryOnMount: false });
    }
  }
  hydrateQueries(queryClientForApp, data.queries);
}

async function loadLazyRoutes(tree: RouteObject[], pathname: string) {
  const lazy = (matchRoutes(tree, pathname) ?? []).map((m) => m.route).filter((r) => typeof r.lazy === 'function');
  await Promise.all(
    lazy.map(async (route) => {
      const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

function afterHydration(data: SsrData) {
  // The server rendered as a visitor: a signed-in reader's own data (saved guides) is fetched now.
  if (session) void queryClientForApp.invalidateQueries();
  // A reader whose stored language predates the language cookie gets their choice (and the cookie)
  // right after hydration; a `lang` in the address wins for this page.
  const stored = matchLocale(storage.get(STORAGE_KEYS.locale));
  if (!languageInAddress && stored && stored !== data.locale) void setLocale(stored);
  // A session from before this device took the account's choice as its own (lib/i18n.ts).
  else if (!languageInAddress && session) adoptAccountLocale(session.user.locale);
}
