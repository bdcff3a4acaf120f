import { currentLocale } from '../../../lib/i18n';

export const savedGuideKeys = {
  all: ['saved-guides'] as const,
  /** Cards carry the bio in the reader's language (decision 070). */
  page: (travelerId: number, page: number) => ['saved-guides', travelerId, page, currentLocale()] as const,
};
