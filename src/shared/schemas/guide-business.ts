import { z } from 'zod';
import { displayName, displayText } from '../display-text';
import { calendarDateSchema, currencySchema } from './common';
import { shopStopsSchema } from './shop-stops';
import { SERVICE_CITY_SLUGS } from '../cities';
import { TEXT_LANGUAGES } from '../guide-texts';
import { MAX_ANY_PRICE, MIN_HOURLY_PRICE } from '../currency';
import { EXTRA_KINDS } from '../booking/money-rules';

/**
 * The guide's own business settings: weekly hours and exceptions in the guide's zone,
 * rates and services, and the secret calendar feed. Money is integer fen (cents of RMB).
 */

/** Minutes after local midnight: a start is 0–1439, an end 1–1440 (24:00). */
const minute = z.number().int().min(0).max(1440);

export const weeklyRangeSchema = z
  .object({
    weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 Monday … 7 Sunday'),
    startMinute: minute,
    endMinute: minute,
  })
  .strict();

export const availabilityExceptionInputSchema = z
  .object({
    date: calendarDateSchema.describe("A date in the guide's zone"),
    available: z.boolean().describe('false: a day off; true: these hours instead of the weekly ones'),
    startMinute: minute.nullable().default(null),
    endMinute: minute.nullable().default(null),
    note: displayText(200).nullable().default(null),
  })
  .strict();

export const availabilityBodySchema = z
  .object({
    weekly: z.array(weeklyRangeSchema).max(70),
    exceptions: z.array(availabilityExceptionInputSchema).max(400).default([]),
  })
  .strict();
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;

