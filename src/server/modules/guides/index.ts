export { guidesRoutes } from './guides.routes';
export { avatarSvg, avatarUrl } from './avatar';
export { setGuideServices, setWeeklyAvailability, findGuideIdByUser } from './guides.repository';
export { listingStatus, toSummaries, withBioTranslations } from './guides.service';
export { summaryColumns, type SummaryRow } from './guides.repository';
export type { GuideSearch } from './guide-search';
export { quoteOfGuide, type PaymentRates } from './quote';
