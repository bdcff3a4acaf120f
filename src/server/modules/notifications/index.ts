import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import type { Realtime } from '../../realtime/index';
import type { SmsSender } from '../sms/index';
import { subscribeToBookings, type BookingEventSource } from './booking-events';
import { subscribeToDayPlans } from './day-plan-notices';
import { notificationsRoutes } from './notifications.routes';
import { CHAT_EMAIL_JOB, NOTIFY_JOB, NotificationsService } from './notifications.service';

export {
  CHAT_EMAIL_JOB,
  NOTIFY_JOB,
  NotificationsService,
  toSystemMessage,
  type CreateSystemMessage,
} from './notifications.service';
export { dayText, texts as notificationTexts } from './templates';
export { tripTroubleTexts } from './trip-trouble-texts';
export { japanTime } from './templates';
export type { BookingEventSource } from './booking-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** System messages: `app.notifications.create([...])` from any module's events. */
    notifications: NotificationsService;
  }
}

/** What the notification centre is built from (compose.ts). */
export interface NotificationsNeeds {
  realtime: Realtime;
  /** Its mails and the notices other modules write to the outbox (decision 085). */
  jobs: JobRunner;
  /** Decisions reach an account that has only a phone number by text message. */
  sms: SmsSender;
}

/** The notification centre (System messages) and notification settings. */
export function registerNotifications(app: AppInstance, needs: NotificationsNeeds): NotificationsService {
  const service = new NotificationsService({
    db: app.ctx.database.db,
    realtime: needs.realtime,
    jobs: needs.jobs,
    sms: needs.sms,
    appUrl: app.ctx.config.appUrl,
    log: app.log,
  });
  app.decorate('notifications', service);
  needs.jobs.register(NOTIFY_JOB, (job) => service.runJob(job));
  needs.jobs.register(CHAT_EMAIL_JOB, (job) => service.runJob(job));
  notificationsRoutes(app, service);
  return service;
}

/** The notices of the bookings' events (run by the job runner), until the app closes. */
export function notifyOfBookings(app: AppInstance, events: BookingEventSource, service: NotificationsService): void {
  const off = subscribeToBookings(events, service);
  const offPlans = subscribeToDayPlans(events, service);
  app.addHook('onClose', async () => {
    off();
    offPlans();
  });
}
