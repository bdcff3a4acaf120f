import type { AppInstance } from '../../lib/types';
import { guideBusinessRoutes } from './guide-business.routes';
import { GuideBusinessService } from './guide-business.service';
import { guideProfileRoutes } from './profile.routes';
import { GuideProfileService } from './profile.service';

export { GuideBusinessService } from './guide-business.service';

/** The guide's availability, rates and services, profile and itineraries, and the iCal feed. Needs `app.guideSearch` (guides). */
export function registerGuideBusiness(app: AppInstance): void {
  const service = new GuideBusinessService(app.ctx.database.db, () => app.guideSearch, app.ctx.jwtSecret, app.ctx.config.appUrl);
  guideBusinessRoutes(app, service);
  guideProfileRoutes(app, new GuideProfileService(app.ctx.database.db, () => app.guideSearch));
}
