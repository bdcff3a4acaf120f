import type { AppInstance } from '../../lib/types';
import { supportRoutes } from './support.routes';
import { testSessionRoutes } from './test-session.routes';

/** The support inbox and the public config the support widget reads. */
export function registerSupport(app: AppInstance): void {
  supportRoutes(app);
  testSessionRoutes(app);
}