export const availabilityReplySchema = z.object({
  guideId: z.number().int(),
  timeZone: z.string(),
  weekly: z.array(z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() })),
  /** Exceptions from today on (in the guide's zone). */
  exceptions: z.array(
    z.object({
      date: z.string(),
      available: z.boolean(),
      startMinute: z.number().int().nullable(),
      endMinute: z.number().int().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type AvailabilityReply = z.infer<typeof availabilityReplySchema>;

/**
 * Prices: integers in the minor unit of the guide's currency (decision 164), at most the larger
 * currency's ceiling (decision 182, currency.ts MAX_PRICE); the floor and ceiling of each currency are
 * checked with it (`checkPriceBounds` in the guide-business service).
 */
const fen = z.number().int().min(0).max(MAX_ANY_PRICE);
/** An hourly price: at least the lowest floor of any currency (decision 082), the currency's own checked with it. */
const hourlyFen = fen.min(MIN_HOURLY_PRICE.JPY, 'Below the lowest hourly price');

/** One thing a tour includes or not (decision 151). */
export const guideExtraSchema = z
  .object({
    kind: z.enum(EXTRA_KINDS),
    included: z.boolean(),
    priceCents: fen.optional(),
    note: displayText(200).optional(),
  })
  .strict();

/**
 * The group pricing fields (decision 151), each with today's model as its default so a body without
 * them prices as before. The child rate is a whole percent (stored as one).
 */
const groupRatesFields = {
  includedPeople: z.number().int().min(1).max(20).default(1),
  childPriceRate: z
    .number()
    .min(0)
    .max(1)
    .refine((r) => Math.abs(r * 100 - Math.round(r * 100)) < 1e-9, 'Use a whole percent, such as 0.5')
    .default(1),
  infantsFree: z.boolean().default(true),
  dayRateCents: hourlyFen.nullable().default(null),
  dayHours: z.number().int().min(6).max(10).default(8),
  extras: z
    .array(guideExtraSchema)
    .max(EXTRA_KINDS.length + 4)
    .default([]),
};

/**
 * When a guide can be booked (decision 153): instant booking, the minimum notice (0–168 h, a week)
 * and the free time kept around each tour (0–240 min in quarter hours). Defaults as for a new guide.
 */
export const MIN_NOTICE_HOURS_MAX = 168;
export const BUFFER_MINUTES_MAX = 240;
export const BUFFER_MINUTES_STEP = 15;
const bookingRulesFields = {
  instantBook: z.boolean().default(false),
  minNoticeHours: z.number().int().min(0).max(MIN_NOTICE_HOURS_MAX).default(24),
  bufferMinutes: z.number().int().min(0).max(BUFFER_MINUTES_MAX).multipleOf(BUFFER_MINUTES_STEP).default(30),
  /** Sold by resellers through the OCTO API too (decision 201): off unless the guide switches it on. */
  sellsThroughResellers: z.boolean().default(false),
};

export const ratesBodySchema = z
  .object({
    /** What every price in the body is in (decision 164); absent: the guide's currency as it stands. */
    currency: currencySchema.optional(),
    basicPricePerHourCents: hourlyFen,
    additionalPricePerPersonCents: fen,
    minPeople: z.number().int().min(1).max(50),
    maxPeople: z.number().int().min(1).max(50),
    minDurationHours: z.number().int().min(1).max(24),
    maxDurationHours: z.number().int().min(1).max(24),
    ...groupRatesFields,
    ...bookingRulesFields,
    services: z
      .array(
        z
          .object({
            subcategoryId: z.number().int().positive().max(2_147_483_647),
            /** null: the basic price. */
            priceCents: hourlyFen.nullable().default(null),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();
export type RatesBody = z.infer<typeof ratesBodySchema>;

export const ratesReplySchema = z.object({
  guideId: z.number().int(),
  currency: currencySchema,
  basicPricePerHourCents: z.number().int(),
  additionalPricePerPersonCents: z.number().int(),
  minPeople: z.number().int(),
  maxPeople: z.number().int(),
  minDurationHours: z.number().int(),
  maxDurationHours: z.number().int(),
  includedPeople: z.number().int(),
  childPriceRate: z.number(),
  infantsFree: z.boolean(),
  dayRateCents: z.number().int().nullable(),
  dayHours: z.number().int(),
  extras: z.array(guideExtraSchema),
  instantBook: z.boolean(),
  minNoticeHours: z.number().int(),
  bufferMinutes: z.number().int(),
  sellsThroughResellers: z.boolean(),
  /**
   * Set for 30 days after the guide cancelled a confirmed booking: instant booking is off until then (decision 153).
   */
  instantBookPausedUntil: z.string().nullable(),
  services: z.array(
    z.object({
      subcategoryId: z.number().int(),
      categoryId: z.number().int(),
      nameEn: z.string(),
      nameCn: z.string(),
      nameJa: z.string(),
      priceCents: z.number().int().nullable(),
    }),
  ),
});
export type RatesReply = z.infer<typeof ratesReplySchema>;

export const calendarUrlReplySchema = z.object({
  url: z
    .string()
    .describe('Secret iCal feed URL: anyone holding it can read the guide’s tour times and meeting points'),
  createdAt: z.string(),
});
export type CalendarUrlReply = z.infer<typeof calendarUrlReplySchema>;

// ------------------------------------------------------------ profile and itineraries (decision 070)

const textLanguage = z.enum(TEXT_LANGUAGES);
const optionalText = (max: number) => displayText(max, { multiline: true }).optional();

/** One language's version of the guide's texts: the bio and the "how I guide" score descriptions. */
export const guideTextFieldsSchema = z
  .object({
    bio: optionalText(2000),
    ethicsDescription: optionalText(2000),
    boundaryDescription: optionalText(2000),
    supportiveDescription: optionalText(2000),
  })
  .strict();
export const guideTextsSchema = z
  .object({
    zh: guideTextFieldsSchema.optional(),
    en: guideTextFieldsSchema.optional(),
    ja: guideTextFieldsSchema.optional(),
  })
  .strict();

export const RESPONSE_TIMES = ['within_hour', 'within_hours', 'within_day', 'within_days'] as const;
export const PROFILE_GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;

/**
 * PUT /api/v2/guides/me/profile: profile fields of the listing and the user. Prices and the
 * minimum booking hours belong to /rates and are only read here. `residenceZipCode` is checked by
 * the service (docs/rules/messaging.md postal-code messages, code invalid_postal_code).
 */
export const profileBodySchema = z
  .object({
    /** The account's name, the one travelers read on the listing; absent: kept as it is. */
    fullName: displayName(100).optional(),
    nickname: displayText(50).nullable().default(null),
    gender: z.enum(PROFILE_GENDERS).nullable().default(null),
    age: z.number().int().min(18).max(100).nullable().default(null),
    city: displayText(100).nullable().default(null),
    mbti: z
      .string()
      .trim()
      .regex(/^[EIei][NSns][TFtf][JPjp]$/, 'Four letters such as INFJ')
      .nullable()
      .default(null),
    backgroundImage: z
      .string()
      .trim()
      .max(500)
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'Use an http(s) URL')
      .nullable()
      .default(null),
    serviceCity: z.enum(SERVICE_CITY_SLUGS),
    residenceZipCode: z.string().trim().max(20).nullable().default(null),
    experienceYears: z.number().int().min(0).max(70),
    responseTime: z.enum(RESPONSE_TIMES).nullable().default(null),
    /** The language the guide writes first; its bio is required. */
    originalLanguage: textLanguage,
    texts: guideTextsSchema,
  })
  .strict();
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const profileReplySchema = z.object({
  guideId: z.number().int(),
  /** Null for an account made by phone or WeChat without one (decision 147). */
  email: z.string().nullable(),
  /** The name travelers see on the listing (the account's name). */
  fullName: z.string(),
  nickname: z.string().nullable(),
  gender: z.enum(PROFILE_GENDERS).nullable(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  mbti: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  serviceCity: z.string(),
  residenceZipCode: z.string().nullable(),
  experienceYears: z.number().int(),
  responseTime: z.enum(RESPONSE_TIMES).nullable(),
  originalLanguage: textLanguage,
  texts: guideTextsSchema,
  /** Read-only here: edited with PUT /api/v2/guides/me/rates. */
  basicPricePerHourCents: z.number().int(),
  additionalPricePerPersonCents: z.number().int(),
  minDurationHours: z.number().int(),
  currency: currencySchema,
});
export type ProfileReply = z.infer<typeof profileReplySchema>;

const stopTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');
export const itineraryTextSchema = z
  .object({
    title: displayText(120),
    summary: displayText(1000, { multiline: true }).default(''),
    stops: z
      .array(
        z.object({ title: displayText(120), description: displayText(1000, { multiline: true }).default('') }).strict(),
      )
      .max(20)
      .default([]),
  })
  .strict();
export const itineraryBodySchema = z
  .object({
    durationHours: z.number().int().min(1).max(24),
    /** Stop times, shared by every language; each language lists the same stops in the same order. */
    stops: z.array(z.object({ time: stopTime }).strict()).max(20),
    /** Every stop at a shop on this itinerary (decision 135), as an offer declares them. */
    shopStops: shopStopsSchema.default([]),
    originalLanguage: textLanguage,
    texts: z
      .object({
        zh: itineraryTextSchema.optional(),
        en: itineraryTextSchema.optional(),
        ja: itineraryTextSchema.optional(),
      })
      .strict(),
  })
  .strict();
export type ItineraryBody = z.infer<typeof itineraryBodySchema>;

export const ownItinerarySchema = itineraryBodySchema.extend({
  id: z.number().int(),
  guideId: z.number().int(),
  sortOrder: z.number().int(),
  texts: z.object({
    zh: itineraryTextSchema.optional(),
    en: itineraryTextSchema.optional(),
    ja: itineraryTextSchema.optional(),
  }),
});
export type OwnItinerary = z.infer<typeof ownItinerarySchema>;
export const ownItineraryListSchema = z.object({ data: z.array(ownItinerarySchema) });
