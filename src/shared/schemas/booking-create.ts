/**
 * POST /api/v2/bookings: the checkout's body, or a guide's offer alone, and the rules that check it; apart from
 * bookings.ts, which holds the booking the server replies with.
 */
import { z } from 'zod';
import { calendarDateSchema, currencySchema } from './common';
import { checkoutGroup } from '../booking/checkout-group';
import { MAX_BOOKING_DAYS } from '../booking/tour-days';
import { meetingCoordsSchema, postalCodeSchema, timeOfDaySchema } from './meeting-place';
import { familyBodyFields, familyBodyRefinement } from './booking-family';

const positiveId = z.number().int().positive().max(2_147_483_647);
/** Hours on the half-hour grid: 0.5, 1, 1.5 … */
const hours = z.number().multipleOf(0.5).min(0.5).max(24);

const timeOfDay = timeOfDaySchema;

/**
 * POST /api/v2/bookings. The price is not part of the request: the server computes it from the
 * guide's rates (decision 040); unknown fields such as a client's `totalPrice` are dropped. A tour of
 * hours names `startTime` and `durationHours`; a booking of whole days (decision 154) names `days`
 * (1–7) and `dayStartTime`, with `dayHours` defaulting to the guide's day hours.
 */
const createBookingFields = z.object({
  guideId: positiveId,
  /** The tour's date; for several days, the first. */
  date: calendarDateSchema,
  startTime: timeOfDay.optional(),
  durationHours: hours.optional(),
  /** Consecutive days with the guide (decision 154); instead of `startTime`/`durationHours`. */
  days: z.number().int().min(1).max(MAX_BOOKING_DAYS).optional(),
  dayStartTime: timeOfDay.optional(), // each day's start, in the guide's zone
  // Each day's hours: the day rate's, or any length the guide sells (decision 176), which the checkout checks against
  // the guide.
  dayHours: hours.optional(),
  adults: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe('Adults (12 and over); required unless `travelers` is sent (decision 152)'),
  children: z.number().int().min(0).max(50).optional().describe('Children aged 3–11 (default 0)'),
  infants: z.number().int().min(0).max(50).optional().describe('Infants under 3 (default 0)'),
  travelers: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'The body before decision 152: the adults when `adults` is not sent; sent with `adults`, it must be everyone (adults + children + infants)',
    ),
  subcategoryId: positiveId.optional(),
  meetingAddress: z.string().trim().min(1, 'Please provide the meeting address.').max(300).optional(),
  meetingPostalCode: postalCodeSchema.optional(),
  ...meetingCoordsSchema,
  notes: z.string().trim().max(1000).optional(),
  chargeCurrency: currencySchema
    .optional()
    .describe(
      'The currency the traveler saw the price in, which a card is charged in (decision 164); Alipay and WeChat Pay charge yuan. Default CNY',
    ),
  ...familyBodyFields,
});

/** Hours or days, never both (decision 154): each missing or stray field is named. */
function oneLength(b: Partial<z.infer<typeof createBookingFields>>, ctx: z.RefinementCtx) {
  const byDays = b.days !== undefined;
  const fields = [
    ['startTime', !byDays],
    ['durationHours', !byDays],
    ['dayStartTime', byDays],
    ['dayHours', byDays],
  ] as const;
  for (const [path, wanted] of fields) {
    if (wanted && path !== 'dayHours' && b[path] === undefined)
      ctx.addIssue({ code: 'custom', path: [path], message: 'Required' });
    if (!wanted && b[path] !== undefined)
      ctx.addIssue({ code: 'custom', path: [path], message: byDays ? 'not with days' : 'only with days' });
  }
}

export const createBookingBodySchema = createBookingFields.superRefine(oneLength);
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;

/**
 * The route's body: the checkout's fields, or `{ offerId }` alone (decision 078): a booking from a
 * guide's offer takes every other field and the price from the offer, whatever else the body says.
 */
export const createBookingRequestSchema = createBookingFields
  .partial()
  .extend({ offerId: positiveId.optional() })
  .superRefine((b, ctx) => {
    if (b.offerId !== undefined) return;
    const full = createBookingBodySchema.safeParse(b);
    if (!full.success)
      for (const issue of full.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    else {
      // The group (decision 152): adults, or the body before them with travelers; both only when they agree.
      const group = checkoutGroup(full.data);
      if (typeof group === 'string')
        ctx.addIssue({ code: 'custom', path: [b.adults === undefined ? 'adults' : 'travelers'], message: group });
      else familyBodyRefinement(full.data, group, ctx);
    }
  });
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;
