import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../shared/currency';
import type { Locale } from '../../shared/locales';
import type { GuideDetail } from '../../shared/schemas/guides';
import { guideKeys } from '../features/guides';
import { i18next, i18nReady } from '../lib/i18n';
import { pageHead } from './head';

/**
 * A guide profile's head (description, Open Graph price, schema.org offer) names the guide's price in
 * her own currency (decision 164): a yen guide's ¥4,000 is 4000 JPY, not 40.00; a yuan guide's reads
 * as before (server-rendering.test: 380.00 CNY).
 */
const guide = (minor: number, currency: Currency) =>
  ({
    id: 5,
    user: { fullName: 'Hanako Yamamoto', profilePicture: null },
    serviceCity: 'kyoto',
    bio: 'Kyoto walks.',
    basicPricePerHourCents: minor,
    currency,
    listed: true,
    reviewCount: 0,
    rating: 0,
    licenceDetails: null,
  }) as unknown as GuideDetail;

function head(g: GuideDetail, locale: Locale) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(guideKeys.detail(5), g);
  return pageHead({
    url: new URL('https://tabi.example/guides/5'),
    origin: 'https://tabi.example',
    locale,
    title: 'x',
    t: i18next.getFixedT(locale),
    route: '/guides/:id',
    params: { id: '5' },
    queryClient,
    notFound: false,
  });
}
const offer = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!).offers;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadLanguages(['zh-CN', 'ja']);
  await i18next.loadNamespaces(['seo', 'home', 'common']);
});

describe("a guide profile's head", () => {
  it('a yen guide: the description in yen in each language, the offer 4000 JPY', () => {
    const en = head(guide(4_000, 'JPY'), 'en');
    expect(en).toContain('from ¥4,000 (JPY) per hour.');
    expect(en).toContain('<meta property="product:price:amount" content="4000">');
    expect(en).toContain('<meta property="product:price:currency" content="JPY">');
    expect(offer(en)).toMatchObject({
      price: '4000',
      priceCurrency: 'JPY',
      priceSpecification: { price: '4000', priceCurrency: 'JPY' },
    });
    expect(head(guide(4_000, 'JPY'), 'zh-CN')).toContain('每小时 4,000 日元 起。');
    expect(head(guide(4_000, 'JPY'), 'ja')).toContain('1時間4,000円〜。');
  });

  it('a yuan guide reads as before: 380 RMB, 380.00 CNY', () => {
    const en = head(guide(38_000, 'CNY'), 'en');
    expect(en).toContain('from 380 RMB per hour.');
    expect(en).toContain('<meta property="product:price:amount" content="380">');
    expect(offer(en)).toMatchObject({ price: '380.00', priceCurrency: 'CNY' });
  });
});
