export { overviewKey, useGuideOverview } from './api';
export { GuideOverviewError, GuideOverviewSkeleton, GuideOverviewView } from './guide-overview';
