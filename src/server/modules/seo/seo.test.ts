import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { bearer, signUp } from '../../test/accounts';
import { addItinerary, makeGuide } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const APP_URL = 'https://tabi.example';
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  const db = t.database.db;
  const listed = await makeGuide(db, { name: 'Listed Guide', city: 'kyoto' });
  const paused = await makeGuide(db, { name: 'Paused Guide', status: 'paused' });
  const suspended = await makeGuide(db, { name: 'Suspended Guide' });
  ids.listed = listed.guide.id;
  ids.paused = paused.guide.id;
  ids.suspended = suspended.guide.id;
  ids.listedItinerary = (await addItinerary(db, listed.guide.id)).id;
  ids.pausedItinerary = (await addItinerary(db, paused.guide.id)).id;
  ids.suspendedItinerary = (await addItinerary(db, suspended.guide.id)).id;
  // Suspended the way an admin does it (the account, and with it the listing).
  const admin = await signUp(t, { fullName: 'Console Admin' });
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${suspended.user.id}/suspend`,
    headers: bearer(admin.token),
    payload: { reason: 'Asked for payment outside the platform' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The sitemap read back: each <url> with its loc, lastmod and alternates by hreflang. */
async function sitemap() {
  const res = await t.app.inject({ url: '/sitemap.xml' });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.body;
  expect(body).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">\n/,
  );
  expect(body.trimEnd().endsWith('</urlset>')).toBe(true);
  const blocks = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(body.split('<url>').length - 1);
  const urls = blocks.map((b) => ({
    loc: unescape(/<loc>([^<]*)<\/loc>/.exec(b)?.[1] ?? ''),
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(b)?.[1] ?? null,
    alternates: Object.fromEntries(
      [...b.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]*)"\/>/g)].map((m) => [
        m[1],
        unescape(m[2]!),
      ]),
    ),
  }));
  return { res, urls, locs: urls.map((u) => u.loc) };
}

/** Google's robots.txt matching (longest rule wins, Allow on a tie; `*` any, `$` the end) for User-agent *. */
function allowed(robots: string, path: string): boolean {
  let best: { allow: boolean; length: number } = { allow: true, length: -1 };
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
    if (!m || !m[2]) continue;
    const rule = m[2];
    const pattern = new RegExp(`^${rule.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`);
    if (!pattern.test(path)) continue;
    const allow = m[1]!.toLowerCase() === 'allow';
    if (rule.length > best.length || (rule.length === best.length && allow)) best = { allow, length: rule.length };
  }
  return best.allow;
}

describe('GET /sitemap.xml', () => {
  it('is XML, cached for an hour, with absolute URLs of the public pages and every listed guide', async () => {
    const { res, locs } = await sitemap();
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    for (const path of [
      '/',
      '/search',
      '/search?city=kyoto',
      '/search?city=tokyo',
      '/help',
      '/help/cancellation',
      '/terms',
      '/privacy',
    ]) {
      expect(locs).toContain(`${APP_URL}${path}`);
    }
    expect(locs).toContain(`${APP_URL}/guides/${ids.listed}`);
    expect(locs).toContain(`${APP_URL}/itinerary/${ids.listedItinerary}`);
    expect(locs.every((l) => l.startsWith(`${APP_URL}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('leaves out a paused guide, a suspended one and their itineraries', async () => {
    const { locs } = await sitemap();
    for (const id of [ids.paused, ids.suspended]) expect(locs).not.toContain(`${APP_URL}/guides/${id}`);
    for (const id of [ids.pausedItinerary, ids.suspendedItinerary])
      expect(locs).not.toContain(`${APP_URL}/itinerary/${id}`);
  });

  it('gives every page its English, Chinese, Japanese and default versions, and a guide its last change', async () => {
    const { res, urls } = await sitemap();
    for (const u of urls) {
      const q = u.loc.includes('?') ? '&' : '?';
      expect(u.alternates).toEqual({
        en: `${u.loc}${q}lang=en`,
        'zh-CN': `${u.loc}${q}lang=zh-CN`,
        ja: `${u.loc}${q}lang=ja`,
        'x-default': u.loc,
      });
    }
    // & is escaped in the document itself.
    expect(res.body).toContain(`href="${APP_URL}/search?city=kyoto&amp;lang=zh-CN"`);
    expect(res.body).toContain(`hreflang="ja" href="${APP_URL}/search?city=kyoto&amp;lang=ja"`);
    expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const guide = urls.find((u) => u.loc === `${APP_URL}/guides/${ids.listed}`)!;
    expect(Date.parse(guide.lastmod ?? '')).not.toBeNaN();
  });
});

describe('GET /robots.txt', () => {
  it('is plain text, cached for an hour, and names the sitemap by its absolute URL', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toContain(`\nSitemap: ${APP_URL}/sitemap.xml\n`);
  });

  it('lets crawlers read the public pages and keeps them out of the private areas', async () => {
    const robots = (await t.app.inject({ url: '/robots.txt' })).body;
    for (const path of [
      '/',
      '/search?city=kyoto',
      `/guides/${ids.listed}`,
      '/itinerary/3',
      '/help/cancellation',
      '/terms',
      '/privacy',
      '/login',
      '/api/v2/avatars/kyoto-3-f.svg',
    ]) {
      expect(allowed(robots, path), path).toBe(true);
    }
    for (const path of [
      '/api/v2/guides',
      '/admin',
      '/admin/users',
      '/dashboard',
      '/guide',
      '/guide-dashboard',
      '/messages',
      '/profile',
      '/settings/notifications',
      '/checkout/3',
      '/booking/3/payment-proof',
      '/payment-success',
      '/withdrawal',
      '/verify-identity',
      '/pdf-preview/3',
      '/become-guide',
      '/application-status',
    ]) {
      expect(allowed(robots, path), path).toBe(false);
    }
  });
});
