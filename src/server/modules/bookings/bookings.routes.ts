import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { bookingListQuerySchema, bookingListReplySchema, bookingSchema } from '../../../shared/schemas/bookings';
import { createBookingRequestSchema } from '../../../shared/schemas/booking-create';
import { createPaymentBodySchema, idempotencyKeySchema, paymentReplySchema } from '../../../shared/schemas/payments';
import { slotsQuerySchema, slotsReplySchema } from '../../../shared/schemas/slots';
import {
  cancellationQuoteSchema,
  declineBodySchema,
  ledgerReplySchema,
  statusBodySchema,
  statusReplySchema,
} from '../../../shared/schemas/booking-answers';
import {
  extensionPaymentBodySchema,
  requestExtensionBodySchema,
  requestExtensionReplySchema,
  userTypeBodySchema,
} from '../../../shared/schemas/tour';
import type { AppInstance } from '../../lib/types';
import { currentUser, tokenCaller } from '../auth/index';
import type { BookingsService } from './bookings.service';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });
/** Payment attempts allowed per client address per 10 minutes. */
export const PAYMENT_ATTEMPTS_PER_WINDOW = 30;

/** The bookings' routes, one function per group of them (each under 80 lines), registered in this order. */
export function bookingsRoutes(app: AppInstance, service: BookingsService): void {
  checkoutRoutes(app, service);
  bookingAndPaymentRoutes(app, service);
  answerRoutes(app, service);
  onTourRoutes(app, service);
  extensionAnswerRoutes(app, service);
  bookingListRoutes(app, service);
}

/** The checkout: a guide's free start times and the booking. */
function checkoutRoutes(app: AppInstance, service: BookingsService): void {
  app.get(
    '/api/v2/guides/:id/slots',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['bookings'],
        summary:
          "Bookable start times of a guide on a date, in the guide's time zone (hours, exceptions, bookings with the guide's buffer around them, the guide's minimum notice; decision 153)",
        params: idParams,
        querystring: slotsQuerySchema,
        response: { 200: slotsReplySchema },
      },
    },
    async (request) => service.slots(request.params.id, request.query, request.user),
  );

  app.post(
    '/api/v2/bookings',
    {
      // The token here; the session in the checkout's first statement (decision 149).
      onRequest: app.requireToken,
      schema: {
        tags: ['bookings'],
        summary:
          'Book a guide: a pending booking priced by the server from the guide’s rates (409 slot_unavailable when taken, too_short_notice inside the guide’s notice with the earliest start in fields, buffer_conflict inside the free time around another tour; decision 153). Several days (decision 154): `days` with `dayStartTime` and optional `dayHours`; 409 day_unavailable names each day the guide does not work in `fields`',
        description:
          'Or `{ offerId }` alone: a booking from a guide’s offer, with every other field and the price taken from the offer (decision 078); 409 offer_closed when it is expired, withdrawn, declined or booked. 400 total_too_large when the total passes its currency’s bound (decision 182).',
        security: bearer,
        body: createBookingRequestSchema,
        response: { 201: bookingSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createFrom(tokenCaller(request), request.body)),
  );
}

/** The booking read back by either side, and its payments: the deposit, or the open extension. */
function bookingAndPaymentRoutes(app: AppInstance, service: BookingsService): void {
  app.get(
    '/api/v2/bookings/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'A booking, for its traveler or its guide',
        security: bearer,
        params: idParams,
        response: { 200: bookingSchema },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/bookings/:id/payments',
    {
      // The token here; the session in the claim's lock statement (decision 149).
      onRequest: app.requireToken,
      // Card testing (trying stolen numbers one after another) is guessing: 30 attempts per address per 10 minutes.
      config: { rateLimit: { max: PAYMENT_ATTEMPTS_PER_WINDOW, timeWindow: '10 minutes' } },
      schema: {
        tags: ['payments'],
        summary:
          'Pay the deposit or the open extension (card, Alipay, WeChat Pay) at the server’s price; send an Idempotency-Key header — a retry never charges twice (402 payment_failed)',
        security: bearer,
        params: idParams,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema }),
        body: createPaymentBodySchema,
        response: { 201: paymentReplySchema, 402: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.payments.pay(
            tokenCaller(request),
            request.params.id,
            request.body,
            request.headers['idempotency-key'],
          ),
        ),
  );
}

/** The guide's answer (accept, decline), the cancellation quote and a change of status by either side. */
function answerRoutes(app: AppInstance, service: BookingsService): void {
  app.post(
    '/api/v2/bookings/:id/accept',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The guide accepts a paid request',
        security: bearer,
        params: idParams,
        response: { 200: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request) => service.lifecycle.accept(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/bookings/:id/decline',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The guide declines a paid request with a reason; the deposit is refunded in full',
        security: bearer,
        params: idParams,
        body: declineBodySchema,
        response: { 200: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request) => service.lifecycle.decline(currentUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/v2/bookings/:id/cancellation-quote',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'What cancelling now would refund (by the cancellation tiers) and when the money arrives. On a later day of a booking of several days, while the caller may report the other side absent, what that report would charge (tier missed_day or no_show, decision 158)',
        security: bearer,
        params: idParams,
        response: { 200: cancellationQuoteSchema },
      },
    },
    async (request) => service.lifecycle.quote(currentUser(request), request.params.id),
  );

  app.patch(
    '/api/bookings/:id/status',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'Change a booking’s status through the state machine: cancelled (refund by the tiers, or in full when the guide cancels) or completed (Complete Service; the guide’s earnings become pending; a booking of several days from its last day’s start, before it 409 tour_not_over, decision 155)',
        security: bearer,
        params: idParams,
        body: statusBodySchema,
        response: { 200: statusReplySchema, 409: errorBodySchema },
      },
    },
    async (request) =>
      service.lifecycle.setStatus(currentUser(request), request.params.id, request.body.status, request.body.reason),
  );
}

