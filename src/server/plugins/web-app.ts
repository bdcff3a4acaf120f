import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCurrency, type Currency } from '../../shared/currency';
import { CURRENCY_COOKIE } from '../../shared/display-currency';
import { SSR_DATA_ID, type Locale } from '../../shared/locales';
import { readerLocale } from '../lib/request-language';

/** What the server-side renderer (src/web/entry-server.tsx, built to dist/ssr) offers the server. */
export interface PageRenderer {
  render(req: {
    url: string;
    origin: string;
    locale: Locale;
    currency?: Currency;
    fetch: typeof fetch;
  }): Promise<{ status: number; head: string; html: string; data: string } | null>;
}

/** The built renderer next to the built web app (dist/ssr beside dist/web), if there is one. */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/**
 * Serves the web app from the same port as the API. Hashed files under /assets are cached for a
 * year; pages are never cached. A GET for a path without an extension outside /api and /assets is
 * a page: a public one (landing, search, guide, itinerary, help, unknown paths) is rendered on the
 * server with its content (decision 074), the others get the app's shell and render in the browser.
 * A missing asset or API path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, renderer?: PageRenderer): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) await serveBuiltFiles(app, webRoot);
  // Read once: index.html changes only with a new build, and a new build means a new process.
  const template = hasBuild ? readFileSync(indexFile, 'utf8') : undefined;

  const fetchApi = visitorFetch(app);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const locale = readerLocale(request);
    const origin = app.ctx.config.appUrl;
    const page = renderer
      ? await renderer.render({ url: request.url, origin, locale, currency: chosenCurrency(request), fetch: fetchApi })
      : null;
    const html = withManifest(
      page
        ? fillTemplate(template!, locale, page)
        : template!.replace('<html lang="en">', () => `<html lang="${locale}">`),
      locale,
    );
    return reply
      .status(page?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .send(html);
  }

  const isPage = (request: FastifyRequest) => {
    const url = request.url.split('?')[0]!;
    return (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api') &&
      !url.startsWith('/assets/') &&
      !path.extname(url)
    );
  };

  app.setNotFoundHandler((request, reply) => {
    if (isPage(request) && template) return sendPage(request, reply);
    const url = request.url.split('?')[0]!;
    return reply
      .status(404)
      .type('application/json')
      .send({ code: 'not_found', message: `No route for ${request.method} ${url}`, requestId: request.id });
  });

  if (hasBuild) {
    // Pages are routes (not the not-found handler) so their HTML is compressed like any reply; "/"
    // is one of its own so the static plugin's directory handling never answers it.
    app.get('/', { schema: { hide: true } }, sendPage);
    app.get('/*', { schema: { hide: true } }, (request, reply) =>
      isPage(request) ? sendPage(request, reply) : reply.callNotFound(),
    );
  }
}

/** The built files: hashed ones under /assets cached for a year, the others for an hour. */
async function serveBuiltFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    cacheControl: false, // our setHeaders decides
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}

/**
 * The API as a visitor sees it, reached in-process: no network, no session (what the server's renderer fetches with).
 */
function visitorFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.delete('authorization');
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: Object.fromEntries(headers),
    });
    const bodyless = res.statusCode === 204 || res.statusCode === 304;
    return new Response(bodyless ? null : res.rawPayload, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, String(v)] as [string, string]],
      ),
    });
  };
}

const CURRENCY_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${CURRENCY_COOKIE}=([^;]+)`);

/**
 * The display currency the reader chose, from the cookie the app writes with it (decision 168); none: the page's
 * language decides.
 */
function chosenCurrency(request: FastifyRequest): Currency | undefined {
  const value = CURRENCY_COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];
  return isCurrency(value) ? value : undefined;
}

/** The web app manifest in the page's language: the name a phone puts under the home-screen icon (decision 095). */
function withManifest(html: string, locale: Locale): string {
  return locale === 'en'
    ? html
    : html.replace('href="/manifest.webmanifest"', `href="/manifest.${locale}.webmanifest"`);
}

/** The built index.html with the page's language, head, content and hydration data in place. */
function fillTemplate(template: string, locale: Locale, page: { head: string; html: string; data: string }): string {
  // Replacer functions: a `$` in a guide's text must not be read as a replacement pattern.
  return (
    template
      .replace('<html lang="en">', () => `<html lang="${locale}">`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      // The first paint waits until the page is parsed to its data block: painting the top of a long
      // page first means laying it all out again a moment later, a second long task on a phone.
      .replace('</head>', () => `${page.head}<link rel="expect" href="#${SSR_DATA_ID}" blocking="render"></head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script id="${SSR_DATA_ID}" type="application/json">${page.data}</script>`,
      )
  );
}
