import type { AppInstance } from '../../lib/types';
import { walletRoutes } from './wallet.routes';
import { WalletService } from './wallet.service';

export { WalletService } from './wallet.service';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/** The wallet and payouts (issue 13, decision 067). Needs `app.bookings` (its clock) and `app.notifications`. */
export function registerWallet(app: AppInstance): void {
  const service = new WalletService({ db: app.ctx.database.db, now: () => app.bookings.now(), notify: (notices) => app.notifications.create(notices), log: app.log });
  app.decorate('wallet', service);
  walletRoutes(app, service);
}