/** On tour: the start confirmed, an extension asked for and paid. */
function onTourRoutes(app: AppInstance, service: BookingsService): void {
  app.patch(
    '/api/bookings/:id/confirm-start',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'Confirm the start on the tour day (traveler or guide); the reply’s status is ongoing once both confirmed (409 too_early before the day); a booking of several days is confirmed once, on its first day (decision 155)',
        security: bearer,
        params: idParams,
        body: userTypeBodySchema,
        response: { 200: bookingSchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.lifecycle.confirmStart(currentUser(request), request.params.id, request.body.userType),
  );

  app.post(
    '/api/bookings/:id/request-extension',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The traveler asks to extend an ongoing tour by 0.25, 0.5, 1 or 2 h; the server computes the fee (a client price is ignored); at most 2 per booking (409 extension_limit_reached). A booking of several days: the current day is extended (`currentDay`; its `schedule` entry ends later), at most 2 a day, never into the next day’s start (409 extension_into_next_day), decision 155; 400 total_too_large when the tour with its extensions would pass the total’s bound (decision 182)',
        security: bearer,
        params: idParams,
        body: requestExtensionBodySchema,
        response: { 200: requestExtensionReplySchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.extensions.request(currentUser(request), request.params.id, request.body.extensionHours),
  );

  app.patch(
    '/api/bookings/:id/extension-payment',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'Mark the extension paid: transactionData.transactionId is the payment made through POST /api/v2/bookings/{id}/payments {kind: extension}; only a succeeded payment counts',
        security: bearer,
        params: idParams,
        body: extensionPaymentBodySchema,
        response: { 200: bookingSchema, 402: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.extensions.markPaid(currentUser(request), request.params.id, request.body),
  );
}

/** An extension answered by the guide, withdrawn by the traveler, confirmed at its end. */
function extensionAnswerRoutes(app: AppInstance, service: BookingsService): void {
  app.post(
    '/api/v2/bookings/:id/extension/approve',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The guide approves the paid extension',
        security: bearer,
        params: idParams,
        response: { 200: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request) => service.extensions.approve(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/bookings/:id/extension/reject',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The guide rejects the extension; a paid fee is refunded in full and the tour goes on as booked',
        security: bearer,
        params: idParams,
        response: { 200: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request) => service.extensions.reject(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/bookings/:id/extension/withdraw',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The traveler withdraws an extension request not yet paid; the tour goes on as booked and nothing is charged',
        security: bearer,
        params: idParams,
        response: { 200: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request) => service.extensions.withdraw(currentUser(request), request.params.id),
  );

  app.patch(
    '/api/bookings/:id/confirm-extension',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The traveler confirms the approved extension; the reply’s status is ongoing and the tour is longer by it',
        security: bearer,
        params: idParams,
        body: userTypeBodySchema,
        response: { 200: bookingSchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.extensions.confirm(currentUser(request), request.params.id, request.body.userType),
  );
}

/** Each side's list of bookings, and a booking's ledger for the admin. */
function bookingListRoutes(app: AppInstance, service: BookingsService): void {
  app.get(
    '/api/v2/bookings-new/traveler/:userId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: "The caller's trips, with counts per trips tab (only the caller's own user id)",
        security: bearer,
        params: z.object({ userId: idParam }),
        querystring: bookingListQuerySchema,
        response: { 200: bookingListReplySchema },
      },
    },
    async (request) => service.travelerList(currentUser(request), request.params.userId, request.query.tab),
  );

  app.get(
    '/api/v2/bookings-new/guide/:userId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: "The calling guide's requests and tours (paid bookings), with counts per tab",
        security: bearer,
        params: z.object({ userId: idParam }),
        querystring: bookingListQuerySchema,
        response: { 200: bookingListReplySchema },
      },
    },
    async (request) => service.guideList(currentUser(request), request.params.userId, request.query.tab),
  );

  app.get(
    '/api/admin/bookings/:id/ledger',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A booking's ledger entries and balances (admins only)",
        security: bearer,
        params: idParams,
        response: { 200: ledgerReplySchema },
      },
    },
    async (request) => service.ledger(request.params.id),
  );
}
