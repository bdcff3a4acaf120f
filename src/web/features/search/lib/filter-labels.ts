import type { TFunction } from 'i18next';
import { activeSearchFilters, type SearchFilter } from '../../../../shared/guide-search';
import type { GuideSearchParams } from '../../../../shared/guide-search-query';
import type { Locale } from '../../../../shared/locales';
import type { ServiceCategory } from '../../../../shared/schemas/catalog';
import { formatMoney } from '../../../../shared/money-format';
import { formatCalendarDate, localName } from '../../../lib/format';

export type FilterValues = Partial<
  Pick<
    GuideSearchParams,
    | 'language'
    | 'services'
    | 'date'
    | 'travelers'
    | 'children'
    | 'infants'
    | 'minPrice'
    | 'maxPrice'
    | 'currency'
    | 'licensed'
    | 'instantBook'
  >
>;

/**
 * What each active filter of a search reads as, in one place (decision 104): the folded search bar's
 * summary, and the empty result's names and chips. `t` needs the search, guides and licences words.
 */
export function filterLabels(
  p: FilterValues,
  t: TFunction,
  locale: Locale,
  categories: ServiceCategory[] | undefined,
): { filter: SearchFilter; label: string }[] {
  return activeSearchFilters(p).map((filter) => ({ filter, label: filterLabel(filter, p, t, locale, categories) }));
}

function filterLabel(
  filter: SearchFilter,
  p: FilterValues,
  t: TFunction,
  locale: Locale,
  categories: ServiceCategory[] | undefined,
): string {
  switch (filter) {
    case 'date':
      return formatCalendarDate(p.date, locale, { year: undefined, weekday: 'short' });
    case 'travelers': {
      const n = Math.min(p.travelers!, 10);
      const travelers = t('search:form.travelersSummary', {
        count: n,
        value: n === 10 ? t('search:form.tenPlus') : String(n),
      });
      // The ages the cards are priced for (decision 151), so the folded bar says the family it searched for.
      const ages = [
        p.children ? t('search:form.childrenSummary', { count: p.children }) : '',
        p.infants ? t('search:form.infantsSummary', { count: p.infants }) : '',
      ].filter(Boolean);
      return ages.length
        ? t('search:form.travelersWithAges', { travelers, ages: ages.join(t('search:form.agesSeparator')) })
        : travelers;
    }
    case 'language':
      return t('search:filters.language', { language: t(`guides:languages.${p.language}`) });
    case 'services': {
      const ids = p.services ?? [];
      const subs = categories?.flatMap((c) => c.subcategories) ?? [];
      const names = ids.map((id) => subs.find((s) => s.id === id)).filter((s) => s !== undefined);
      if (ids.length > 2 || names.length < ids.length) return t('search:filters.services', { count: ids.length });
      return names.map((s) => localName(s, locale)).join(locale === 'en' ? ', ' : '、');
    }
    case 'price':
      // A band in yen reads in yen (decision 168); in yuan as it always has.
      if (p.currency === 'JPY') {
        const yen = (n: number) => formatMoney(n, 'JPY', locale);
        if (p.minPrice !== undefined && p.maxPrice !== undefined)
          return t('search:form.priceBand', { min: yen(p.minPrice), max: yen(p.maxPrice) });
        return p.minPrice !== undefined
          ? t('search:filters.priceFromBand', { min: yen(p.minPrice) })
          : t('search:filters.priceUpToBand', { max: yen(p.maxPrice!) });
      }
      if (p.minPrice !== undefined && p.maxPrice !== undefined)
        return t('search:form.priceRange', { min: p.minPrice, max: p.maxPrice });
      return p.minPrice !== undefined
        ? t('search:filters.priceFrom', { min: p.minPrice })
        : t('search:filters.priceUpTo', { max: p.maxPrice });
    case 'licensed':
      return t('search:filters.licensed');
    case 'instantBook':
      return t('search:filters.instantBook');
  }
}
