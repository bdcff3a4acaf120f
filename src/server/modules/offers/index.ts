import type { AppInstance } from '../../lib/types';
import { guideForBooking } from '../bookings/index';
import { offersRoutes } from './offers.routes';
import { OffersService } from './offers.service';

export { OffersService } from './offers.service';

declare module 'fastify' {
  interface FastifyInstance {
    offers: OffersService;
  }
}

/**
 * Offers (issue 22, decision 078). Registered after bookings and messaging: it gives bookings the
 * terms of an offer being booked and messaging the offers its messages carry, and it re-sends an
 * offer's card to both sides when a booking made from it changes. Neither imports this module.
 */
export function registerOffers(app: AppInstance): void {
  const bookings = app.bookings;
  const service = new OffersService({
    db: app.ctx.database.db,
    messaging: app.messaging,
    guideForBooking,
    rates: () => bookings.rates,
    notify: (notices) => app.notifications.create(notices),
  });
  service.now = () => bookings.now();
  bookings.fromOffer.use((db, traveler, offerId, now) => service.termsForBooking(db, traveler, offerId, now));
  app.messaging.useOffers({ byMessage: (ids) => service.byMessage(ids), byRequest: (ids) => service.byRequest(ids) });
  // A booking its event says is not from an offer (`fromOffer: false`) has no offer card to refresh.
  const refresh = (p: { bookingId: number; fromOffer?: boolean }) => (p.fromOffer === false ? undefined : service.bookingChanged(p.bookingId));
  for (const name of ['booking.created', 'booking.paid', 'booking.cancelled', 'booking.accepted'] as const) bookings.events.on(name, refresh);
  app.decorate('offers', service);
  offersRoutes(app, service);
}
