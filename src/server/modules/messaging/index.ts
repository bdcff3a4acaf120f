import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import type { Realtime } from '../../realtime/index';
import type { NotificationsService } from '../notifications/index';
import type { Translations } from '../translation/index';
import type { OfferReader } from './message-offers';
import { messagingRoutes } from './messaging.routes';
import { MessagingService } from './messaging.service';
import { TourRequestsService, type CreateBooking } from './tour-requests.service';

export { MessagingService } from './messaging.service';
export type { CreateBooking } from './tour-requests.service';
export type { AttachToMessage, OfferReader, RequestOffer } from './message-offers';

declare module 'fastify' {
  interface FastifyInstance {
    messaging: MessagingService;
  }
}

/** What the messaging module is built from (compose.ts). */
export interface MessagingNeeds {
  realtime: Realtime;
  jobs: JobRunner;
  notifications: NotificationsService;
  /** A tour request accepted by the guide becomes a pending booking. */
  bookings: CreateBooking;
  /** The offers that messages carry. */
  offers: OfferReader;
  /** Machine translation of the other side's messages into the reader's language (decision 145). */
  translations: Translations;
}

/** Chat between travelers and guides. */
export function registerMessaging(app: AppInstance, needs: MessagingNeeds): MessagingService {
  const service = new MessagingService({ db: app.ctx.database.db, ...needs });
  const tourRequests = new TourRequestsService({ db: app.ctx.database.db, log: app.log, ...needs, chat: service });
  app.decorate('messaging', service);
  messagingRoutes(app, service, tourRequests);
  return service;
}
export { responsivenessByGuide } from './responsiveness.repository';
export { chatOfBookings } from './booking-notes';
