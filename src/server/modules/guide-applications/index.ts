import type { AppInstance } from '../../lib/types';
import { guideApplicationsRoutes } from './guide-applications.routes';
import { GuideApplicationsService } from './guide-applications.service';

export { GuideApplicationsService } from './guide-applications.service';

/**
 * Becoming a guide (issue #13): drafts kept on the server, qualification documents (private),
 * submission, and the admin review that turns an applicant into a listed guide. Needs
 * `app.storage`, `app.notifications`, `app.mailer` and `app.guideSearch`.
 */
export async function registerGuideApplications(app: AppInstance): Promise<void> {
  await app.register(guideApplicationsRoutes(new GuideApplicationsService(app)));
}
export { applicationStatusOf } from './guide-applications.repository';
