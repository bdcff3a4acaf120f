/**
 * The offers contract (decision 078): a guide answers a tour request, or any conversation
 * with a traveler, with priced terms the traveler books in one step. Money is integer fen; extras are
 * whole yen paid on site and never charged online.
 */
import { z } from 'zod';
import { MAX_BOOKING_DAYS } from '../booking/tour-days';
import { MAX_TOTAL } from '../currency';
import { displayText } from '../display-text';
import { MAX_OFFER_VALID_HOURS, OFFER_DECLINE_REASONS, OFFER_STATUSES } from '../offers/offer-rules';
import { calendarDateSchema, clientMessageIdSchema, currencySchema } from './common';
import { fxRateSchema } from './fx';
import { meetingCoordsSchema, postalCodeSchema } from './bookings';
import { shopStopSchema, shopStopsSchema } from './shop-stops';
import { TEXT_LANGUAGES } from '../guide-texts';
import { machineTranslationSchema, translationStateSchema } from './translation';

const positiveId = z.number().int().positive().max(2_147_483_647);
const yen = z.number().int().min(0).max(1_000_000);
const MAX_ANY_TOTAL = Math.max(MAX_TOTAL.CNY, MAX_TOTAL.JPY);

/**
 * Paid on site, never online (decision 092): `transportYen` is the actual cost of getting around
 * (the guide's own fares, fuel, tolls, parking), never a fare for carrying travelers; `ticketsYen`
 * is admission tickets only. Rail, bus and air tickets and lodging are never part of an offer: the
 * traveler buys them directly (Travel Agency Act).
 */
export const offerExtrasSchema = z.object({ mealYen: yen, transportYen: yen, ticketsYen: yen });
export const offerExtrasViewSchema = offerExtrasSchema.extend({ totalYen: z.number().int() });

/** POST /api/v2/conversations/{conversationId}/offers (the conversation's guide). */
export const createOfferBodySchema = z.object({
  /** Idempotency of the chat message that carries the offer: a repeat returns the same offer. */
  clientMessageId: clientMessageIdSchema,
  /** The tour request this answers, when it answers one (its message id in the conversation). */
  requestMessageId: positiveId.optional(),
  date: calendarDateSchema,
  /** On the half hour, like every booking's start. */
  startTime: z.string().regex(/^([01]\d|2[0-3]):(00|30)$/, 'Use a time on the half hour written HH:MM'),
  durationHours: z.number().multipleOf(0.5).min(0.5).max(24),
  /** Consecutive days (decision 154), each of `durationHours` from `startTime`; one when left out. */
  days: z.number().int().min(1).max(MAX_BOOKING_DAYS).optional(),
  travelers: z.number().int().min(1).max(50),
  /**
   * The guide's fee for the whole tour in the guide's currency; at least the floor (half the rate-based
   * price), at most the currency's total bound (decision 182: 400 `total_too_large` past it).
   */
  priceCents: z.number().int().min(100).max(MAX_ANY_TOTAL),
  subcategoryId: positiveId.optional(),
  meetingAddress: z.string().trim().min(1, 'Please provide the meeting address.').max(300),
  meetingPostalCode: postalCodeSchema,
  ...meetingCoordsSchema,
  itinerary: displayText(2000, { multiline: true }).pipe(z.string().min(1)),
  /** Paid on site in yen; defaults to the request's allowances when it answers a request. */
  extras: offerExtrasSchema.optional(),
  /**
   * The guide drives the travelers in their own car (Road Transport Act, 2024 guideline): only a
   * guide with a verified licence and verified insurance (409 licence_required); never charged.
   */
  guideDrives: z.boolean().default(false),
  note: displayText(2000, { multiline: true }).default(''),
  /** Every shop stop of the tour; none is an honest empty list, and a stop not declared here is a dispute reason. */
  shopStops: shopStopsSchema.default([]),
  /** Hours the offer stays open (default 48); it always lapses at the tour's start. */
  validHours: z.number().int().min(1).max(MAX_OFFER_VALID_HOURS).optional(),
});
export type CreateOfferBody = z.infer<typeof createOfferBodySchema>;

