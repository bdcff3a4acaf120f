import { z } from 'zod';
import { bookingStatusSchema } from './bookings';
import { currencySchema } from './common';
import { totalUnreadSchema } from './messaging';
import { TEXT_LANGUAGES } from '../guide-texts';

const textLanguageSchema = z.enum(TEXT_LANGUAGES);

/** How many paid requests and published reviews the overview lists (the counts cover all of them). */
export const OVERVIEW_REQUESTS_SHOWN = 3;
export const OVERVIEW_REVIEWS_SHOWN = 3;

/** Statuses of an accepted tour: what "this week's tours" lists (done tours of the week included). */
export const OVERVIEW_TOUR_STATUSES = [
  'upcoming',
  'awaiting_start',
  'start_confirmed',
  'ongoing',
  'extend_requested',
  'extend_confirmed',
  'completed',
] as const;

const tourSchema = z.object({
  id: z.number().int(),
  bookingNumber: z.string(),
  status: bookingStatusSchema,
  /** The tour's date and start time in the guide's zone (as the booking froze them). */
  date: z.string(),
  scheduledStartTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Hours (of each day, for several days). */
  duration: z.number(),
  /** Consecutive days (decision 154); always sent by the server. */
  days: z.number().int().optional(),
  travelers: z.number().int(),
  /** In the minor unit of `currency`, the booking's (the guide's when it was made, decision 164). */
  totalPriceCents: z.number().int(),
  currency: currencySchema,
  /** What the guide receives for it in `currency`: her booking's `guideNetCents` (decision 175). */
  guideNetCents: z.number().int().nullable(),
  /**
   * `nameLanguage`: the language the name is written in (its script and the traveler's account language, decision 175).
   */
  traveler: z.object({
    id: z.number().int(),
    fullName: z.string(),
    profilePicture: z.string().nullable(),
    nameLanguage: textLanguageSchema,
  }),
});
export type OverviewTour = z.infer<typeof tourSchema>;

/**
 * GET /api/v2/guides/me/overview: what /guide shows (Guide landing). Periods are the guide's
 * zone at the server's clock; money is integer minor units from the ledgers (decisions 061, 067), each
 * tour's in its booking's currency and the earnings in the guide's (decision 164).
 */
export const guideOverviewSchema = z.object({
  guide: z.object({ id: z.number().int(), fullName: z.string(), timeZone: z.string() }),
  /** Today in the guide's zone (yyyy-mm-dd). */
  today: z.string(),
  week: z.object({
    /** Monday and Sunday of the current week in the guide's zone (yyyy-mm-dd). */
    start: z.string(),
    end: z.string(),
    /** Accepted tours starting this week, soonest first. */
    tours: z.array(tourSchema),
  }),
  unread: totalUnreadSchema,
  earnings: z.object({
    /** The guide's currency: the periods sum her account's postings in it (decision 164). */
    currency: currencySchema,
    /**
     * Net postings to the guide's account (earnings at completion, kept cancellation fees, dispute
     * adjustments) whose time — the completion for earnings — falls in today, this month and this
     * year in the guide's zone; `totalCents` is all of them (the wallet's total).
     */
    todayCents: z.number().int(),
    monthCents: z.number().int(),
    yearCents: z.number().int(),
    totalCents: z.number().int(),
    /** From the wallet: still within the five working days, and what may be withdrawn now. */
    pendingCents: z.number().int(),
    withdrawableCents: z.number().int(),
    nextAvailableAt: z.string().nullable(),
    /**
     * What she collected in person (a completed tour's total less its deposit) for the tours completed in
     * each period, in `currency`; never in the wallet. Her earnings in all are each period's posting plus
     * this (decision 196).
     */
    inPerson: z.object({
      todayCents: z.number().int(),
      monthCents: z.number().int(),
      yearCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  }),
  requests: z.object({
    /** Paid requests waiting for the guide's answer. */
    count: z.number().int(),
    /** The most urgent few (answer-by first). */
    items: z.array(tourSchema.extend({ respondBy: z.string().nullable() })),
  }),
  ratings: z.object({
    /** Average of published traveler reviews (0 when none) and their count. */
    average: z.number(),
    count: z.number().int(),
    reviews: z.array(
      z.object({
        id: z.number().int(),
        rating: z.number().int(),
        content: z.string(),
        /**
         * The languages of the review and of the reviewer's name (their script and the reviewer's account language,
         * decisions 146, 175).
         */
        contentLanguage: textLanguageSchema,
        reviewerFirstName: z.string(),
        reviewerNameLanguage: textLanguageSchema,
        reviewerPicture: z.string().nullable(),
        publishedAt: z.string(),
      }),
    ),
  }),
});
export type GuideOverview = z.infer<typeof guideOverviewSchema>;
