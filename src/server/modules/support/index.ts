import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import type { Translations } from '../translation/index';
import { supportRoutes } from './support.routes';
import {
  runOverdueCheck,
  scheduleOverdueCheck,
  SUPPORT_OVERDUE_JOB,
  type AdminNotifier,
  type SupportDeps,
} from './urgent';

export { SUPPORT_OVERDUE_JOB } from './urgent';
export { adminIds } from './urgent.repository';

/**
 * What the support inbox is built from (compose.ts): the job table for reply deadlines, admin notices, and machine
 * translation for the team.
 */
export interface SupportNeeds {
  jobs: JobRunner;
  notifications: AdminNotifier;
  now: () => Date;
  translations: Translations;
}

/** The support inbox and the public config the support widget reads. */
export function registerSupport(app: AppInstance, needs: SupportNeeds): void {
  const windows = app.ctx.config.supportReply;
  const deps: SupportDeps = {
    db: app.ctx.database.db,
    now: needs.now,
    windows,
    scheduleOverdueCheck: scheduleOverdueCheck(windows),
    translations: needs.translations,
  };
  needs.jobs.register(SUPPORT_OVERDUE_JOB, (job, now) => runOverdueCheck(deps.db, needs.notifications, job, now));
  supportRoutes(app, deps);
}