/** GET /api/v2/conversations/{conversationId}/offer-quote: the rate-based price and the floor. */
export const offerQuoteQuerySchema = z.object({
  durationHours: z.coerce.number().multipleOf(0.5).min(0.5).max(24),
  /** Consecutive days of `durationHours` (decision 154). */
  days: z.coerce.number().int().min(1).max(MAX_BOOKING_DAYS).optional(),
  travelers: z.coerce.number().int().min(1).max(50),
  subcategoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const offerQuoteSchema = z.object({
  suggestedCents: z.number().int(),
  floorCents: z.number().int(),
  ceilingCents: z.number().int(),
  depositRate: z.number(),
  currency: currencySchema,
});
export type OfferQuote = z.infer<typeof offerQuoteSchema>;

export const declineOfferBodySchema = z.object({ reason: z.enum(OFFER_DECLINE_REASONS).optional() });

export const offerSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  /** The chat message that carries the offer. */
  messageId: z.number().int().nullable(),
  /** The tour request it answers, if any. */
  requestMessageId: z.number().int().nullable(),
  guideId: z.number().int(),
  guideUserId: z.number().int(),
  travelerId: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  /** The tour's date and start in the guide's time zone. */
  date: z.string(),
  startTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  /** The last day's end, for several days. */
  endsAt: z.string(),
  /** Each day's hours. */
  durationHours: z.number(),
  /** Consecutive days (decision 154); always sent by the server. */
  days: z.number().int().optional(),
  travelers: z.number().int(),
  subcategory: z
    .object({ id: z.number().int(), nameEn: z.string(), nameCn: z.string(), nameJa: z.string() })
    .nullable(),
  /** The guide's fee for the tour: what a booking from this offer costs. */
  priceCents: z.number().int(),
  /** The rate-based price of the same tour when the offer was made. */
  suggestedCents: z.number().int(),
  /** Paid online when booking (the usual deposit rule); the rest is paid to the guide in person. */
  depositCents: z.number().int(),
  currency: currencySchema,
  /**
   * The rate the fee was priced at (decision 169): the traveler reads it in their currency at this
   * rate, and the booking made from the offer is fixed at it. Null for an offer made before offers kept one.
   */
  rate: fxRateSchema.nullable(),
  meetingAddress: z.string(),
  meetingPostalCode: z.string(),
  /** The meeting point's coordinates when it was chosen from the list (decision 094). */
  meetingLat: z.number().nullable().optional(),
  meetingLng: z.number().nullable().optional(),
  itinerary: z.string(),
  /**
   * Machine translation (decision 145) of the itinerary for the traveler reading a chat in another
   * language; before a booking is confirmed it is the text with contact details masked that is translated.
   */
  itineraryLanguage: z.enum(TEXT_LANGUAGES).optional(),
  itineraryTranslated: machineTranslationSchema.optional(),
  itineraryTranslation: translationStateSchema.optional(),
  /** The guide drives (no charge; fuel, tolls and parking in the transport line, paid on site). */
  guideDrives: z.boolean(),
  /** The shop stops the guide declared (decision 135): empty when the tour has none. */
  shopStops: z.array(shopStopSchema),
  extras: offerExtrasViewSchema,
  expiresAt: z.string(),
  declineReason: z.enum(OFFER_DECLINE_REASONS).nullable(),
  /** The booking made from it (booked), with its number ("TG0042") and status. */
  booking: z.object({ id: z.number().int(), bookingNumber: z.string(), status: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerReplySchema = z.object({ data: offerSchema });
/** GET /api/me/open-offers: guides' offers waiting for the caller to book or decline, the closest expiry first. */
export const openOffersReplySchema = z.object({ data: z.array(offerSchema) });
export type OpenOffersReply = z.infer<typeof openOffersReplySchema>;
export type OfferReply = z.infer<typeof offerReplySchema>;
