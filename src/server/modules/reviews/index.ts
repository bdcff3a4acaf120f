import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import type { FileStorage } from '../../storage/index';
import type { Translations } from '../translation/index';
import { reviewsRoutes } from './reviews.routes';
import { REVIEW_PUBLISH_JOB, ReviewsService } from './reviews.service';

export { reviewsRoutes } from './reviews.routes';
export { REVIEW_PUBLISH_JOB, ReviewsService } from './reviews.service';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
  }
}

/** What reviews are built from (compose.ts): the job runner that publishes them, the file store for their photos. */
export interface ReviewsNeeds {
  jobs: JobRunner;
  storage: FileStorage;
  /** Machine translation of reviews and replies for the reader (decision 145). */
  translations: Translations;
}

/**
 * Reviews: the public list of a guide's reviews, and both parties' reviews of a booking (published by a job), with
 * photos and the guide's reply.
 */
export async function registerReviews(app: AppInstance, { jobs, storage, translations }: ReviewsNeeds): Promise<void> {
  const service = new ReviewsService(app.ctx.database.db, storage);
  app.decorate('reviews', service);
  jobs.register(REVIEW_PUBLISH_JOB, (job, now) => service.publishDue(job, now));
  await reviewsRoutes(app, service, translations);
}
