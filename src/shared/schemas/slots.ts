import { z } from 'zod';
import { MAX_BOOKING_DAYS } from '../booking/tour-days';
import { calendarDateSchema } from './common';

/**
 * GET /api/v2/guides/{id}/slots?date=&durationHours=[&days=]. With `days` (decision 154), `durationHours`
 * is each day's length and a start is offered only when every day from `date` offers it.
 */
export const slotsQuerySchema = z.object({
  date: calendarDateSchema,
  durationHours: z.coerce.number().multipleOf(0.5).min(0.5).max(24),
  days: z.coerce.number().int().min(1).max(MAX_BOOKING_DAYS).optional(),
  exceptBooking: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe(
      'A booking of this guide the caller is in (its traveler or its guide; else 404): its own time counts as free, as a new time for it is checked (a reschedule, decision 079)',
    ),
});
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

export const slotSchema = z.object({
  /** Start in the guide's time zone, "09:30". */
  startTime: z.string(),
  /** The same instant in UTC (ISO 8601), for showing the traveler's own time beside it. */
  startsAt: z.string(),
  endsAt: z.string(), // the last day's end, for several days
});

export const slotsReplySchema = z.object({
  guideId: z.number().int(),
  date: z.string(),
  timeZone: z.string(),
  durationHours: z.number(),
  /** The days each start holds (decision 154); 1 without `days`. */
  days: z.number().int().optional(),
  /** Bookings must start at least this many hours from now: the guide's minimum notice (decision 153). */
  leadTimeHours: z.number(),
  /** The free minutes the guide keeps before and after each tour (decision 153). */
  bufferMinutes: z.number().int(),
  /** A booking paid now is confirmed at once, without waiting for the guide (decision 153). */
  instantBook: z.boolean(),
  slots: z.array(slotSchema),
  /**
   * With `days` (decision 176): the dates whose hours offer no start of `durationHours` (a day off, or hours too
   * short).
   */
  closedDays: z.array(z.string()).optional(),
  /**
   * When `date` offers no start (decision 197): the nearest dates, up to three within 14 days either side, whose
   * every day does, in calendar order.
   */
  nearestDates: z.array(z.string()).optional(),
});
export type SlotsReply = z.infer<typeof slotsReplySchema>;
