import type { AppInstance } from '../../lib/types';
import { disputesRoutes } from './disputes.routes';
import { DISPUTE_REFUND_JOB, DisputeReviewService } from './dispute-review.service';
import { DisputesService } from './disputes.service';

export { DisputesService } from './disputes.service';
export { DISPUTE_REFUND_JOB } from './dispute-review.service';

declare module 'fastify' {
  interface FastifyInstance {
    disputes: DisputesService;
  }
}

/** What disputes are built from (compose.ts): the refunds go through the bookings' payment provider. */
export type DisputesNeeds = Pick<
  ConstructorParameters<typeof DisputesService>[0],
  'storage' | 'jobs' | 'provider' | 'notifications' | 'receipts' | 'now' | 'translations'
>;

/** Disputes and their resolution. */
export async function registerDisputes(app: AppInstance, needs: DisputesNeeds): Promise<void> {
  const deps = { db: app.ctx.database.db, ...needs, commissionRate: app.ctx.config.payments.commissionRate };
  const service = new DisputesService(deps);
  const review = new DisputeReviewService(deps);
  app.decorate('disputes', service);
  needs.jobs.register(DISPUTE_REFUND_JOB, (job) => review.runRefund(job));
  await disputesRoutes(app, service, review);
}
