import type { AppInstance } from '../../lib/types';
import { disputesRoutes } from './disputes.routes';
import { DISPUTE_REFUND_JOB, DisputesService } from './disputes.service';

export { DISPUTE_REFUND_JOB, DisputesService } from './disputes.service';

declare module 'fastify' {
  interface FastifyInstance {
    disputes: DisputesService;
  }
}

/** Disputes and their resolution. Needs `app.jobs`, `app.paymentProvider` (bookings), `app.storage` and `app.notifications`. */
export async function registerDisputes(app: AppInstance): Promise<void> {
  const service = new DisputesService({
    db: app.ctx.database.db,
    storage: app.storage,
    jobs: app.jobs,
    provider: app.paymentProvider,
    notifications: app.notifications,
    commissionRate: app.ctx.config.payments.commissionRate,
  });
  app.decorate('disputes', service);
  app.jobs.register(DISPUTE_REFUND_JOB, (job) => service.runRefund(job));
  await disputesRoutes(app, service);
}
