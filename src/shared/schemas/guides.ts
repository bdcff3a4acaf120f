import { z } from 'zod';
import { LICENCE_KINDS } from '../licences';
import { guideLicenceSchema } from './licences';
import { currencySchema } from './common';
import { LISTING_REQUIREMENTS } from '../listing';
import { cardGroupQuoteSchema, cardQuoteRefusalSchema } from './card-quote';
import { TEXT_LANGUAGES } from '../guide-texts';
import { RESPONSIVENESS_MIN_REQUESTS, RESPONSIVENESS_WINDOW_DAYS } from '../responsiveness';
import { shopStopSchema } from './shop-stops';
import { guideExtraSchema } from './guide-business';
import { PROFILE_GALLERY_PHOTOS, reviewPhotoSchema, reviewTrustFields } from './reviews';
import { machineTranslationSchema, translationStateSchema } from './translation';

/** The language a guide text is in: zh, en or ja (decision 070). */
export const textLanguageSchema = z.enum(TEXT_LANGUAGES);
/**
 * `lang`: the reader's language for guide texts (en, zh, zh-CN, ja); without it the Accept-Language
 * header decides, else English (decision 070).
 */
export const readerLangSchema = z
  .enum(['en', 'zh', 'zh-CN', 'ja'])
  .optional()
  .describe('Reader language for guide texts (default: Accept-Language, else en)');

export const guideServiceSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  nameEn: z.string(),
  nameCn: z.string(),
  nameJa: z.string(),
  /** This service's price per hour per person in cents (the basic price unless the guide set one). */
  priceCents: z.number().int(),
});
export type GuideService = z.infer<typeof guideServiceSchema>;

export const guideUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
});

/** How quickly a guide answers travelers, over the last 30 days (decision 077). */
export const responsivenessSchema = z
  .object({
    rate: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .describe('Percent of requests answered within 24 hours (rounded down); null while new'),
    typicalMinutes: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe('Median minutes to the first answer; null while new or when none was answered'),
    isNew: z
      .boolean()
      .describe(
        `Fewer than ${RESPONSIVENESS_MIN_REQUESTS} requests in the last ${RESPONSIVENESS_WINDOW_DAYS} days: no figures yet`,
      ),
  })
  .describe(`Response rate and typical response time over the last ${RESPONSIVENESS_WINDOW_DAYS} days`);

/** A guide's record on the profile (decision 134). */
export const trackRecordSchema = z.object({
  completedTours: z.number().int().describe('Bookings completed on this platform'),
  guideCancellations12Months: z.number().int().describe('Bookings the guide cancelled in the last 12 months'),
  photos: z
    .array(reviewPhotoSchema.extend({ reviewId: z.number().int(), reviewerName: z.string() }))
    .describe(`The latest photos of published reviews (at most ${PROFILE_GALLERY_PHOTOS})`),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

/** A guide as cards show it (search results, saved guides). */
export const guideSummarySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  user: guideUserSchema,
  serviceCity: z.string(),
  /** In the reader's language when the guide wrote it, otherwise the original (see bioLanguage). */
  bio: z.string(),
  /** The language `bio` is written in; differs from the reader's when no version exists in theirs. */
  bioLanguage: textLanguageSchema,
  languages: z.array(z.string()),
  services: z.array(guideServiceSchema),
  /** RMB per hour per person (basicPricePerHourCents / 100). */
  hourlyRate: z.number(),
  basicPricePerHourCents: z.number().int(),
  additionalPricePerPersonCents: z.number().int(),
  currency: currencySchema,
  rating: z.number(),
  reviewCount: z.number().int(),
  minPeople: z.number().int(),
  maxPeople: z.number().int(),
  minDuration: z.number().int(),
  maxDuration: z.number().int(),
  /** How the group is priced (decision 151): the rates' group fields, as the quote prices with them. */
  groupPricing: z.object({
    includedPeople: z.number().int(),
    childPriceRate: z.number(),
    infantsFree: z.boolean(),
    dayRateCents: z.number().int().nullable(),
    dayHours: z.number().int(),
  }),
  timeZone: z.string(),
  /** A paid booking is confirmed at once (on and not paused; decision 153). */
  instantBook: z.boolean(),
  /** No tour starts sooner than this many hours after it is booked (decision 153). */
  minNoticeHours: z.number().int(),
  /** Whether the signed-in caller has saved this guide (false for visitors). */
  isSaved: z.boolean(),
  /** Search cards when the search names a group: the searched trip's price (decisions 151, 176). */
  groupQuote: cardGroupQuoteSchema.optional(),
  /** Search cards: why the searched length has no price with this guide (decision 176). */
  groupQuoteRefusal: cardQuoteRefusalSchema.optional(),
  /** Search cards: as of at most a few minutes ago; profile and saved guides: as of the request. */
  responsiveness: responsivenessSchema,
  /** The verified licence (the "Licensed Guide Interpreter" badge), null when none (decision 092). */
  licence: guideLicenceSchema,
  /**
   * `bio` by machine translation into the reader's language when the guide wrote none in it and a
   * provider is set (decision 145); `bio` stays the original, in `bioLanguage`.
   */
  bioTranslated: machineTranslationSchema.optional(),
  bioTranslation: translationStateSchema.optional(),
});
export type GuideSummary = z.infer<typeof guideSummarySchema>;

