import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { cjkSpacing } from './lib/cjk-spacing';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Currency } from '../shared/currency';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/locales';
import { routes, type RouteHandle } from './app/routes';
import { PageFallback } from './components/ui/spinner';
import { i18next } from './lib/i18n';
import { QUERY_DEFAULTS } from './lib/query-client';
import { setServerContextReader, type ServerContext } from './lib/server-context';
import type { SsrData } from './lib/ssr-data';
import { pageHead } from './ssr/head';

/**
 * Server-side rendering of the public pages (decision 074). The server calls `render` for
 * a GET of a page; it answers null for a private page (the browser renders those), else the page's
 * HTML, head tags, status and the data the browser hydrates from.
 */

// Every namespace of both languages, in memory: a render never waits for words.
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, words] of Object.entries(files)) {
  const [, locale, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[locale!] ??= {})[ns!] = words;
}
await i18next
  .use(initReactI18next)
  .use(cjkSpacing)
  .init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    postProcess: ['cjkSpacing'],
    react: { useSuspense: false },
    initAsync: false,
  });

const context = new AsyncLocalStorage<ServerContext>();
setServerContextReader(() => context.getStore());

const { query, dataRoutes } = createStaticHandler(routes);

export interface RenderRequest {
  /** Path and query of the page, e.g. /guides/3?lang=zh-CN. */
  url: string;
  /** The site's public origin, for absolute URLs (canonical, hreflang, Open Graph). */
  origin: string;
  locale: Locale;
  /** The display currency the reader chose (its cookie), if any (decision 168). */
  currency?: Currency;
  /** The API, reached in-process as a visitor. */
  fetch: typeof fetch;
}

export interface RenderedPage {
  status: number;
  /** Tags for <head>: title, description, canonical, alternates, Open Graph, schema.org. */
  head: string;
  /** The page inside #root. */
  html: string;
  /** JSON for the data block the browser hydrates from (already safe inside <script>). */
  data: string;
}

/**
 * API replies a render may ask for (query key prefixes): public reads only, never a visitor's own
 * data. A guide's bookable times are public, and rendered with the booking box they need no fetch,
 * and no second render, once the page is live. Today's exchange rate shows a price in the reader's
 * currency (decision 168).
 */
const PUBLIC_QUERIES: readonly (readonly string[])[] = [
  ['guides'],
  ['itineraries'],
  ['service-categories'],
  ['help'],
  ['bookings', 'slots'],
  ['legal'],
  ['fx'],
];
/** Renders never take more passes than this to find the data their components ask for. */
const MAX_PASSES = 3;
/** How renderToString marks a part it could not finish (the browser renders it). */
const SUSPENDED_BOUNDARY = '<!--$!-->';

export function isServerRendered(pathname: string): boolean {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return (leaf?.handle as RouteHandle | undefined)?.ssr === true;
}

export async function render(req: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(req.url, req.origin);
  if (!isServerRendered(url.pathname)) return null;
  const store: ServerContext = { locale: req.locale, currency: req.currency, fetch: req.fetch, dateFormats: new Map() };
  return context.run(store, async () => {
    const routerContext = await query(new Request(url));
    // A redirect or an error thrown by a loader: the browser deals with it.
    if (routerContext instanceof Response || routerContext.errors) return null;
    const router = createStaticRouter(dataRoutes, routerContext);
    const i18n = i18next.cloneInstance({ lng: req.locale, initAsync: false });
    // A failed read (an unknown guide) renders as failed, not as loading again.
    const queryClient = new QueryClient({
      defaultOptions: { ...QUERY_DEFAULTS, queries: { ...QUERY_DEFAULTS.queries, retryOnMount: false } },
    });
    const app: ReactNode = (
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            {/* The same tree as the browser's (main.tsx), so hydration matches. */}
            <Suspense fallback={<PageFallback />}>
              <StaticRouterProvider router={router} context={routerContext} hydrate={false} />
            </Suspense>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>
    );

    // Components name the data they need as they render. A first, asynchronous render finds what
    // they ask for and loads the code of lazy components; then fetch, render again with the data
    // (a guide's reviews are only asked for once the guide is known), until nothing new is asked.
    // The last render, to a string, has nothing left to wait for, so every part is written in place
    // (no streaming scripts, which the CSP would refuse).
    await prerender(app);
    let html = '';
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      await Promise.all(
        queryClient
          .getQueryCache()
          .getAll()
          .filter(isWanted)
          .map((q) => q.fetch().catch(() => undefined)),
      );
      html = renderToString(app);
      const waiting = html.includes(SUSPENDED_BOUNDARY);
      if (!waiting && !queryClient.getQueryCache().getAll().some(isWanted)) break;
      if (waiting) await prerender(app); // code that appeared with the data
    }

    const notFound = routerContext.matches.at(-1)?.route.path === '*' || store.notFound === true;
    const data: SsrData = {
      locale: req.locale,
      ...(req.currency ? { currency: req.currency } : {}),
      i18n: usedNamespaces(i18n, req.locale),
      // Help articles come from the app's own code, so the browser loads them rather than the HTML
      // carrying them twice.
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (q) => q.state.status !== 'pending' && q.queryKey[0] !== 'help',
      }),
      router: { loaderData: routerContext.loaderData, actionData: routerContext.actionData, errors: null },
      dateFormats: [...store.dateFormats.values()],
    };
    const head = pageHead({
      url,
      origin: req.origin,
      locale: req.locale,
      title: store.title ?? i18n.t('brand.name'),
      t: i18n.getFixedT(req.locale),
      route: routerContext.matches.at(-1)?.route.path,
      params: routerContext.matches.at(-1)?.params ?? {},
      queryClient,
      notFound,
    });
    queryClient.clear();
    return { status: notFound ? 404 : 200, head, html, data: scriptSafeJson(data) };
  });
}

function isWanted(q: Query): boolean {
  if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle') return false;
  if (!PUBLIC_QUERIES.some((prefix) => prefix.every((part, i) => q.queryKey[i] === part))) return false;
  const enabled = (q.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(q) !== false : enabled !== false;
}

async function prerender(app: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(app, {
    onError(error) {
      console.error('Server render failed', error);
    },
  });
  prelude.resume(); // the output is not needed, only what rendering asked for
}

/** The words of the namespaces the page used (react-i18next counts them), for the browser's start. */
function usedNamespaces(i18n: typeof i18next, locale: Locale): SsrData['i18n'] {
  const reported =
    (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  const words: SsrData['i18n'] = {};
  for (const ns of new Set(['common', ...reported])) {
    const bundle = resources[locale]?.[ns];
    if (bundle) words[ns] = bundle;
  }
  return words;
}

/** JSON that cannot close its <script> element nor open a comment in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
