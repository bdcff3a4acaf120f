import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { MINOR_PER_MAJOR, toMajor } from '../../shared/currency';
import { formatMoney } from '../../shared/money-format';
import { LICENCE_TITLES, prefectureName } from '../../shared/licences';
import { LOCALES, type Locale } from '../../shared/locales';
import type { GuideDetail, Itinerary } from '../../shared/schemas/guides';
import { helpArticlesQuery, articleForPath } from '../features/help';
import { guideKeys } from '../features/guides';
import { cityName } from '../lib/format';

/**
 * The <head> of a server-rendered page: title, description, canonical URL, hreflang
 * alternates (the language is a `lang` query parameter, decision 074), Open Graph and schema.org data.
 */
export interface HeadInput {
  url: URL;
  origin: string;
  locale: Locale;
  /** The full title the page set while rendering. */
  title: string;
  t: TFunction;
  /** The matched route's path pattern, e.g. /guides/:id. */
  route: string | undefined;
  params: Record<string, string | undefined>;
  queryClient: QueryClient;
  notFound: boolean;
}

const OG_LOCALE: Record<Locale, string> = { en: 'en_US', 'zh-CN': 'zh_CN', ja: 'ja_JP' };
const DESCRIPTION_LENGTH = 160;

export function pageHead(input: HeadInput): string {
  const { url, origin, locale, t } = input;
  const page = pageFacts(input);
  const tags: string[] = [`<title>${escapeHtml(input.title)}</title>`];
  tags.push(meta('description', page.description));
  if (input.notFound) {
    tags.push('<meta name="robots" content="noindex">');
    return tags.join('');
  }
  // An unlisted guide's profile stays reachable by its link, out of search engines (decision 091).
  if (page.noindex) tags.push('<meta name="robots" content="noindex">');

  const href = (lang: Locale | null) => {
    const u = new URL(url.pathname + url.search, origin);
    if (lang) u.searchParams.set('lang', lang);
    else u.searchParams.delete('lang');
    return u.toString();
  };
  tags.push(`<link rel="canonical" href="${escapeHtml(href(locale))}">`);
  for (const lang of LOCALES) tags.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href(lang))}">`);
  tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(href(null))}">`);

  tags.push(property('og:site_name', t('brand.name')));
  tags.push(property('og:title', page.ogTitle ?? input.title));
  tags.push(property('og:description', page.description));
  tags.push(property('og:url', href(locale)));
  tags.push(property('og:type', page.ogType ?? 'website'));
  tags.push(property('og:locale', OG_LOCALE[locale]));
  for (const lang of LOCALES) if (lang !== locale) tags.push(property('og:locale:alternate', OG_LOCALE[lang]));
  const image = page.image ? new URL(page.image, origin).toString() : new URL('/og-image.png', origin).toString();
  tags.push(property('og:image', image));
  tags.push(meta('twitter:card', page.image ? 'summary' : 'summary_large_image'));
  for (const [key, value] of page.extraProperties ?? []) tags.push(property(key, value));
  if (page.jsonLd) tags.push(`<script type="application/ld+json">${jsonLd(page.jsonLd)}</script>`);
  return tags.join('');
}

interface PageFacts {
  description: string;
  /** Keep the page out of search engines (an unlisted guide). */
  noindex?: boolean;
  ogTitle?: string;
  ogType?: string;
  image?: string | null;
  extraProperties?: [string, string][];
  jsonLd?: Record<string, unknown>;
}

