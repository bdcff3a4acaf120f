// Guide texts in several languages (migration 0014, docs/decisions/070): the columns
// `texts` and `original_language` live on guides and guide_itineraries (schema/guides.ts); these are
// their shapes.
export type { GuideTexts, ItineraryTexts, TextLanguage } from '../../../shared/guide-texts';
