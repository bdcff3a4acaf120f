import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { identityRoutes } from './identity.routes';
import { IDENTITY_DISCARD_JOB, IdentityReviewService } from './identity-review.service';
import { IdentityService, type IdentityNeeds } from './identity.service';

export { IdentityService } from './identity.service';

/**
 * Identity verification (/verify-identity): the user's ID document and selfie (private to
 * the user and admins), submission, and the admin review that sets users.identity_verified.
 */
export async function registerIdentity(
  app: AppInstance,
  needs: IdentityNeeds & { jobs: Pick<JobRunner, 'register'> },
): Promise<void> {
  const service = new IdentityService(app, needs);
  const review = new IdentityReviewService(app, needs);
  needs.jobs.register(IDENTITY_DISCARD_JOB, (job) => review.discardFiles(job));
  await app.register(identityRoutes(service, review));
}
