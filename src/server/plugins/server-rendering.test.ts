import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItinerary, makeGuide } from '../test/guide-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import type { PageRenderer } from './web-app';

// Public pages answer with their content in the HTML, in the reader's language, with the
// head a search engine reads; private pages stay the app's shell. The renderer is the real one
// (src/web/entry-server.tsx), the template a stand-in for the built index.html.
const webRoot = mkdtempSync(path.join(tmpdir(), 'tabi-ssr-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><meta name="description" content="x" /><link rel="manifest" href="/manifest.webmanifest" /><title>Tabi Guides</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Tabi Guides"}');

let t: TestApp;
let guideId: number;
let itineraryId: number;
const bio = 'Born in Asakusa, I walk guests through $& old Tokyo <script>alert(1)</script> at dawn.';

beforeAll(async () => {
  // The web code is compiled by Vitest (JSX, import.meta.glob), not by the server's TypeScript project.
  const renderer = (await import(
    /* @vite-ignore */ path.resolve(import.meta.dirname, '../../web/entry-server.tsx')
  )) as PageRenderer;
  t = await createTestApp({ build: { webRoot, renderer }, env: { APP_URL: 'https://tabi.example' } });
  const { guide } = await makeGuide(t.database.db, { name: 'Haruka Sato', city: 'kyoto', priceRmb: 380 });
  const { guides } = await import('../db/schema/index');
  const { eq } = await import('drizzle-orm');
  await t.database.db
    .update(guides)
    .set({ bio, texts: { en: { bio } }, originalLanguage: 'en' })
    .where(eq(guides.id, guide.id));
  guideId = guide.id;
  itineraryId = (await addItinerary(t.database.db, guide.id)).id;
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('server-rendered public pages', () => {
  it("a guide's profile has the name, bio and price in its HTML, and the head search engines read", async () => {
    const res = await page(`/guides/${guideId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1[^>]*>Haruka Sato<\/h1>/);
    expect(html).toContain('Born in Asakusa, I walk guests through $&amp; old Tokyo');
    expect(html).toContain('380 RMB');
    expect(html).toContain('<title>Haruka Sato · Tabi Guides</title>');
    expect(html).toContain(`<link rel="canonical" href="https://tabi.example/guides/${guideId}?lang=en">`);
    expect(html).toContain(
      `<link rel="alternate" hreflang="zh-CN" href="https://tabi.example/guides/${guideId}?lang=zh-CN">`,
    );
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="https://tabi.example/guides/${guideId}">`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/tabi\.example\/[^"]+">/);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'Product', offers: { price: '380.00', priceCurrency: 'CNY' } });
    // The first paint waits for the whole page (decision 075): the head names the data block that ends it.
    expect(html).toContain('<link rel="expect" href="#ssr-data" blocking="render"></head>');
    expect(html.indexOf('<script id="ssr-data"')).toBeGreaterThan(html.indexOf('Born in Asakusa'));
  });

  it('a licensed guide: the badge and the registration in the HTML, and hasCredential in the schema.org data', async () => {
    const { guide } = await makeGuide(t.database.db, { name: 'Kei Licensed', city: 'kyoto' });
    const { guides, guideCredentials } = await import('../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.database.db.insert(guideCredentials).values({
      guideId: guide.id,
      type: 'licence',
      status: 'verified',
      licenceKind: 'national',
      registrationNumber: '京都府 第0001号',
      prefecture: 'kyoto',
      languages: ['zh'],
      fileKey: 'private-credentials/x.webp',
      fileType: 'image/webp',
      fileSize: 10,
    });
    await t.database.db.update(guides).set({ licenceKind: 'national' }).where(eq(guides.id, guide.id));
    const html = (await page(`/guides/${guide.id}?lang=zh-CN`)).body;
    expect(html).toContain('持证通译导游（全国通訳案内士）');
    expect(html).toContain('全国通訳案内士 · 登记号 京都府 第0001号 · 京都府');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld.offers.offeredBy).toMatchObject({
      '@type': 'Person',
      name: 'Kei Licensed',
      hasCredential: {
        '@type': 'EducationalOccupationalCredential',
        credentialCategory: 'license',
        name: '全国通訳案内士',
        identifier: '京都府 第0001号',
        recognizedBy: { name: '京都府' },
      },
    });
    // An unlicensed guide is a Person without a credential.
    const plain = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec((await page(`/guides/${guideId}`)).body)![1]!,
    );
    expect(plain.offers.offeredBy).toEqual({ '@type': 'Person', name: 'Haruka Sato' });
  });

  it('the help article on paying and transport is server-rendered in both languages', async () => {
    const en = (await page('/help/paying-and-transport?lang=en')).body;
    expect(en).toContain('What you pay online, what on site, and why');
    expect(en).toContain('Road Transport Act');
    const zh = (await page('/help/paying-and-transport?lang=zh-CN')).body;
    expect(zh).toContain('哪些线上支付，哪些现场支付，以及原因');
    expect(zh).toContain('白タク');
  });

  it("the booking box shows the first open day's start times, and the browser gets them with the page", async () => {
    const html = (await page(`/guides/${guideId}`)).body;
    const data = JSON.parse(/<script id="ssr-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
      queries: { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] };
    };
    const slots = data.queries.queries.find(
      (q) => q.queryKey[0] === 'bookings' && q.queryKey[1] === 'slots' && q.queryKey[2] === guideId,
    );
    expect(slots?.state.status).toBe('success');
    const times = (slots!.state.data as { slots: { startTime: string }[] }).slots.map((s) => s.startTime);
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(html).toMatch(new RegExp(`<input type="radio"[^>]* value="${time}"`));
    // No "loading times" placeholder: nothing is fetched once the page is live.
    expect(html).not.toContain('aria-busy="true"');
  });

  it('the hydration data names the date formats the page used, for the browser to build first', async () => {
    const formats = async (url: string) => {
      const html = (await page(url)).body;
      return (
        JSON.parse(/<script id="ssr-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
          dateFormats: [string, object][];
        }
      ).dateFormats;
    };
    // The profile's calendar: weekday names and dates with weekdays, in the page's language.
    expect(await formats(`/guides/${guideId}?lang=zh-CN`)).toContainEqual([
      'zh-CN',
      { weekday: 'short', timeZone: 'UTC' },
    ]);
    expect(await formats(`/guides/${guideId}?lang=en`)).toContainEqual([
      'en-US',
      { weekday: 'short', timeZone: 'UTC' },
    ]);
    // The landing page shows no dates: nothing to build.
    expect(await formats('/')).toEqual([]);
  });

  it('user text cannot inject markup: not in the page, the head, nor the hydration data', async () => {
    const html = (await page(`/guides/${guideId}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const data = /<script id="ssr-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(data).not.toContain('<');
    expect(JSON.stringify(JSON.parse(data))).toContain('<script>alert(1)</script>');
  });

  it('the language: lang in the address, then the stored choice, then Accept-Language, then English', async () => {
    const zh = '<html lang="zh-CN">';
    expect((await page(`/guides/${guideId}?lang=zh-CN`)).body).toContain(zh);
    expect((await page(`/guides/${guideId}`, { cookie: 'a=1; tabi_locale=zh-CN' })).body).toContain(zh);
    expect((await page(`/guides/${guideId}`, { 'accept-language': 'ko;q=1, zh-TW;q=0.8, en;q=0.5' })).body).toContain(
      zh,
    );
    expect((await page(`/guides/${guideId}`, { 'accept-language': 'zh-CN', cookie: 'tabi_locale=en' })).body).toContain(
      '<html lang="en">',
    );
    expect((await page(`/guides/${guideId}`, { 'accept-language': 'fr' })).body).toContain('<html lang="en">');
    const chinese = (await page(`/guides/${guideId}?lang=zh-CN`)).body;
    expect(chinese).toContain('380 元');
    expect(chinese).toContain(`<link rel="canonical" href="https://tabi.example/guides/${guideId}?lang=zh-CN">`);
  });

  it('a Japanese reader gets <html lang="ja">: from Accept-Language, the address or the stored choice, with the Japanese manifest', async () => {
    const ja = '<html lang="ja">';
    const byHeader = (await page(`/guides/${guideId}`, { 'accept-language': 'ja' })).body;
    expect(byHeader).toContain(ja);
    expect(byHeader).toContain('<link rel="manifest" href="/manifest.ja.webmanifest" />');
    expect(byHeader).toContain(
      `<link rel="alternate" hreflang="ja" href="https://tabi.example/guides/${guideId}?lang=ja">`,
    );
    expect(
      (await page(`/guides/${guideId}`, { 'accept-language': 'ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7' })).body,
    ).toContain(ja);
    expect((await page(`/guides/${guideId}`, { 'accept-language': 'fr;q=1, ja;q=0.8, zh-CN;q=0.5' })).body).toContain(
      ja,
    );
    expect((await page(`/guides/${guideId}?lang=ja`, { 'accept-language': 'zh-CN' })).body).toContain(ja);
    expect((await page(`/guides/${guideId}`, { 'accept-language': 'zh-CN', cookie: 'tabi_locale=ja' })).body).toContain(
      ja,
    );
    // Private pages: the shell, in Japanese too.
    expect((await page('/dashboard', { 'accept-language': 'ja' })).body).toContain(ja);
  });

  it('the landing page, a city search and an itinerary carry their content', async () => {
    const home = (await page('/')).body;
    expect(home).toMatch(/<h1[^>]*>See Japan with someone who lives there<\/h1>/);
    expect(home).toContain('Haruka Sato');
    const search = await page('/search?city=kyoto');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('<title>Guides in Kyoto · Tabi Guides</title>');
    expect(search.body).toContain('Haruka Sato');
    const itinerary = (await page(`/itinerary/${itineraryId}`)).body;
    expect(itinerary).toContain('Old Tokyo walk');
    expect(itinerary).toContain('Senso-ji');
  });

  it('help and legal pages are rendered from the articles', async () => {
    const res = await page('/help/cancellation?lang=zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect((await page('/terms')).body).toContain('<title>Terms of Service · Tabi Guides</title>');
  });

  it("an unlisted guide's profile is reachable by its link but kept out of search engines (decision 091)", async () => {
    expect((await page(`/guides/${guideId}`)).body).not.toContain('<meta name="robots" content="noindex">');
    const { guide } = await makeGuide(t.database.db, { name: 'Unverified Guide', identityVerified: false });
    const res = await page(`/guides/${guide.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Unverified Guide<\/h1>/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('unknown paths and guides answer 404 with the not-found page, kept out of search engines', async () => {
    for (const url of ['/no-such-page', '/guides/999999', '/guides/abc', '/itinerary/999999']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    expect((await page('/no-such-page')).body).toContain('Page Not Found');
  });

  it('private pages are the shell, in the reader’s language, rendered by the browser', async () => {
    for (const url of ['/login', '/dashboard', '/messages']) {
      const res = await page(url, { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<html lang="zh-CN">');
      expect(res.body).not.toContain('ssr-data'); // nor a render-blocking wait for it
    }
  });

  it('pages link the web app manifest in the reader’s language, served as a manifest', async () => {
    for (const url of ['/dashboard', `/guides/${guideId}`]) {
      expect((await page(url, { 'accept-language': 'zh-CN' })).body, url).toContain(
        '<link rel="manifest" href="/manifest.zh-CN.webmanifest" />',
      );
      expect((await page(url, { 'accept-language': 'en' })).body, url).toContain(
        '<link rel="manifest" href="/manifest.webmanifest" />',
      );
    }
    const manifest = await page('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('pages are compressed like any reply', async () => {
    for (const url of [`/guides/${guideId}`, '/no-such-page']) {
      expect((await page(url, { 'accept-encoding': 'gzip' })).headers['content-encoding'], url).toBe('gzip');
    }
  });

  it('API paths and missing assets are still JSON 404s', async () => {
    expect((await page('/api/nothing')).headers['content-type']).toMatch(/application\/json/);
    const asset = await page('/assets/missing-123.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/application\/json/);
  });
});
