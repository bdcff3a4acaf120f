import type { AppInstance } from '../../lib/types';
import { guideOverviewRoutes } from './guide-overview.routes';
import { GuideOverviewService } from './guide-overview.service';

export { GuideOverviewService } from './guide-overview.service';

/**
 * The guide landing page (/guide, issue 13). Needs `app.bookings` (its clock), `app.messaging` (unread
 * counts) and `app.wallet` (pending and withdrawable): registered after them.
 */
export function registerGuideOverview(app: AppInstance): void {
  const service = new GuideOverviewService({
    db: app.ctx.database.db,
    now: () => app.bookings.now(),
    unread: (userId) => app.messaging.totalUnread(userId),
    earnings: async (user) => (await app.wallet.wallet(user)).earnings,
  });
  guideOverviewRoutes(app, service);
}
