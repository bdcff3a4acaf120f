import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PRIVATE_CACHE_PREFIX, SAVED_AT_HEADER } from '../lib/offline';

/**
 * The service worker (src/web/public/sw.js, decision 095) run as the browser runs it, in a context of its
 * own with an in-memory Cache Storage and a fetch the test answers: which answers it keeps, for whom, and
 * what logging out leaves.
 */
const SOURCE = readFileSync(path.join(__dirname, '../public/sw.js'), 'utf8');
const ORIGIN = 'https://tabi.test';

class FakeCache {
  readonly entries = new Map<string, Response>();
  private key(request: Request | string) {
    return new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  }
  async match(request: Request | string) {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(this.key(request), response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: Request | string) {
    return this.entries.delete(this.key(request));
  }
  async add(url: string) {
    this.entries.set(this.key(url), new Response('asset'));
  }
}

function fakeCaches() {
  const store = new Map<string, FakeCache>();
  return {
    store,
    async open(name: string) {
      if (!store.has(name)) store.set(name, new FakeCache());
      return store.get(name)!;
    },
    async keys() {
      return [...store.keys()];
    },
    async has(name: string) {
      return store.has(name);
    },
    async delete(name: string) {
      return store.delete(name);
    },
    async match(request: Request | string, options?: { cacheName?: string }) {
      for (const [name, cache] of store) {
        if (options?.cacheName && options.cacheName !== name) continue;
        const hit = await cache.match(request);
        if (hit) return hit;
      }
      return undefined;
    },
  };
}

/** A JWT-shaped token for a user (the worker only reads `sub`; the server checks the signature). */
const tokenFor = (userId: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: String(userId), sid: 's' })).toString('base64url')}.c2ln`;

function startWorker() {
  const caches = fakeCaches();
  const listeners: Record<string, (event: unknown) => void> = {};
  let network: ((request: Request) => Promise<Response>) | null = async () =>
    new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  const fetched: string[] = [];
  const context: Record<string, unknown> = {
    self: {
      location: { origin: ORIGIN },
      addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
      skipWaiting: () => undefined,
      clients: { claim: async () => undefined },
    },
    caches,
    fetch: async (input: Request | string) => {
      const request = typeof input === 'string' ? new Request(input) : input;
      fetched.push(request.url);
      if (!network) throw new TypeError('Failed to fetch');
      return network(request);
    },
    atob,
    URL,
    Headers,
    Request,
    Response,
    Date,
    JSON,
    Promise,
  };
  runInNewContext(SOURCE, context);

  /** Sends a request through the worker: the answer it gives (null: left to the browser) once all its work is done. */
  async function request(
    pathname: string,
    init: { token?: string; mode?: RequestMode; destination?: RequestDestination } = {},
  ) {
    const pending: Promise<unknown>[] = [];
    const box: { answer?: Promise<Response> } = {};
    const req = new Request(ORIGIN + pathname, {
      headers: init.token ? { Authorization: `Bearer ${init.token}` } : {},
    });
    // Request's mode cannot be set to "navigate" by a page; the worker only reads it.
    if (init.mode) Object.defineProperty(req, 'mode', { value: init.mode });
    Object.defineProperty(req, 'destination', {
      value: init.destination ?? (init.mode === 'navigate' ? 'document' : ''),
    });
    listeners.fetch!({
      request: req,
      respondWith: (p: Promise<Response>) => (box.answer = p),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    const response = box.answer ? await box.answer : null;
    for (let settled = 0; settled < pending.length; settled = pending.length) await Promise.all(pending);
    return response;
  }
  async function lifecycle(type: 'install' | 'activate') {
    const pending: Promise<unknown>[] = [];
    listeners[type]!({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }
  async function message(data: unknown) {
    const pending: Promise<unknown>[] = [];
    listeners.message!({ data, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    for (let settled = 0; settled < pending.length; settled = pending.length) await Promise.all(pending);
  }
  const urlsIn = async (name: string) =>
    (await caches.keys()).includes(name) ? [...(await caches.open(name)).entries.keys()] : [];
  return {
    context,
    caches,
    fetched,
    request,
    lifecycle,
    message,
    urlsIn,
    setNetwork: (fn: typeof network) => (network = fn),
  };
}

const TRIPS = (id: number) => `/api/v2/bookings-new/traveler/${id}`;

describe('the service worker', () => {
  it('agrees with the app on the names it uses', () => {
    expect(SOURCE).toContain(`var PRIVATE_PREFIX = '${PRIVATE_CACHE_PREFIX}';`);
    expect(SOURCE).toContain(`var SAVED_AT = '${SAVED_AT_HEADER}';`);
  });

  it('names the private cache after the bearer token’s user, and only for a well-formed token', () => {
    const sw = startWorker();
    const userId = sw.context.userIdOfAuthorization as (header: string | null) => string | null;
    expect(userId(`Bearer ${tokenFor(42)}`)).toBe('42');
    expect(userId(null)).toBeNull();
    expect(userId('Bearer not-a-jwt')).toBeNull();
    expect(userId(`Bearer e30.${Buffer.from('{"sub":"../x"}').toString('base64url')}.c2ln`)).toBeNull();
  });

  it('keeps a signed-in traveler’s trips in their own cache and answers from it with no connection', async () => {
    const sw = startWorker();
    sw.setNetwork(
      async () => new Response('{"data":["TG0001"]}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const fresh = await sw.request(TRIPS(7), { token: tokenFor(7) });
    expect(await fresh!.text()).toBe('{"data":["TG0001"]}');
    expect(fresh!.headers.has(SAVED_AT_HEADER)).toBe(false);
    expect(await sw.urlsIn(`${PRIVATE_CACHE_PREFIX}7`)).toEqual([ORIGIN + TRIPS(7)]);

    sw.setNetwork(null);
    const offline = await sw.request(TRIPS(7), { token: tokenFor(7) });
    expect(await offline!.text()).toBe('{"data":["TG0001"]}');
    expect(Number.isFinite(Date.parse(offline!.headers.get(SAVED_AT_HEADER)!))).toBe(true);
  });

  it('keeps nothing for a visitor, nor any failed answer, nor other API paths', async () => {
    const sw = startWorker();
    expect(await sw.request(TRIPS(7))).toBeNull();
    expect(await sw.request('/api/v2/guides/3', { token: tokenFor(7) })).toBeNull();
    sw.setNetwork(async () => new Response('{"code":"unauthorized"}', { status: 401 }));
    expect((await sw.request(TRIPS(7), { token: tokenFor(7) }))!.status).toBe(401);
    expect((await sw.caches.keys()).filter((n) => n.startsWith(PRIVATE_CACHE_PREFIX))).toEqual([]);
  });

  it('storing for one user deletes every other user’s cache', async () => {
    const sw = startWorker();
    await sw.request(TRIPS(7), { token: tokenFor(7) });
    await sw.request(TRIPS(8), { token: tokenFor(8) });
    expect((await sw.caches.keys()).filter((n) => n.startsWith(PRIVATE_CACHE_PREFIX))).toEqual([
      `${PRIVATE_CACHE_PREFIX}8`,
    ]);
    // User 8 offline never gets user 7's answer.
    sw.setNetwork(null);
    await expect(sw.request(TRIPS(7), { token: tokenFor(8) })).rejects.toThrow('Failed to fetch');
  });

  it('the logout message deletes the private caches, and an answer already on its way is not kept', async () => {
    const sw = startWorker();
    await sw.request(TRIPS(7), { token: tokenFor(7) });
    let release!: () => void;
    sw.setNetwork(
      () => new Promise((resolve) => (release = () => resolve(new Response('{"late":true}', { status: 200 })))),
    );
    const late = sw.request('/api/conversations', { token: tokenFor(7) });
    await new Promise((r) => setTimeout(r, 5));
    await sw.message({ type: 'logout' });
    expect(await sw.caches.keys()).not.toContain(`${PRIVATE_CACHE_PREFIX}7`);
    release();
    await late;
    expect((await sw.caches.keys()).filter((n) => n.startsWith(PRIVATE_CACHE_PREFIX))).toEqual([]);
  });

  it('keeps a booking PDF under its path and language, only while a user’s cache exists', async () => {
    const sw = startWorker();
    sw.setNetwork(async (req) =>
      new URL(req.url).pathname.endsWith('/pdf-link')
        ? new Response(JSON.stringify({ url: '/api/v2/bookings/5/pdf?lang=zh-CN&expires=1&sig=abc' }), { status: 200 })
        : new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    // A visitor (no private cache): the PDF passes through, kept nowhere.
    await sw.request('/api/v2/bookings/5/pdf?lang=zh-CN&expires=1&sig=abc');
    expect((await sw.caches.keys()).some((n) => n.startsWith(PRIVATE_CACHE_PREFIX))).toBe(false);
    // Signed in: fetching the link keeps the PDF itself, without its signature.
    await sw.request('/api/v2/bookings/5/pdf-link?lang=zh-CN', { token: tokenFor(7) });
    expect(await sw.urlsIn(`${PRIVATE_CACHE_PREFIX}7`)).toContain(`${ORIGIN}/api/v2/bookings/5/pdf?lang=zh-CN`);
    sw.setNetwork(null);
    const offline = await sw.request('/api/v2/bookings/5/pdf?lang=zh-CN&expires=2&sig=other');
    expect(await offline!.text()).toBe('%PDF-1.7');
  });

  it('pages: the shell of a browser-rendered page is kept and opens any page offline; assets are kept as fetched', async () => {
    const sw = startWorker();
    sw.setNetwork(
      async (req) =>
        new Response(`<html>${new URL(req.url).pathname}</html>`, {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    await sw.request('/guides/3', { mode: 'navigate' });
    expect(await sw.urlsIn('tabi-shell-v1')).toEqual([]);
    await sw.request('/dashboard', { mode: 'navigate' });
    await sw.request('/assets/entry-abc.js');
    sw.setNetwork(null);
    expect(await (await sw.request('/pdf-preview/5', { mode: 'navigate' }))!.text()).toBe('<html>/dashboard</html>');
    expect(await (await sw.request('/assets/entry-abc.js'))!.text()).toBe('<html>/assets/entry-abc.js</html>');
  });

  // Decision 102: offline by every path.
  const TRIP_LIST = [
    '/assets/entry-1.js',
    '/assets/dashboard-1.js',
    '/assets/pdf-preview-1.js',
    '/assets/zh-CN-trips-1.js',
  ];
  const site = (files: string[]) => async (req: Request) => {
    const { pathname } = new URL(req.url);
    if (pathname === '/offline-trip.json')
      return new Response(JSON.stringify({ files }), { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(`<html>${pathname}</html>`, { status: 200, headers: { 'content-type': 'text/html' } });
  };

  it('keep-trip: the shell and every file the build lists are kept, so a page reached by the app’s own links opens offline', async () => {
    const sw = startWorker();
    sw.setNetwork(site(TRIP_LIST));
    // The traveler came in by the home page (server-rendered, not kept as the shell) and never loaded the PDF's code.
    await sw.request('/', { mode: 'navigate' });
    expect(await sw.urlsIn('tabi-shell-v1')).toEqual([]);
    await sw.message({ type: 'keep-trip' });
    expect((await sw.urlsIn('tabi-trip-v1')).sort()).toEqual(TRIP_LIST.map((f) => ORIGIN + f).sort());
    sw.setNetwork(null);
    expect(await (await sw.request('/dashboard?tab=upcoming', { mode: 'navigate' }))!.text()).toBe(
      '<html>/dashboard</html>',
    );
    expect(await (await sw.request('/assets/pdf-preview-1.js'))!.text()).toBe('asset'); // FakeCache.add's body

    // A new build's list replaces the old files; those already kept are not fetched again.
    sw.setNetwork(site(['/assets/entry-1.js', '/assets/dashboard-2.js']));
    sw.fetched.length = 0;
    await sw.message({ type: 'keep-trip' });
    expect((await sw.urlsIn('tabi-trip-v1')).sort()).toEqual([
      `${ORIGIN}/assets/dashboard-2.js`,
      `${ORIGIN}/assets/entry-1.js`,
    ]);
    expect(sw.fetched).not.toContain(`${ORIGIN}/assets/entry-1.js`);
  });

  it('a page opened offline before any shell was kept answers the offline page, never the browser’s error', async () => {
    const sw = startWorker();
    sw.setNetwork(site([]));
    await sw.lifecycle('install');
    expect(await sw.urlsIn('tabi-shell-v1')).toEqual([`${ORIGIN}/offline.html`]);
    sw.setNetwork(null);
    expect(await (await sw.request('/search?city=tokyo', { mode: 'navigate' }))!.text()).toBe('asset'); // FakeCache.add's body
    // The offline page and the shell are never trimmed away by the assets kept after them.
    sw.setNetwork(site([]));
    for (let i = 0; i < 160; i++) await sw.request(`/assets/chunk-${i}.js`);
    expect(await sw.urlsIn('tabi-shell-v1')).toContain(`${ORIGIN}/offline.html`);
  });

  it('the PDF frame offline is answered with the kept PDF and its own headers, not with the app’s shell', async () => {
    const sw = startWorker();
    sw.setNetwork(async (req) => {
      const { pathname } = new URL(req.url);
      if (pathname.endsWith('/pdf-link'))
        return new Response(JSON.stringify({ url: '/api/v2/bookings/5/pdf?lang=zh-CN&expires=1&sig=abc' }), {
          status: 200,
        });
      if (pathname.endsWith('/pdf'))
        return new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
          },
        });
      return new Response('<html>shell</html>', {
        status: 200,
        headers: { 'content-type': 'text/html', 'content-security-policy': "frame-ancestors 'none'" },
      });
    });
    await sw.request('/dashboard', { mode: 'navigate' });
    await sw.request('/api/v2/bookings/5/pdf-link?lang=zh-CN', { token: tokenFor(7) });
    sw.setNetwork(null);
    const frame = await sw.request('/api/v2/bookings/5/pdf?lang=zh-CN&expires=2&sig=other', {
      mode: 'navigate',
      destination: 'iframe',
    });
    expect(await frame!.text()).toBe('%PDF-1.7');
    expect(frame!.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
    // Opened in a tab of its own (a top-level navigation), the same.
    expect(
      await (await sw.request('/api/v2/bookings/5/pdf?lang=zh-CN&expires=3&sig=x', { mode: 'navigate' }))!.text(),
    ).toBe('%PDF-1.7');
  });
});