export const weeklySlotSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
});
export const availabilityExceptionSchema = z.object({
  date: z.string(),
  available: z.boolean(),
  startMinute: z.number().int().nullable(),
  endMinute: z.number().int().nullable(),
});

export const itineraryStopSchema = z.object({
  time: z.string(),
  title: z.string(),
  description: z.string(),
  /** Machine translations of the stop (decision 145), as the itinerary's title and summary have. */
  titleTranslated: machineTranslationSchema.optional(),
  descriptionTranslated: machineTranslationSchema.optional(),
});
export const itinerarySummarySchema = z.object({
  id: z.number().int(),
  guideId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  durationHours: z.number().int(),
  /** The language title, summary and stops are in (the reader's, else the original). */
  language: textLanguageSchema,
  /** Title and summary by machine translation when no version is in the reader's language (decision 145). */
  titleTranslated: machineTranslationSchema.optional(),
  summaryTranslated: machineTranslationSchema.optional(),
  /** Why the title's translation is missing, when it is (the summary's follows it). */
  translation: translationStateSchema.optional(),
});
export const itinerarySchema = itinerarySummarySchema.extend({
  stops: z.array(itineraryStopSchema),
  /** The shop stops the guide declared (decision 135): empty when the itinerary has none. */
  shopStops: z.array(shopStopSchema),
  guide: z.object({
    id: z.number().int(),
    fullName: z.string(),
    profilePicture: z.string().nullable(),
    serviceCity: z.string(),
    hourlyRate: z.number(),
    basicPricePerHourCents: z.number().int(),
    currency: currencySchema,
    timeZone: z.string(),
  }),
});
export type Itinerary = z.infer<typeof itinerarySchema>;

/** GET /api/v2/guides/{id}: every Guide field. */
export const guideDetailSchema = guideSummarySchema.extend({
  age: z.number().int().nullable(),
  sex: z.string().nullable(),
  mbti: z.string().nullable(),
  ethicsScore: z.number().int().nullable(),
  ethicsDescription: z.string().nullable(),
  boundaryScore: z.number().int().nullable(),
  boundaryDescription: z.string().nullable(),
  supportiveScore: z.number().int().nullable(),
  supportiveDescription: z.string().nullable(),
  /** The language each description above is in (the reader's when written, else the original). */
  ethicsDescriptionLanguage: textLanguageSchema,
  boundaryDescriptionLanguage: textLanguageSchema,
  supportiveDescriptionLanguage: textLanguageSchema,
  /** Each description by machine translation when none is in the reader's language (decision 145). */
  ethicsDescriptionTranslated: machineTranslationSchema.optional(),
  boundaryDescriptionTranslated: machineTranslationSchema.optional(),
  supportiveDescriptionTranslated: machineTranslationSchema.optional(),
  ethicsDescriptionTranslation: translationStateSchema.optional(),
  boundaryDescriptionTranslation: translationStateSchema.optional(),
  supportiveDescriptionTranslation: translationStateSchema.optional(),
  /** The language the guide first wrote their texts in. */
  originalLanguage: textLanguageSchema,
  occupation: z.string().nullable(),
  qualifications: z.array(z.object({ description: z.string() })),
  experienceMonths: z.number().int(),
  sessionCount: z
    .number()
    .int()
    .describe(
      'Tours guided, self-declared by the guide and not checked; the tours completed on this platform are trackRecord.completedTours',
    ),
  targetGroups: z.array(z.string()),
  status: z.string(),
  itineraries: z.array(itinerarySummarySchema),
  availabilities: z.object({ weekly: z.array(weeklySlotSchema), exceptions: z.array(availabilityExceptionSchema) }),
  /** Published review counts for 1…5 stars (index 0 is 1 star). */
  ratingDistribution: z.array(z.number().int()).length(5),
  /**
   * Listed in search, on the landing page and in the sitemap (decision 091). An unlisted profile stays
   * reachable by its link (bookings, chats) but is not indexed by search engines.
   */
  listed: z.boolean(),
  /** The verified licence as registered, so a traveler can look it up in the prefecture's registry. */
  licenceDetails: z
    .object({
      kind: z.enum(LICENCE_KINDS),
      region: z.string().nullable(),
      registrationNumber: z.string(),
      prefecture: z.string(),
      languages: z.array(z.string()),
    })
    .nullable(),
  /** The guide drives travelers (verified licence and insurance; never charged, costs paid on site). */
  guideDrives: z.boolean(),
  /** What a tour includes or not, declared once by the guide (decision 151). */
  extras: z.array(guideExtraSchema),
  /** What travelers can check before booking (decision 134); response time is `responsiveness`. */
  trackRecord: trackRecordSchema,
});
export type GuideDetail = z.infer<typeof guideDetailSchema>;

