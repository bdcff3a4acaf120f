import type { AppInstance } from '../../lib/types';
import { subscribeToBookings, type BookingEventSource } from './booking-events';
import { notificationsRoutes } from './notifications.routes';
import { CHAT_EMAIL_JOB, NOTIFY_JOB, NotificationsService } from './notifications.service';

export { CHAT_EMAIL_JOB, NOTIFY_JOB, NotificationsService, toSystemMessage, type CreateSystemMessage } from './notifications.service';
export { dayText, texts as notificationTexts } from './templates';

declare module 'fastify' {
  interface FastifyInstance {
    /** System messages: `app.notifications.create([...])` from any module's events. */
    notifications: NotificationsService;
  }
}

/**
 * The notification centre (SPEC §7 System messages) and notification settings. Needs `app.realtime`
 * and `app.jobs` (its mails and the notices other modules write to the outbox, decision 085); when
 * the bookings module is registered, subscribes to its events seam (run by the job runner).
 */
export function registerNotifications(app: AppInstance): void {
  const service = new NotificationsService({ db: app.ctx.database.db, realtime: app.realtime, jobs: app.jobs, appUrl: app.ctx.config.appUrl, log: app.log });
  app.decorate('notifications', service);
  app.jobs.register(NOTIFY_JOB, (job) => service.runJob(job));
  app.jobs.register(CHAT_EMAIL_JOB, (job) => service.runJob(job));
  const bookings = (app as unknown as { bookings?: { events?: BookingEventSource } }).bookings;
  if (bookings?.events) {
    const off = subscribeToBookings(bookings.events, service);
    app.addHook('onClose', async () => off());
  }
  notificationsRoutes(app, service);
}
