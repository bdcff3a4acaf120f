import type { LegalKind } from '../../../shared/legal/documents';
import type { Locale } from '../../../shared/locales';
import { parseArticle, type Article } from './markdown';

/**
 * Every help and legal article: its route, the group it is listed under on /help, and the key of
 * its short name in `common` (routes.*). The text itself is Markdown per locale in content/; the legal
 * documents (`legal`: their kind) are the versioned texts of src/shared/legal (decision 123), which
 * content/<locale>/index.ts adds.
 */
export const HELP_GROUPS = ['travelers', 'guides', 'policies', 'company'] as const;
export type HelpGroup = (typeof HELP_GROUPS)[number];

export const HELP_ARTICLES = [
  { slug: 'how-it-works', path: '/help/how-it-works', group: 'travelers', nameKey: 'routes.helpHowItWorks' },
  { slug: 'cancellation', path: '/help/cancellation', group: 'travelers', nameKey: 'routes.helpCancellation' },
  { slug: 'safety', path: '/help/safety', group: 'travelers', nameKey: 'routes.helpSafety' },
  {
    slug: 'paying-and-transport',
    path: '/help/paying-and-transport',
    group: 'travelers',
    nameKey: 'routes.helpPayingAndTransport',
  },
  { slug: 'cities', path: '/help/cities', group: 'travelers', nameKey: 'routes.helpCities' },
  { slug: 'featured', path: '/help/featured', group: 'travelers', nameKey: 'routes.helpFeatured' },
  {
    slug: 'traveler-community',
    path: '/help/traveler-community',
    group: 'travelers',
    nameKey: 'routes.helpTravelerCommunity',
  },
  { slug: 'guide-resources', path: '/help/guide-resources', group: 'guides', nameKey: 'routes.helpGuideResources' },
  { slug: 'guide-community', path: '/help/guide-community', group: 'guides', nameKey: 'routes.helpGuideCommunity' },
  { slug: 'privacy', path: '/help/privacy', group: 'policies', nameKey: 'routes.helpPrivacy' },
  { slug: 'terms', path: '/help/terms', group: 'policies', nameKey: 'routes.helpTerms' },
  { slug: 'cookies', path: '/help/cookies', group: 'policies', nameKey: 'routes.helpCookies' },
  { slug: 'terms-of-service', path: '/terms', group: 'policies', nameKey: 'routes.terms', legal: 'terms' },
  { slug: 'privacy-policy', path: '/privacy', group: 'policies', nameKey: 'routes.privacy', legal: 'privacy' },
  {
    slug: 'cross-border',
    path: '/privacy/cross-border',
    group: 'policies',
    nameKey: 'routes.crossBorder',
    legal: 'cross_border',
  },
  {
    slug: 'sensitive-data',
    path: '/privacy/sensitive-data',
    group: 'policies',
    nameKey: 'routes.sensitiveData',
    legal: 'sensitive_data',
  },
  { slug: 'about', path: '/help/about', group: 'company', nameKey: 'routes.helpAbout' },
  { slug: 'contact', path: '/help/contact', group: 'company', nameKey: 'routes.helpContact' },
] as const satisfies readonly { slug: string; path: string; group: HelpGroup; nameKey: string; legal?: LegalKind }[];

export type HelpArticleMeta = (typeof HELP_ARTICLES)[number];
export type HelpSlug = HelpArticleMeta['slug'];

export function articleForPath(path: string): HelpArticleMeta | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  return HELP_ARTICLES.find((a) => a.path === clean);
}

/** Each locale's articles are one lazily loaded chunk: never part of the initial JavaScript. */
const bundles: Record<Locale, () => Promise<{ sources: Record<string, string> }>> = {
  en: () => import('./content/en/index'),
  'zh-CN': () => import('./content/zh-CN/index'),
  ja: () => import('./content/ja/index'),
};

export async function loadArticles(locale: Locale): Promise<Record<HelpSlug, Article>> {
  const { sources } = await bundles[locale]();
  const out = {} as Record<HelpSlug, Article>;
  for (const meta of HELP_ARTICLES) {
    const source = sources[meta.slug];
    if (!source) throw new Error(`Missing help article ${locale}/${meta.slug}`);
    out[meta.slug] = parseArticle(meta.slug, source);
  }
  return out;
}
