/**
 * The bookings API contract: the booking as the server's routes reply with it and the web app reads it,
 * and the trip lists. Money is integer fen (`…Cents`) with RMB amounts beside it where
 * the API names a plain price (`totalPrice`, `extensionPrice`: stored cents / 100). The checkout's request
 * is in booking-create.ts, the payments' in payments.ts.
 */
import { z } from 'zod';
import { currencySchema } from './common';
import { fxRateSchema } from './fx';
import { BOOKING_STATUSES } from '../booking/state-machine';
import { rescheduleProposalSchema } from './reschedule';
import { bookingReplacementSchema } from './replacements';
import { weatherWarningSchema } from './weather';
import { TEXT_LANGUAGES } from '../guide-texts';
import { bookingFamilyFields } from './booking-family';

/** The language a person's text is written in (decision 146), as its `lang` attribute names it. */
const textLanguageSchema = z.enum(TEXT_LANGUAGES);

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

export { meetingCoords, meetingCoordsSchema, postalCodeSchema } from './meeting-place';

// ---------------------------------------------------------------- booking view

export const bookingPaymentSchema = z.object({
  id: z.number().int(),
  /** deposit (online at checkout), extension, final_payment (in person, with a proof). */
  kind: z.enum(['deposit', 'extension', 'final_payment', 'change']),
  method: z.enum(['card', 'alipay', 'wechat', 'cash']),
  provider: z.string(),
  status: z.enum(['processing', 'pending', 'succeeded', 'failed', 'refunded', 'partially_refunded']),
  /** In `currency`, which may differ from the booking's (decision 164). */
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: currencySchema,
  /** Last four card digits; nothing more of a card is ever stored. */
  last4: z.string().nullable(),
  proofUploadedByTraveler: z.boolean(),
  verifiedByGuide: z.boolean(),
  createdAt: z.string(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

export const bookingPartySchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
});

/** One day of a booking (decision 154): its date in the guide's zone and its hours. */
export const tourDaySchema = z.object({ date: z.string(), startsAt: z.string(), endsAt: z.string() });

/** Booking, plus what both trip lists and the checkout need. */
export const bookingSchema = z.object({
  id: z.number().int(),
  bookingNumber: z.string(),
  guideId: z.number().int(),
  guide: bookingPartySchema.extend({ userId: z.number().int(), serviceCity: z.string(), timeZone: z.string() }),
  /**
   * `nameLanguage`: the language the name is written in, told by its script and the traveler's account language
   * (decision 175).
   */
  traveler: bookingPartySchema.extend({ nameLanguage: textLanguageSchema.optional() }),
  /**
   * The traveler's verified phone number, for the guide only and only on the trip day of a booked trip
   * (from 00:00 of its day until it is over, as "Help now"); otherwise null (decision 147).
   */
  travelerPhone: z.string().nullable(),
  /**
   * A booking sold by a reseller through OCTO (decision 202): the reseller's name, and the traveler's contact as it
   * passed it, which the guide reaches them by instead of the chat; null for a booking made on our site.
   */
  reseller: z
    .object({
      name: z.string(),
      contact: z.object({
        fullName: z.string().nullable(),
        emailAddress: z.string().nullable(),
        phoneNumber: z.string().nullable(),
        locales: z.array(z.string()),
      }),
    })
    .nullable(),
  /**
   * The tour's date and start time in the guide's time zone: day 1's. The other days of several days
   * start at their own times in `schedule` (day 1 later than they after a same-day replacement, decision 140 amended).
   */
  date: z.string(),
  scheduledStartTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Hours (of one day, for several days; decision 154). */
  duration: z.number(),
  /** Consecutive days with the guide (decision 154); 1 for a tour of hours. Always sent by the server. */
  days: z.number().int().optional(),
  /**
   * Each day of the tour in order, in the guide's zone and as UTC instants; one entry for a tour of hours. Always sent
   * by the server.
   */
  schedule: z.array(tourDaySchema).optional(),
  /**
   * The tour day (1..days) it is now in the guide's zone: 1 before the first date, the last after the
   * last (decision 155). What an extension lengthens and the on-tour cards show. Always sent by the server.
   */
  currentDay: z.number().int().optional(),
  /** Everyone on the tour, infants included (decision 152): adults + children + infants. */
  travelers: z.number().int(),
  adults: z.number().int(),
  /** Aged 3–11. */
  children: z.number().int(),
  /** Under 3. */
  infants: z.number().int(),
  /**
   * The price as charged, in lines that add up to the guide's price (total + credit): the quote's
   * kinds, people and labels (decision 152; the label in the reader's language: the app's stored
   * choice, else Accept-Language, else English). A booking made before the lines, or whose guide was
   * replaced, has one base line.
   */
  lines: z.array(
    z.object({
      kind: z.enum(['base', 'extra_adults', 'children', 'infants']),
      people: z.number().int(),
      amountCents: z.number().int(),
      label: z.string(),
    }),
  ),
  /**
   * The guide's declared overtime rate an hour frozen at booking (decision 152), else null: extensions then cost the
   * hourly average.
   */
  overtimeRateCents: z.number().int().nullable(),
  subcategory: z
    .object({ id: z.number().int(), nameEn: z.string(), nameCn: z.string(), nameJa: z.string() })
    .nullable(),
  /** Total in RMB (totalPriceCents / 100). */
  totalPrice: z.number(),
  totalPriceCents: z.number().int(),
  unitPriceCents: z.number().int(),
  additionalPerPersonCents: z.number().int(),
  depositCents: z.number().int(),
  /** Paid in person to the guide. */
  balanceCents: z.number().int(),
  /** The guide's currency: every amount above is in it (decision 164). */
  currency: currencySchema,
  /** What the traveler saw and a card is charged in; wallets charge yuan. */
  chargeCurrency: currencySchema,
  /** The deposit in `chargeCurrency`, fixed when the booking was made. */
  chargeDepositCents: z.number().int(),
  /** The rate the booking was priced at (null: made before two currencies, all in yuan). */
  rate: fxRateSchema.nullable(),
  status: bookingStatusSchema,
  travelerConfirmedStart: z.boolean(),
  guideConfirmedStart: z.boolean(),
  travelerConfirmedExtension: z.boolean(),
  extensionCount: z.number().int(),
  /**
   * The confirmed extensions the limit counts now: the current day's on a booking of several days
   * (decision 155), else `extensionCount`. Always sent by the server.
   */
  dayExtensionCount: z.number().int().optional(),
  /** RMB of an extension requested and not yet paid ('Pay Extension (price RMB)'); null otherwise. */
  extensionPrice: z.number().nullable(),
  /**
   * The fee of one extra hour, in fen, as an extension is charged: the overtime rate, else round(totalPrice / duration)
   * RMB (docs/rules/money-and-cancellation.md, decision 152); the dialog's base rate.
   */
  extensionRateCents: z.number().int(),
  /**
   * What the traveler has paid online for extensions, net of refunds (fen): the trip card counts it in the price at
   * once.
   */
  extensionsPaidCents: z.number().int(),
  /** The open extension (requested, paid or approved), or null. */
  extension: z
    .object({
      id: z.number().int(),
      /** The tour day it lengthens (decision 155); 1 for a tour of hours. Always sent by the server. */
      day: z.number().int().optional(),
      hours: z.number(),
      price: z.number(),
      priceCents: z.number().int(),
      status: z.enum(['requested', 'paid', 'approved', 'rejected', 'confirmed', 'withdrawn', 'lapsed']),
      /** When a request still unpaid lapses (its payment window closes); null once paid. */
      payBy: z.string().nullable(),
      /**
       * The traveler's wallet payment of it awaiting their approval, resumed instead of paid again (decision 104); null
       * for the guide.
       */
      openPayment: z
        .object({
          id: z.number().int(),
          method: z.enum(['alipay', 'wechat']),
          amountCents: z.number().int(),
          approvalUrl: z.string(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
  /** When the tour was completed (ISO 8601), else null. */
  completedAt: z.string().nullable(),
  payments: z.array(bookingPaymentSchema),
  meetingAddress: z.string().nullable(),
  meetingPostalCode: z.string().nullable(),
  /** The meeting point's coordinates when it was chosen from the list (decision 094), for the map link. */
  meetingLat: z.number().nullable().optional(),
  meetingLng: z.number().nullable().optional(),
  notes: z.string().nullable(),
  /**
   * The languages `meetingAddress` and `notes` are written in, told by their script and their writer's
   * account language (decision 146): the traveler's, or the guide's for a booking from her offer. The
   * web app marks each text with it (`lang`, decision 175). Absent without a text, and in the replies of
   * a checkout and of its payment, which do not read the accounts' languages.
   */
  meetingAddressLanguage: textLanguageSchema.optional(),
  notesLanguage: textLanguageSchema.optional(),
  /**
   * The guide's view only (absent for the traveler): what she receives for the tour in the booking's
   * currency, which her earnings are paid in (decision 175). Before completion, what the traveler pays
   * her in person plus what the completion will post to her wallet for the deposit, the confirmed
   * extensions, a replacement's cover and a spent credit, less the commission (`guideNetCents`); once
   * completed, what was posted, dispute adjustments included. Null while it is not settled that the tour
   * is hers to give (cancelled, disputed, awaiting a replacement).
   */
  guideNetCents: z.number().int().nullable().optional(),
  /** pending: when the unpaid booking expires. */
  paymentDueAt: z.string().nullable(),
  /** confirmed: when the request expires unless the guide answers. */
  respondBy: z.string().nullable(),
  cancelledBy: z.enum(['traveler', 'guide', 'system']).nullable(),
  cancelReason: z.string().nullable(),
  /** The guide's offer it was booked from (decision 078), else null. */
  offerId: z.number().int().nullable(),
  /** Made while the guide took instant bookings: its deposit confirms it at once, no answer awaited (decision 153). */
  instantBook: z.boolean(),
  /** The events the caller may fire now (shared state machine): what the web app offers. */
  actions: z.array(z.string()),
  /** The caller may propose a new time now (decision 079; kept out of `actions`, whose lists clients match exactly). */
  reschedulable: z.boolean().optional(),
  /**
   * The latest reschedule proposal (open, or how the last one ended), or null (decision 079); always sent by the
   * server.
   */
  reschedule: rescheduleProposalSchema.nullable().optional(),
  /**
   * A trip change the traveler asked and paid that waits for the guide's answer (decision 177), with its
   * id and until when she can answer; else null. Sent with the booking's lists, so the guide's "needs
   * your attention" list names it (decision 195). Always sent by the server.
   */
  changeRequest: z.object({ id: z.number().int(), answerBy: z.string().nullable() }).nullable().optional(),
  /**
   * The JMA warning in force for the tour's area at the latest check (18:00 Japan time the day before,
   * again at the start), or null: while set, the traveler may cancel with everything paid online back
   * or reschedule free, the guide may cancel without penalty (decision 093). Always sent by the server.
   */
  weather: weatherWarningSchema.nullable().optional(),
  /**
   * The guide cancelled and a replacement is being chosen or asked (decision 137), else null. Always sent by the
   * server.
   */
  replacement: bookingReplacementSchema.nullable().optional(),
  /**
   * From when the caller may report that the other side did not come (decision 138), while that report
   * is possible (the other side has not confirmed the start); null otherwise. Always sent by the server.
   */
  noShowReportableFrom: z.string().nullable().optional(),
  /**
   * What of the deposit paid the caller's no-show report would give back to the traveler, fen: the whole
   * deposit for a guide absent on the first day, the shares of the days not given on a later day of
   * several days (decision 158), 0 for a traveler absent. Null while `noShowReportableFrom` is. Always
   * sent by the server.
   */
  noShowRefundCents: z.number().int().nullable().optional(),
  /**
   * A travel credit spent on this booking, taken off the total (decision 139), fen; 0 without. Always sent by the
   * server.
   */
  creditCents: z.number().int().optional(),
  /**
   * The credit this booking's end gave the traveler for their next booking (decision 139), else null. Always sent by
   * the server.
   */
  creditIssued: z
    .object({ amountCents: z.number().int(), expiresAt: z.string(), spent: z.boolean() })
    .nullable()
    .optional(),
  /** When the deposit was paid (its success), else null. Always sent by the server. */
  depositPaidAt: z.string().nullable().optional(),
  /**
   * What the payments made online (deposit, extensions) still stand for, in the booking's currency: less
   * what was refunded of them (decision 179). Always sent by the server.
   */
  paidOnlineCents: z.number().int().optional(),
  /**
   * The statement's online part (decision 193), summed per currency paid, in the order first paid: every online
   * payment (the deposit, trip changes, extensions) and every refund of one, a rejected extension's included. The trip
   * card reads these; the booking PDF sums the reply's payments with the same `onlineMoney`. Always sent by the server.
   */
  paidOnline: z.array(z.object({ currency: currencySchema, cents: z.number().int() })).optional(),
  refundedOnline: z.array(z.object({ currency: currencySchema, cents: z.number().int() })).optional(),
  /**
   * Left to pay the guide in person, in the booking's currency (the guide's, decision 164): the total less
   * the deposit, 0 once cancelled or once the traveler reported paying it (decision 062). Always sent by the server.
   */
  dueInPersonCents: z.number().int().optional(),
  /**
   * The same in `chargeCurrency` at the booking's rate, as the checkout showed it; null when that is the booking's own.
   * Always sent by the server.
   */
  dueInPersonChargeCents: z.number().int().nullable().optional(),
  /**
   * When it is paid (decision 179): a share each tour day, handed to the guide that day (one entry for a
   * tour of hours); the shares add up to `dueInPersonCents` (and `dueInPersonChargeCents`). Empty when
   * nothing is owed. Always sent by the server.
   */
  dueInPersonOn: z
    .array(
      z.object({
        day: z.number().int(),
        date: z.string(),
        cents: z.number().int(),
        chargeCents: z.number().int().nullable(),
      }),
    )
    .optional(),
  createdAt: z.string(),
  ...bookingFamilyFields,
});
export type Booking = z.infer<typeof bookingSchema>;

export const tripTabSchema = z.enum(['pending-requests', 'upcoming', 'ongoing', 'past']);

/** GET /api/v2/bookings-new/traveler/{userId} and …/guide/{userId}. */
export const bookingListQuerySchema = z.object({ tab: tripTabSchema.optional() });
export const bookingListReplySchema = z.object({
  data: z.array(bookingSchema),
  /** Bookings per trips tab (sidebar counts). */
  counts: z.object({
    'pending-requests': z.number().int(),
    upcoming: z.number().int(),
    ongoing: z.number().int(),
    past: z.number().int(),
  }),
});
export type BookingListReply = z.infer<typeof bookingListReplySchema>;
