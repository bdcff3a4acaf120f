import type { AppInstance } from '../../lib/types';
import { licencesRoutes } from './licences.routes';
import { LicencesService, type LicencesNeeds } from './licences.service';

export {
  assertMayDrive,
  assertPublicTexts,
  protectedTitleIssues,
  refuseProtectedTitles,
  type PublishedText,
} from './licence-rules';
export { insertApprovedLicence, type VerifiedLicence } from './licences.repository';
export { CREDENTIAL_FOLDER } from './licences.service';

/**
 * Licensed guides (decision 092): a guide's licence and insurance proof (private files),
 * the admin review (audited), and the rules other modules apply: protected titles in listing texts,
 * and "the guide drives" only with both verified.
 */
export async function registerLicences(app: AppInstance, needs: LicencesNeeds): Promise<void> {
  await app.register(licencesRoutes(new LicencesService(app, needs)));
}
