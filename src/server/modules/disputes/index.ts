import type { AppInstance } from '../../lib/types';
import { disputesRoutes } from './disputes.routes';
import { DISPUTE_REFUND_JOB, DisputesService } from './disputes.service';

export { DISPUTE_REFUND_JOB, DisputesService } from './disputes.service';

declare module 'fastify' {
  interface FastifyInstance {
    disputes: DisputesService;
  }
}

/** What disputes are built from (compose.ts): the refunds go through the bookings' payment provider. */
export type DisputesNeeds = Pick<ConstructorParameters<typeof DisputesService>[0], 'storage' | 'jobs' | 'provider' | 'notifications' | 'receipts' | 'now' | 'translations'>;

/** Disputes and their resolution. */
export async function registerDisputes(app: AppInstance, needs: DisputesNeeds): Promise<void> {
  const service = new DisputesService({ db: app.ctx.database.db, ...needs, commissionRate: app.ctx.config.payments.commissionRate });
  app.decorate('disputes', service);
  needs.jobs.register(DISPUTE_REFUND_JOB, (job) => service.runRefund(job));
  await disputesRoutes(app, service);
}
