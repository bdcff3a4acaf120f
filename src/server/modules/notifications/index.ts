import type { AppInstance } from '../../lib/types';
import { subscribeToBookings, type BookingEventSource } from './booking-events';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';

export { NotificationsService, toSystemMessage, type CreateSystemMessage } from './notifications.service';
export { dayText, texts as notificationTexts } from './templates';

declare module 'fastify' {
  interface FastifyInstance {
    /** System messages: `app.notifications.create([...])` from any module's events. */
    notifications: NotificationsService;
  }
}

/**
 * The notification centre (SPEC §7 System messages) and notification settings. Needs `app.realtime`
 * and `app.mailer`; when the bookings module is registered, subscribes to its events seam.
 */
export function registerNotifications(app: AppInstance): void {
  const service = new NotificationsService({ db: app.ctx.database.db, realtime: app.realtime, mailer: app.mailer, appUrl: app.ctx.config.appUrl, log: app.log });
  app.decorate('notifications', service);
  const bookings = (app as unknown as { bookings?: { events?: BookingEventSource } }).bookings;
  if (bookings?.events) {
    const off = subscribeToBookings(bookings.events, service);
    app.addHook('onClose', async () => off());
  }
  notificationsRoutes(app, service);
}
