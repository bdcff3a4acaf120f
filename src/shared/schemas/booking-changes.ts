/**
 * Changing a booked trip (decision 177): the traveler of a paid booking asks for another group or
 * another number of days before the tour starts. The new trip is priced by the rules of the checkout;
 * the deposit's difference is charged now or released under the cancellation tiers. A change that
 * asks more of the guide (more people, more days) waits for the guide's yes unless the guide takes
 * instant bookings; the booking as it was stays valid meanwhile. At most one change is open.
 */
import { z } from 'zod';
import { CANCELLATION_TIERS } from '../booking/cancellation-terms';
import { currencySchema, idParam } from './common';

/**
 * The traveler pays a change's difference within the checkout's payment window, unpaid it lapses and
 * nothing changes; the guide answers within the request's answer window, at most until the tour starts.
 */
export {
  PAYMENT_WINDOW_MINUTES as CHANGE_PAYMENT_MINUTES,
  REQUEST_ANSWER_HOURS as CHANGE_ANSWER_HOURS,
} from '../booking/schedule';

/** `cancelled`: the booking ended while the change was open (decision 194). */
export const CHANGE_STATUSES = [
  'awaiting_payment',
  'requested',
  'applied',
  'declined',
  'withdrawn',
  'lapsed',
  'cancelled',
] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
/** The statuses of a change still open: the booking has at most one. */
export const OPEN_CHANGE_STATUSES = ['awaiting_payment', 'requested'] as const satisfies readonly ChangeStatus[];

/** POST /api/v2/bookings/{id}/changes and its quote: the whole trip as it should become. */
export const changeBodySchema = z
  .object({
    adults: z.coerce.number().int().min(1).max(50),
    children: z.coerce.number().int().min(0).max(50).default(0),
    infants: z.coerce.number().int().min(0).max(50).default(0),
    /** Days with the guide, 1–7: days are added after the last or dropped from the end. */
    days: z.coerce.number().int().min(1).max(7),
  })
  .strict();
export type ChangeBody = z.infer<typeof changeBodySchema>;

export const changeParamsSchema = z.object({ id: idParam, changeId: idParam });

/** A trip as a change reads it: its group, its days and what it costs, in the booking's currency. */
export const changeTripSchema = z.object({
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  days: z.number().int(),
  /** Each day's length in hours (a booking's days are all this long). */
  dayHours: z.number(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  /** What the traveler pays the guide in person: the total less the deposit. */
  inPersonCents: z.number().int(),
  /** The last day's end. */
  endsAt: z.string(),
});
export type ChangeTrip = z.infer<typeof changeTripSchema>;

/** What a change does to the money, in the booking's currency unless named. */
export const changeMoneySchema = z.object({
  currency: currencySchema,
  /** The deposit's difference charged now (0 when nothing is to pay). */
  payNowCents: z.number().int(),
  /** The same in the currency the traveler pays a card in (the booking's rate). */
  payNowChargeCents: z.number().int(),
  chargeCurrency: currencySchema,
  /** Of a smaller deposit: what goes back to the traveler, and what the tiers keep for the guide. */
  refundCents: z.number().int(),
  /**
   * What `refundCents` returns, per currency paid: each payment's share of what it charged, latest payment first, as
   * the refund will return it (decision 193), never that amount converted again. Absent on changes recorded before.
   */
  refunds: z.array(z.object({ currency: currencySchema, cents: z.number().int() })).optional(),
  keptCents: z.number().int(),
  /**
   * The tier the release was measured by (from the first day dropped, else the booking's start); null when nothing is
   * released.
   */
  tier: z.enum(CANCELLATION_TIERS).nullable(),
});
export type ChangeMoney = z.infer<typeof changeMoneySchema>;

/** GET /api/v2/bookings/{id}/changes/quote: the change priced, nothing moved. */
export const changeQuoteSchema = z.object({
  from: changeTripSchema,
  to: changeTripSchema,
  money: changeMoneySchema,
  /** True when the guide must accept it (it asks more of them and they do not take instant bookings). */
  needsGuide: z.boolean(),
});
export type ChangeQuote = z.infer<typeof changeQuoteSchema>;

/** A change as both sides see it. */
export const bookingChangeSchema = changeQuoteSchema.extend({
  id: z.number().int(),
  bookingId: z.number().int(),
  status: z.enum(CHANGE_STATUSES),
  requestedAt: z.string(),
  /** When an open change lapses: unpaid after the payment window, unanswered after the guide's. */
  expiresAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The guide's reason for a decline. */
  declineReason: z.string().nullable(),
});
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** GET /api/v2/bookings/{id}/changes: newest first. */
export const bookingChangesReplySchema = z.object({ changes: z.array(bookingChangeSchema) });

/** POST …/changes/{changeId}/decline: the guide says why. */
export const changeDeclineBodySchema = z.object({ reason: z.string().trim().min(1, 'Say why').max(500) }).strict();
