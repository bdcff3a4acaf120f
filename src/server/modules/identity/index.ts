import type { AppInstance } from '../../lib/types';
import { identityRoutes } from './identity.routes';
import { IdentityService, type IdentityNeeds } from './identity.service';

export { IdentityService } from './identity.service';

/**
 * Identity verification (/verify-identity): the user's ID document and selfie (private to
 * the user and admins), submission, and the admin review that sets users.identity_verified.
 */
export async function registerIdentity(app: AppInstance, needs: IdentityNeeds): Promise<void> {
  await app.register(identityRoutes(new IdentityService(app, needs)));
}
