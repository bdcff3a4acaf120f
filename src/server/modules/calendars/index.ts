import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import type { NotificationsService } from '../notifications/index';
import { calendarsRoutes } from './calendars.routes';
import { CALENDAR_SYNC_JOB, CalendarsService } from './calendars.service';
import { Seal } from '../../lib/seal';

declare module 'fastify' {
  interface FastifyInstance {
    /** A guide's other calendars (decision 200): tests run a round of reads through it. */
    calendars: CalendarsService;
  }
}

/** What the calendars module is built from (compose.ts). */
export interface CalendarsNeeds {
  jobs: JobRunner;
  notices: Pick<NotificationsService, 'enqueueNow'>;
  now: () => Date;
}

/**
 * A guide's other calendars (decisions 199, 200): the routes, and the read of every calendar each
 * CALENDAR_SYNC_MINUTES on the job runner (a round queued by its sweep, once across instances).
 */
export function registerCalendars(app: AppInstance, needs: CalendarsNeeds): CalendarsService {
  const { config, database, jwtSecret } = app.ctx;
  const service = new CalendarsService({
    db: database.db,
    seal: new Seal(jwtSecret, 'calendar-url'),
    allowHosts: config.calendars.allowHosts,
    syncMinutes: config.calendars.syncMinutes,
    appUrl: config.appUrl,
    notices: needs.notices,
    log: app.log,
    now: needs.now,
  });
  needs.jobs.sweep((now) => service.sweep(now));
  needs.jobs.register(CALENDAR_SYNC_JOB, (_job, now) => service.syncDue(now));
  app.decorate('calendars', service);
  calendarsRoutes(app, service);
  return service;
}
