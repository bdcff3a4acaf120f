import type { FxRate } from '../../../shared/currency';
import type { AppInstance } from '../../lib/types';
import { guideForBooking, type BookingsService } from '../bookings/index';
import type { CreateSystemMessage } from '../notifications/index';
import type { OfferBook } from './offer-book';
import { offersRoutes } from './offers.routes';
import { OffersService, type OfferMessaging } from './offers.service';

export { OfferBook } from './offer-book';
export { offerSentNotice } from './offer-notices';
export { OffersService } from './offers.service';

declare module 'fastify' {
  interface FastifyInstance {
    offers: OffersService;
  }
}

/** What the offers module is built from (compose.ts). */
export interface OffersNeeds {
  /** The offers as they read, which bookings and messaging were given too. */
  book: OfferBook;
  messaging: OfferMessaging;
  /** The bookings' events: a booking made from an offer re-sends the offer's card when it changes. */
  bookingEvents: Pick<BookingsService['events'], 'on'>;
  rates: () => { depositRate: number; commissionRate: number };
  /** Today's rate between yen and yuan (the fx module's): an offer keeps the one it was priced at (decision 169). */
  fx: () => Promise<FxRate>;
  /** The notification centre's create (a declined or withdrawn offer tells the other side). */
  notify: (notices: CreateSystemMessage[]) => Promise<unknown>;
}

/**
 * Offers (decision 078). Bookings read an offer's terms and messaging the offers its
 * messages carry through the OfferBook they were given; this module sends offers through messaging and
 * re-sends an offer's card to both sides when a booking made from it changes.
 */
export function registerOffers(app: AppInstance, needs: OffersNeeds): OffersService {
  const service = new OffersService({
    db: app.ctx.database.db,
    book: needs.book,
    messaging: needs.messaging,
    guideForBooking,
    rates: needs.rates,
    fxRate: needs.fx,
    notify: needs.notify,
  });
  // A booking its event says is not from an offer (`fromOffer: false`) has no offer card to refresh.
  const refresh = (p: { bookingId: number; fromOffer?: boolean }) =>
    p.fromOffer === false ? undefined : service.bookingChanged(p.bookingId);
  for (const name of ['booking.created', 'booking.paid', 'booking.cancelled', 'booking.accepted'] as const)
    needs.bookingEvents.on(name, refresh);
  app.decorate('offers', service);
  offersRoutes(app, service);
  return service;
}
