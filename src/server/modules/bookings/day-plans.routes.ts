import { z } from 'zod';
import { dayPlansBodySchema } from '../../../shared/schemas/booking-family';
import { bookingSchema } from '../../../shared/schemas/bookings';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { readerLocale } from '../../lib/request-language';
import { currentUser } from '../auth/index';
import type { BookingDayPlans } from './changes/booking-day-plans';

const bearer = [{ bearerAuth: [] }];

/**
 * The plan for each day agreed after the checkout (decision 178): the booking's traveler and guide only; 404 for anyone
 * else.
 */
export function dayPlansRoutes(app: AppInstance, plans: BookingDayPlans): void {
  app.put(
    '/api/v2/bookings/:id/day-plans',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          "Agree the plan for each day (decision 178): the plans as they now stand, each day's place, time to meet and a short plan (a day not named has none; day 1 without a place is met at the booking's). Either side, until the booking is over: 409 booking_closed once completed, cancelled or disputed. The chat carries a line about what changed and the other side is told",
        security: bearer,
        params: z.object({ id: idParam }),
        body: dayPlansBodySchema,
        response: { 200: bookingSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => plans.update(currentUser(request), request.params.id, request.body, readerLocale(request)),
  );
}
