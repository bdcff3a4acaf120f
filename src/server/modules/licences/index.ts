import type { AppInstance } from '../../lib/types';
import { licencesRoutes } from './licences.routes';
import { LicencesService } from './licences.service';

export { assertMayDrive, assertNoProtectedTitles, type PublishedText } from './licence-rules';

/**
 * Licensed guides (issue 26, decision 092): a guide's licence and insurance proof (private files),
 * the admin review (audited), and the rules other modules apply: protected titles in listing texts,
 * and "the guide drives" only with both verified. Needs `app.storage` and `app.guideSearch`.
 */
export async function registerLicences(app: AppInstance): Promise<void> {
  await app.register(licencesRoutes(new LicencesService(app)));
}
