import type { AppInstance } from '../../lib/types';
import type { GuideSearch } from '../guides/index';
import { guideBusinessRoutes } from './guide-business.routes';
import { GuideBusinessService } from './guide-business.service';
import { guideProfileRoutes } from './profile.routes';
import { GuideProfileService } from './profile.service';

export { GuideBusinessService } from './guide-business.service';

/** What the guide's business is built from (compose.ts): the search index every write waits for. */
export interface GuideBusinessNeeds {
  guideSearch: Pick<GuideSearch, 'sync'>;
}

/** The guide's availability, rates and services, profile and itineraries, and the iCal feed. */
export function registerGuideBusiness(app: AppInstance, { guideSearch }: GuideBusinessNeeds): void {
  const service = new GuideBusinessService(app.ctx.database.db, guideSearch, app.ctx.jwtSecret, app.ctx.config.appUrl);
  guideBusinessRoutes(app, service);
  guideProfileRoutes(app, new GuideProfileService(app.ctx.database.db, guideSearch));
}
