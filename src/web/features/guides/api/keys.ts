import type { GuideSearchParams } from '../../../../shared/guide-search';

/** Query keys of the guides feature; saving a guide invalidates `guideKeys.all`. */
export const guideKeys = {
  all: ['guides'] as const,
  list: (params: GuideSearchParams) => ['guides', 'list', params] as const,
  detail: (id: number) => ['guides', 'detail', id] as const,
  reviews: (id: number) => ['guides', 'reviews', id] as const,
  choices: (id: number) => ['guides', 'choices', id] as const,
  pricing: (id: number) => ['guides', 'pricing', id] as const,
  priceBounds: ['guides', 'price-bounds'] as const,
  itinerary: (id: number) => ['itineraries', id] as const,
  categories: ['service-categories'] as const,
};