/** GET /api/v2/guide/listing-status: what a guide still lacks to be listed (decision 091). */
export const listingStatusSchema = z.object({
  /** In search, on the landing page and in the sitemap now. */
  listed: z.boolean(),
  applicationApproved: z.boolean(),
  identityVerified: z.boolean(),
  /** A bookable day within the next LISTING_WINDOW_DAYS days (weekly hours or extra days). */
  openTimes: z.boolean(),
  /** The listing's own status: 'paused' or 'suspended' hide it whatever else holds; null without one. */
  guideStatus: z.enum(['active', 'paused', 'suspended']).nullable(),
  /** What is still missing, in checklist order. */
  missing: z.array(z.enum(LISTING_REQUIREMENTS)),
});
export type ListingStatus = z.infer<typeof listingStatusSchema>;

const withoutCount = (filter: string) =>
  z.number().int().min(0).optional().describe(`Guides found without the ${filter} filter`);

export const guideListReplySchema = z.object({
  data: z.array(guideSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /**
   * Only when the search found nobody and some filter narrowed it (decision 104): for each active
   * filter, the total the same search has without that one filter (the city is the destination, not
   * a filter). A non-empty result never carries it.
   */
  withoutFilter: z
    .object({
      date: withoutCount('date'),
      travelers: withoutCount('travelers'),
      language: withoutCount('language'),
      services: withoutCount('services'),
      price: withoutCount('price band (minPrice and maxPrice)'),
      licensed: withoutCount('licensed'),
      instantBook: withoutCount('instantBook'),
    })
    .optional()
    .describe('Empty results only: for each active filter, how many guides the search finds without it'),
});
export type GuideListReply = z.infer<typeof guideListReplySchema>;

export const guidePricingSchema = z.object({ subcategoryId: z.number().int(), priceCents: z.number().int() });

export const reviewSchema = z.object({
  id: z.number().int(),
  type: z.enum(['traveler_to_guide', 'guide_to_traveler']),
  rating: z.number().int(),
  content: z.string(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  reviewerName: z.string(),
  reviewerPicture: z.string().nullable(),
  publishedAt: z.string(),
  ...reviewTrustFields,
  /**
   * Machine translation (decision 145) of `content` and of the guide's reply when they are in another
   * language than the reader's (lang, else Accept-Language) and a provider is set; both stay as written.
   */
  contentLanguage: textLanguageSchema.optional(),
  contentTranslated: machineTranslationSchema.optional(),
  contentTranslation: translationStateSchema.optional(),
  replyLanguage: textLanguageSchema.optional(),
  replyTranslated: machineTranslationSchema.optional(),
  replyTranslation: translationStateSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({
  lang: readerLangSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const pagingQuerySchema = (defaultLimit: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(defaultLimit),
  });

/** GET /api/travelers/{id}/saved-guides (Saved guides response). */
export const savedGuidesReplySchema = guideListReplySchema.omit({ withoutFilter: true });
export type SavedGuidesReply = z.infer<typeof savedGuidesReplySchema>;
