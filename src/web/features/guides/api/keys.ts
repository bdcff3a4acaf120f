import type { GuideSearchParams } from '../../../../shared/guide-search-query';
import { currentLocale } from '../../../lib/i18n';

/**
 * Query keys of the guides feature; saving a guide invalidates `guideKeys.all`. Lists, profiles and
 * itineraries carry guide texts in the reader's language (decision 070), so their keys include it.
 */
export const guideKeys = {
  all: ['guides'] as const,
  list: (params: GuideSearchParams) => ['guides', 'list', params, currentLocale()] as const,
  detail: (id: number) => ['guides', 'detail', id, currentLocale()] as const,
  reviews: (id: number) => ['guides', 'reviews', id] as const,
  choices: (id: number) => ['guides', 'choices', id] as const,
  pricing: (id: number) => ['guides', 'pricing', id] as const,
  priceBounds: (currency: string) => ['guides', 'price-bounds', currency] as const,
  itinerary: (id: number) => ['itineraries', id, currentLocale()] as const,
  categories: ['service-categories'] as const,
};
