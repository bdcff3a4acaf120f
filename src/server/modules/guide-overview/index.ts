import type { AppInstance } from '../../lib/types';
import type { BookingsService } from '../bookings/index';
import type { MessagingService } from '../messaging/index';
import type { WalletService } from '../wallet/index';
import { guideOverviewRoutes } from './guide-overview.routes';
import { GuideOverviewService } from './guide-overview.service';

export { GuideOverviewService } from './guide-overview.service';

/** What the guide landing page reads of other modules (compose.ts). */
export interface GuideOverviewNeeds {
  now: () => Date;
  messaging: Pick<MessagingService, 'totalUnread'>;
  wallet: Pick<WalletService, 'wallet'>;
  bookings: Pick<BookingsService, 'guideNets'>;
}

/**
 * The guide landing page (/guide): unread counts (messaging), pending and withdrawable (wallet), each booking's net
 * (bookings).
 */
export function registerGuideOverview(app: AppInstance, needs: GuideOverviewNeeds): void {
  const service = new GuideOverviewService({
    db: app.ctx.database.db,
    now: needs.now,
    unread: (userId) => needs.messaging.totalUnread(userId),
    earnings: async (user) => (await needs.wallet.wallet(user)).earnings,
    nets: (guideUserId, ids) => needs.bookings.guideNets(guideUserId, ids),
  });
  guideOverviewRoutes(app, service);
}
