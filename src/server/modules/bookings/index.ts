import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { createPaymentProvider, type PaymentProvider } from '../payments/index';
import type { OfferSource } from './booking/offer-terms';
import type { BookingDeps, Clock, ReceiptIssuing } from './booking/booking-core';
import { labelLinesForReader } from './booking/booking-line-labels';
import { bookingsRoutes } from './bookings.routes';
import { webhookRoutes } from './payment-webhooks.routes';
import { rescheduleRoutes } from './reschedule.routes';
import { dayPlansRoutes } from './day-plans.routes';
import { BookingDayPlans } from './changes/booking-day-plans';
import { changesRoutes } from './changes.routes';
import { CHANGE_LAPSE_JOB } from './changes/booking-changes';
import { tripTroubleRoutes } from './trip-trouble.routes';
import { BookingsService, JOB } from './bookings.service';
import { subscribeTourNotices, type TourNotice } from './lifecycle/tour-notices';

export { guideForBooking } from './booking/bookings.repository';
// Reviews and disputes read bookings and move them only through transitionBooking.
export {
  findBooking,
  guideUserIdOf,
  insertPostings,
  ledgerOf,
  lockBooking,
  transitionBooking,
  type BookingRow,
} from './booking/bookings.repository';
export { factsOf, respondBy } from './booking/booking-view';
export { inReaderLanguage } from './booking/booking-line-labels';
export { replacementCoverCents } from './trouble/replacement.repository';
export { assertBookableDay } from './checkout/booking-offers';
export type { OfferSource, OfferTerms } from './booking/offer-terms';
export type { Clock } from './booking/booking-core';
export { guideBusyCondition, guideBusyRanges, heldRangesSince, travelerBusyCondition } from './booking/busy.repository';
// A guide's other calendars replace their busy times under the checkout's lock (decision 199).
export { lockGuideSchedule } from './booking/bookings.repository';
export { guidesDays } from './booking/schedule.repository';
export { daysPlan, spanSlots } from './booking/tour-span';
export { assertTimeFree } from './booking/time-rules';
export { BookingsService, JOB } from './bookings.service';
// A reseller's booking on account (decision 202): what its ending undoes.
export { undoResellerSale } from './checkout/on-account';
export type { BookingEventMap, BookingEventName } from './booking/events';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bookings and deposits; `bookings.events` is the seam the notification module subscribes to. */
    bookings: BookingsService;
    paymentProvider: PaymentProvider;
  }
}

/** What the bookings module is built from (compose.ts). */
export interface BookingsNeeds {
  jobs: JobRunner;
  clock: Clock;
  offers: OfferSource;
  /** The notification centre's create: start, extension and completion notices to the other side. */
  notify: (notices: TourNotice[]) => Promise<unknown>;
  /** Receipts written where a payment succeeds, credit notes where a refund is recorded (decision 125). */
  receipts: ReceiptIssuing;
  /** Today's rate between yen and yuan, which a new booking is fixed at (the fx module's, decision 164). */
  fx: BookingDeps['fx'];
}

/**
 * Bookings, payments and their scheduled jobs. System messages on accept/decline are not sent here:
 * the notification module subscribes to `bookings.events`
 * ('booking.accepted', 'booking.declined', 'booking.cancelled', …).
 */
export function registerBookings(app: AppInstance, needs: BookingsNeeds): BookingsService {
  const db = app.ctx.database.db;
  const provider = createPaymentProvider(app.ctx.config, app.ctx.jwtSecret, db);
  const { jobs } = needs;
  const service = new BookingsService({
    db,
    provider,
    jobs,
    config: app.ctx.config,
    clock: needs.clock,
    offers: needs.offers,
    receipts: needs.receipts,
    fx: needs.fx,
  });
  service.events.onError = (err) => app.log.error({ err }, 'a booking event listener failed');
  jobs.register(JOB.paymentExpiry, (job, now) => service.lifecycle.expireUnpaid(job, now));
  jobs.register(JOB.paymentHeld, (job, now) => service.lifecycle.heldUnpaid(job, now));
  jobs.register(JOB.requestExpiry, (job, now) => service.lifecycle.expireRequest(job, now));
  jobs.register(JOB.startDay, (job, now) => service.lifecycle.startDay(job, now));
  jobs.register(JOB.tourDay, (job, now) => service.lifecycle.tourDay(job, now));
  jobs.register(JOB.extensionLapse, (job, now) => service.extensions.lapse(job, now));
  jobs.register(JOB.refund, (job) => service.payments.runRefund(job));
  jobs.register(CHANGE_LAPSE_JOB, (job, now) => service.changes.lapse(job, now));
  jobs.register(JOB.rescheduleExpiry, (job, now) => service.reschedule.expire(job, now));
  jobs.register(JOB.replacementLapse, (job, now) => service.lifecycle.lapseReplacement(job, now));
  jobs.register(JOB.replacementAnswer, (job, now) => service.lifecycle.replacementUnanswered(job, now));
  jobs.register(JOB.event, (job) => service.events.dispatch(String(job.payload.name), job.payload.payload));
  jobs.sweep((now) => service.payments.reconcile(now));
  app.decorate('bookings', service);
  app.decorate('paymentProvider', provider);
  subscribeTourNotices(service.events, needs.notify);
  labelLinesForReader(app);
  bookingsRoutes(app, service);
  webhookRoutes(app, service, provider);
  rescheduleRoutes(app, service);
  dayPlansRoutes(app, new BookingDayPlans(service));
  changesRoutes(app, service);
  tripTroubleRoutes(app, service);
  return service;
}
