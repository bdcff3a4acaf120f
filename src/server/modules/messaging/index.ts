import type { AppInstance } from '../../lib/types';
import { messagingRoutes } from './messaging.routes';
import { MessagingService, type CreateBooking } from './messaging.service';

export { MessagingService } from './messaging.service';
export type { AttachToMessage, OfferReader, RequestOffer } from './message-offers';

declare module 'fastify' {
  interface FastifyInstance {
    messaging: MessagingService;
  }
}

/**
 * Chat between travelers and guides (issue 10). Needs `app.realtime` and `app.notifications`; a tour
 * request accepted by the guide becomes a pending booking through `app.bookings.create` when the
 * bookings module is registered.
 */
export function registerMessaging(app: AppInstance): void {
  const bookings = (app as unknown as { bookings?: { create?: CreateBooking } }).bookings;
  const createBooking: CreateBooking | undefined = bookings?.create ? (user, body) => bookings.create!.call(bookings, user, body) : undefined;
  const service = new MessagingService({ db: app.ctx.database.db, realtime: app.realtime, notifications: app.notifications, createBooking, jobs: app.jobs, log: app.log });
  app.decorate('messaging', service);
  messagingRoutes(app, service);
}
export { responsivenessByGuide } from './responsiveness.repository';
