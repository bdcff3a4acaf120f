import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { reviewsRoutes } from './reviews.routes';
import { REVIEW_PUBLISH_JOB, ReviewsService } from './reviews.service';

export { reviewsRoutes } from './reviews.routes';
export { REVIEW_PUBLISH_JOB, ReviewsService } from './reviews.service';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
  }
}

/** Reviews: the public list of a guide's reviews, and both parties' reviews of a booking (published by a job). */
export function registerReviews(app: AppInstance, jobs: JobRunner): void {
  const service = new ReviewsService(app.ctx.database.db);
  app.decorate('reviews', service);
  jobs.register(REVIEW_PUBLISH_JOB, (job, now) => service.publishDue(job, now));
  reviewsRoutes(app, service);
}
