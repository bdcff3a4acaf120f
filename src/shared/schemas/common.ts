import { z } from 'zod';
import { CURRENCIES } from '../currency';
import { FIRST_CALENDAR_DATE, isCalendarDate, LAST_CALENDAR_DATE } from '../availability';

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds until trying again can succeed (also the Retry-After header): a throttle, a payment in flight. */
  retryAfter: z.number().int().positive().optional(),
  requestId: z.string().optional(),
});

/**
 * The 200 of a route that answers a file or a text document rather than JSON (a PDF, an image, a
 * calendar feed, robots.txt): its Content-Type header names the kind. Fastify sends strings,
 * buffers and streams as they are, so this schema documents the reply without touching it.
 */
export const fileReplySchema = z
  .unknown()
  .meta({ type: 'string', format: 'binary' })
  .describe('The file itself (not JSON): its Content-Type header names the kind');

/** A positive integer id taken from a path segment. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A client's id for a message it sends: the same id from the same sender is one message. */
export const clientMessageIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _');

/**
 * Every calendar date the API takes (a tour's day, an exception, a licence's expiry): a real date,
 * bounded so that no date arithmetic leaves four-digit years (availability.ts); out of range is a 400
 * `validation_failed` naming the field, never a database error.
 */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, `Use a real date written yyyy-mm-dd, from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`)
  .meta({ format: 'date' });

/** A moment (ISO 8601 with its offset) whose date, in UTC, lies in the same accepted calendar. */
export const instantSchema = z.iso.datetime({ offset: true }).refine((v) => {
  const at = new Date(v);
  return !Number.isNaN(at.getTime()) && isCalendarDate(at.toISOString().slice(0, 10));
}, `Use a moment from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`);

/** The currency of an amount (decision 164): every amount beside it is in its minor unit (fen; yen have none). */
export const currencySchema = z.enum(CURRENCIES);
