import { SERVICE_CITY_SLUGS } from '../../../shared/cities';
import { LOCALES } from '../../../shared/locales';
import { fileReplySchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import type { AppInstance } from '../../lib/types';
import type { GuideSearch } from '../guides/index';
import { listedPages } from './seo.repository';

/**
 * robots.txt and sitemap.xml: what crawlers may read, and every public page with its
 * version in each interface language (`?lang=en`, `?lang=zh-CN`, `?lang=ja`; without `lang` the reader's stored choice
 * or Accept-Language decides, hence `x-default`). Listed guides and their itineraries are read in one query
 * each. Absolute URLs from APP_URL.
 */

/**
 * The public pages that are not per guide: web/app/routes.tsx PAGES (/help/*, /terms, /privacy, /legal/commerce). Keep
 * in step.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/search',
  ...SERVICE_CITY_SLUGS.map((city) => `/search?city=${city}`),
  '/help',
  '/help/how-it-works',
  '/help/featured',
  '/help/cities',
  '/help/traveler-community',
  '/help/guide-resources',
  '/help/guide-community',
  '/help/safety',
  '/help/paying-and-transport',
  '/help/cancellation',
  '/help/about',
  '/help/contact',
  '/help/privacy',
  '/help/terms',
  '/help/cookies',
  '/terms',
  '/privacy',
  '/privacy/cross-border',
  '/privacy/sensitive-data',
  '/legal/commerce',
] as const;

/**
 * Areas behind a sign-in, or steps of a booking: never worth crawling. Robots rules match by prefix,
 * so `/guide` (the guide home) is `/guide$` and `/guide?`: a bare `/guide` would also hide `/guides/{id}`.
 */
export const PRIVATE_PATH_RULES = [
  '/api/',
  '/admin',
  '/dashboard',
  '/guide$',
  '/guide?',
  '/guide/',
  '/guide-dashboard',
  '/messages',
  '/profile',
  '/settings',
  '/checkout',
  '/booking',
  '/payment-',
  '/withdrawal',
  '/verify-identity',
  '/pdf-preview',
  '/become-guide',
  '/application-status',
] as const;

// Every interface language has its own alternate, so a new locale is listed without a change here.
const LANGUAGES = LOCALES;
const CACHE = 'public, max-age=3600';

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Guides' generated portraits: images of the public pages, under /api/ (the longer rule wins).
    'Allow: /api/v2/avatars/',
    ...PRIVATE_PATH_RULES.map((rule) => `Disallow: ${rule}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `path` with `lang` added to its query. */
const withLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

export function sitemapXml(appUrl: string, entries: readonly SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const url = (p: string) => escapeXml(`${appUrl}${p}`);
    lines.push('  <url>', `    <loc>${url(entry.path)}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${entry.lastmod.toISOString()}</lastmod>`);
    for (const lang of LANGUAGES)
      lines.push(`    <xhtml:link rel="alternate" hreflang="${lang}" href="${url(withLang(entry.path, lang))}"/>`);
    lines.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${url(entry.path)}"/>`, '  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * Every public page: the fixed ones, each listed guide's profile and each itinerary of a listed guide.
 * "Listed" is what the public search holds (decision 091): an active listing whose identity is verified
 * and that has open times in the next 60 days; the ids come from the search index.
 */
export async function sitemapEntries(db: Database, listedIds: readonly number[]): Promise<SitemapEntry[]> {
  const { listed, itineraries } = await listedPages(db, listedIds);
  return [
    ...PUBLIC_PAGE_PATHS.map((path) => ({ path })),
    ...listed.map((g) => ({ path: `/guides/${g.id}`, lastmod: g.updatedAt })),
    ...itineraries.map((it) => ({ path: `/itinerary/${it.id}` })),
  ];
}

/** What the sitemap is built from (compose.ts): the listed guides, as the search index holds them. */
export interface SeoNeeds {
  guideSearch: Pick<GuideSearch, 'listedIds'>;
}

export function seoRoutes(app: AppInstance, { guideSearch }: SeoNeeds): void {
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['seo'],
        summary: 'robots.txt (text/plain): the private areas crawlers should skip, and the sitemap',
        response: { 200: fileReplySchema },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(app.ctx.config.appUrl)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary:
          'sitemap.xml (application/xml): every public page and listed guide, with its English, Chinese and Japanese versions',
        response: { 200: fileReplySchema },
      },
    },
    async (_request, reply) => {
      const entries = await sitemapEntries(app.ctx.database.db, await guideSearch.listedIds());
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(sitemapXml(app.ctx.config.appUrl, entries));
    },
  );
}
