import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { payoutAccountRoutes } from './payout-account.routes';
import { PayoutAccountService } from './payout-account.service';
import { payoutBatchRoutes } from './payout-batches.routes';
import type { NoticeOutbox } from './payout-notices';
import { PayoutBatchService, type PayoutAccount } from './payout-batches.service';
import { walletRoutes } from './wallet.routes';
import { WalletService } from './wallet.service';
import { registerWeeklyPayouts, type WeeklyPayoutSettings } from './weekly-payouts';

export { WalletService } from './wallet.service';
export { PayoutBatchService } from './payout-batches.service';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
    payoutBatches: PayoutBatchService;
  }
}

/**
 * The wallet and payouts (decision 067), the guide's saved payout account (decision 172) and payout
 * batches (decisions 128, 129), on the app's clock, telling guides of payouts through the notification
 * centre's outbox (`notices`, decision 085); bank batches leave from the operator's `payoutAccount`,
 * and the week's batches are formed on `jobs` (decision 130).
 */
export function registerWallet(
  app: AppInstance,
  needs: {
    now: () => Date;
    notices: NoticeOutbox;
    jobs: JobRunner;
    payoutAccount: PayoutAccount | null;
    weekly: WeeklyPayoutSettings;
  },
): WalletService {
  const service = new WalletService({ db: app.ctx.database.db, now: needs.now, notices: needs.notices });
  const batches = new PayoutBatchService({
    db: app.ctx.database.db,
    now: needs.now,
    notices: needs.notices,
    payoutAccount: needs.payoutAccount,
  });
  app.decorate('wallet', service);
  app.decorate('payoutBatches', batches);
  walletRoutes(app, service);
  payoutAccountRoutes(app, new PayoutAccountService({ db: app.ctx.database.db, now: needs.now }));
  payoutBatchRoutes(app, batches);
  registerWeeklyPayouts(needs.jobs, app.ctx.database.db, batches, needs.weekly);
  return service;
}