function pageFacts({ route, params, locale, t, queryClient, url, origin, notFound }: HeadInput): PageFacts {
  const home: PageFacts = { description: t('home:hero.body') };
  if (notFound) return { description: t('notFound.body') };
  switch (route) {
    case undefined:
      return home;
    case '/search': {
      const city = url.searchParams.get('city');
      return { description: city ? t('seo:searchIn', { city: cityName(city, locale) }) : t('seo:search') };
    }
    case '/guides/:id': {
      const guide = queryClient.getQueryData<GuideDetail>(guideKeys.detail(Number(params.id)));
      if (!guide) return home;
      const city = cityName(guide.serviceCity, locale);
      // The guide's own price in her currency (decision 164): ¥4,000 is 4000 yen, not 40.00.
      const price = formatMoney(guide.basicPricePerHourCents, guide.currency, locale);
      const major = toMajor(guide.basicPricePerHourCents, guide.currency);
      const offerPrice = major.toFixed(Math.log10(MINOR_PER_MAJOR[guide.currency]));
      const name = guide.user.fullName;
      const pageUrl = new URL(`/guides/${guide.id}`, origin).toString();
      return {
        description: clip(`${t('seo:guide', { city, price })} ${guide.bio}`),
        ogTitle: `${name} · ${t('seo:guideOffer', { name, city })}`,
        ogType: 'profile',
        noindex: !guide.listed,
        image: guide.user.profilePicture,
        extraProperties: [
          ['product:price:amount', String(major)],
          ['product:price:currency', guide.currency],
        ],
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: t('seo:guideOffer', { name, city }),
          description: clip(guide.bio, 500),
          url: pageUrl,
          ...(guide.user.profilePicture ? { image: new URL(guide.user.profilePicture, origin).toString() } : {}),
          brand: { '@type': 'Brand', name: 'Tabi Guides' },
          offers: {
            '@type': 'Offer',
            price: offerPrice,
            priceCurrency: guide.currency,
            url: pageUrl,
            availability: 'https://schema.org/InStock',
            offeredBy: guidePerson(guide, name, locale),
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: offerPrice,
              priceCurrency: guide.currency,
              unitCode: 'HUR',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
            },
          },
          ...(guide.reviewCount > 0
            ? {
                aggregateRating: {
                  '@type': 'AggregateRating',
                  ratingValue: guide.rating,
                  reviewCount: guide.reviewCount,
                  bestRating: 5,
                  worstRating: 1,
                },
              }
            : {}),
        },
      };
    }
    case '/itinerary/:id': {
      const itinerary = queryClient.getQueryData<Itinerary>(guideKeys.itinerary(Number(params.id)));
      if (!itinerary) return home;
      const city = cityName(itinerary.guide.serviceCity, locale);
      return {
        description: clip(`${itinerary.summary} ${t('seo:itinerary', { name: itinerary.guide.fullName, city })}`),
        ogType: 'article',
        image: itinerary.guide.profilePicture,
      };
    }
    case '/legal/commerce':
      return { description: t('seo:legalCommerce') };
    default: {
      const meta = articleForPath(url.pathname);
      if (!meta) return home; // the help index
      const articles = queryClient.getQueryData(helpArticlesQuery(locale).queryKey);
      const article = articles?.[meta.slug];
      return { description: clip(article?.lead ?? t(`common:${meta.nameKey}`)), ogType: 'article' };
    }
  }
}

/**
 * The guide as a schema.org Person; a verified licence is a credential recognized by the prefecture
 * it is registered with (decision 092).
 */
function guidePerson(guide: GuideDetail, name: string, locale: Locale): Record<string, unknown> {
  const l = guide.licenceDetails;
  if (!l) return { '@type': 'Person', name };
  return {
    '@type': 'Person',
    name,
    jobTitle: LICENCE_TITLES[l.kind],
    hasCredential: {
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'license',
      name: `${LICENCE_TITLES[l.kind]}${l.region ? ` (${l.region})` : ''}`,
      identifier: l.registrationNumber,
      ...(l.languages.length ? { inLanguage: l.languages } : {}),
      recognizedBy: {
        '@type': 'GovernmentOrganization',
        name: prefectureName(l.prefecture, locale),
        address: {
          '@type': 'PostalAddress',
          addressRegion: prefectureName(l.prefecture, 'zh-CN'),
          addressCountry: 'JP',
        },
      },
    },
  };
}

function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;

/** schema.org JSON inside <script>: nothing in user text can end the element. */
const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
