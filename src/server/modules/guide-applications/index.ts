import type { AppInstance } from '../../lib/types';
import { guideApplicationsRoutes } from './guide-applications.routes';
import { ApplicationReviewService } from './application-review.service';
import { GuideApplicationsService, type GuideApplicationsNeeds } from './guide-applications.service';

export { GuideApplicationsService } from './guide-applications.service';

/**
 * Becoming a guide: drafts kept on the server, qualification documents (private),
 * submission, and the admin review that turns an applicant into a listed guide.
 */
export async function registerGuideApplications(app: AppInstance, needs: GuideApplicationsNeeds): Promise<void> {
  await app.register(
    guideApplicationsRoutes(new GuideApplicationsService(app, needs), new ApplicationReviewService(app, needs)),
  );
}
export { applicationStatusOf } from './guide-applications.repository';
