import type { AppInstance } from '../../lib/types';
import { identityRoutes } from './identity.routes';
import { IdentityService } from './identity.service';

export { IdentityService } from './identity.service';

/**
 * Identity verification (issue #13, /verify-identity): the user's ID document and selfie (private to
 * the user and admins), submission, and the admin review that sets users.identity_verified. Needs
 * `app.storage`, `app.notifications` and `app.mailer`.
 */
export async function registerIdentity(app: AppInstance): Promise<void> {
  await app.register(identityRoutes(new IdentityService(app)));
}
