import type { AppInstance } from '../../lib/types';
import { supportRoutes } from './support.routes';

/** The support inbox and the public config the support widget reads. */
export function registerSupport(app: AppInstance): void {
  supportRoutes(app);
}
