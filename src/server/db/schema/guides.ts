import { sql } from 'drizzle-orm';
import { CURRENCIES } from '../../../shared/currency';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GuideExtra } from '../../../shared/booking/money-rules';
import type { ShopStop } from '../../../shared/schemas/shop-stops';
import type { GuideTexts, ItineraryTexts, TextLanguage } from '../../../shared/guide-texts';
import { serviceSubcategories } from './catalog';
import { users } from './users';

/**
 * A guide's public listing. One per user. The search index is built from this
 * table and the exceptions alone: the columns after "search helpers" are derived from the child
 * tables by the guides repository (the only writer) in the same transaction.
 */
export const guides = pgTable(
  'guides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** active: listed; paused: hidden from search by the guide; suspended: hidden by an admin. */
    status: text('status', { enum: ['active', 'paused', 'suspended'] })
      .notNull()
      .default('active'),
    serviceCity: text('service_city').notNull(),
    bio: text('bio').notNull().default(''),
    /** ISO 639-1 codes the guide speaks: zh, ja, en. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    basicPricePerHourCents: integer('basic_price_per_hour_cents').notNull(),
    additionalPricePerPersonCents: integer('additional_price_per_person_cents').notNull().default(0),
    /**
     * How many travelers the hourly (or day) price covers; each further one adds the additional price (decision 151).
     */
    includedPeople: smallint('included_people').notNull().default(1),
    /** A child's (3–11) share of the additional price, in percent (decision 151: the API's 0–1 rate × 100). */
    childPricePercent: smallint('child_price_percent').notNull().default(100),
    /** Under-3s pay nothing and fill no included place, but count toward max_people (decision 151). */
    infantsFree: boolean('infants_free').notNull().default(true),
    /** The price of a full day of `day_hours` for the included people; null: sold by the hour only. */
    dayRateCents: integer('day_rate_cents'),
    dayHours: smallint('day_hours').notNull().default(8),
    /** What a tour includes or not, declared once (decision 151). */
    extras: jsonb('extras')
      .$type<GuideExtra[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A paid booking on open hours is confirmed at once, without the guide's answer (decision 153). */
    instantBook: boolean('instant_book').notNull().default(false),
    /** Instant booking is off until then after the guide cancelled a confirmed booking (decision 153). */
    instantBookPausedUntil: timestamp('instant_book_paused_until', { withTimezone: true }),
    /** The guide is sold by resellers through the OCTO API (decision 201): off until she switches it on. */
    sellsThroughResellers: boolean('sells_through_resellers').notNull().default(false),
    /** No tour may start sooner than this after it is booked, offered or moved (decision 153). */
    minNoticeHours: smallint('min_notice_hours').notNull().default(24),
    /** Free minutes the guide keeps before and after each tour (decision 153). */
    bufferMinutes: smallint('buffer_minutes').notNull().default(30),
    /** What the guide prices in (decision 164): every price of the guide's is in its minor unit (yen have none). */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    /** Average of published traveler_to_guide reviews (0 when none) and their count. */
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    age: smallint('age'),
    sex: text('sex', { enum: ['male', 'female', 'other', 'prefer_not_to_say'] }),
    mbti: text('mbti'),
    ethicsScore: smallint('ethics_score'),
    ethicsDescription: text('ethics_description'),
    boundaryScore: smallint('boundary_score'),
    boundaryDescription: text('boundary_description'),
    supportiveScore: smallint('supportive_score'),
    supportiveDescription: text('supportive_description'),
    occupation: text('occupation'),
    /** Descriptions of the qualification documents (the files themselves belong to the application). */
    qualifications: jsonb('qualifications')
      .$type<{ description: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    experienceMonths: integer('experience_months').notNull().default(0),
    sessionCount: integer('session_count').notNull().default(0),
    /** individual, couple, family, group, child, elderly, business (application page 4). */
    targetGroups: text('target_groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minPeople: smallint('min_people').notNull().default(1),
    maxPeople: smallint('max_people').notNull().default(6),
    minDurationHours: smallint('min_duration_hours').notNull().default(2),
    maxDurationHours: smallint('max_duration_hours').notNull().default(8),
    timeZone: text('time_zone').notNull().default('Asia/Tokyo'),
    /**
     * The per-language texts (bio and the three score descriptions; decision 070). `bio` and the
     * *_description columns keep the original-language text; the guides modules write both.
     */
    texts: jsonb('texts')
      .$type<GuideTexts>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    originalLanguage: text('original_language', { enum: ['zh', 'en', 'ja'] })
      .$type<TextLanguage>()
      .notNull()
      .default('en'),
    /** Residence postal code, stored 123-4567 (a profile field; postal codes as in docs/rules/messaging.md). */
    residenceZipCode: text('residence_zip_code'),
    /** How soon the guide usually answers (profile fields). */
    responseTime: text('response_time', { enum: ['within_hour', 'within_hours', 'within_day', 'within_days'] }),
    /** The verified licence (mirror of guide_credentials, written with the admin's decision; decision 092). */
    licenceKind: text('licence_kind', { enum: ['national', 'regional'] }),
    licenceRegion: text('licence_region'),
    /** The guide offers to drive travelers (only with a verified licence and insurance; decision 092). */
    guideDrives: boolean('guide_drives').notNull().default(false),
    // --- search helpers (derived; written only by the guides repository) ---
    /** Bit n set when the weekly schedule has hours on ISO weekday n+1 (Mon = bit 0 … Sun = bit 6). */
    weeklyDays: smallint('weekly_days').notNull().default(0),
    /** The chosen service subcategory ids (mirror of guide_services). */
    serviceIds: integer('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Bit mask of `languages` (zh 1, ja 2, en 4), computed by PostgreSQL. */
    languageMask: smallint('language_mask')
      .notNull()
      .generatedAlwaysAs(
        sql`((case when 'zh' = any(languages) then 1 else 0 end) | (case when 'ja' = any(languages) then 2 else 0 end) | (case when 'en' = any(languages) then 4 else 0 end))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guides_user_id_key').on(t.userId),
    // Search runs on the in-memory index (docs/decisions/036); the price bounds read this one.
    index('guides_search_price_idx')
      .on(t.basicPricePerHourCents, t.id)
      .where(sql`status = 'active'`),
    check(
      'guides_scores_range',
      sql`(ethics_score is null or ethics_score between 1 and 9) and (boundary_score is null or boundary_score between 1 and 9) and (supportive_score is null or supportive_score between 1 and 9)`,
    ),
    check('guides_people_range', sql`min_people >= 1 and max_people >= min_people`),
    check(
      'guides_group_pricing_range',
      sql`included_people between 1 and 20 and child_price_percent between 0 and 100 and day_hours between 6 and 10`,
    ),
    check(
      'guides_notice_buffer_range',
      sql`min_notice_hours between 0 and 168 and buffer_minutes between 0 and 240 and buffer_minutes % 15 = 0`,
    ),
    check('guides_duration_range', sql`min_duration_hours >= 1 and max_duration_hours >= min_duration_hours`),
    check('guides_licence_kind_check', sql`licence_kind is null or licence_kind in ('national', 'regional')`),
    check('guides_price_nonnegative', sql`basic_price_per_hour_cents >= 0 and additional_price_per_person_cents >= 0`),
    check('guides_currency', sql`currency in ('CNY', 'JPY')`),
  ],
);

/** The subcategories a guide offers, with an optional own price (Guide pricing). */
export const guideServices = pgTable(
  'guide_services',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => serviceSubcategories.id, { onDelete: 'cascade' }),
    /** Price per hour per person for this service; null means the guide's basic price. */
    priceCents: integer('price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.subcategoryId] }),
    index('guide_services_subcategory_idx').on(t.subcategoryId),
  ],
);

/**
 * Weekly opening hours in the guide's own time zone: ISO weekday 1 (Monday) … 7 (Sunday), minutes
 * after local midnight. Several rows per day are allowed (for example a lunch break).
 */
export const guideWeeklyAvailability = pgTable(
  'guide_weekly_availability',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    index('guide_weekly_availability_guide_idx').on(t.guideId, t.weekday),
    check(
      'guide_weekly_availability_valid',
      sql`weekday between 1 and 7 and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute`,
    ),
  ],
);

/**
 * A date that differs from the weekly schedule, in the guide's zone: a day off (available = false),
 * or different or extra hours (available = true with start/end).
 */
export const guideAvailabilityExceptions = pgTable(
  'guide_availability_exceptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    available: boolean('available').notNull(),
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('guide_availability_exceptions_guide_date_key').on(t.guideId, t.date),
    index('guide_availability_exceptions_date_idx').on(t.date, t.guideId),
    check(
      'guide_availability_exceptions_hours',
      sql`(available = false) or (start_minute is not null and end_minute is not null and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute)`,
    ),
  ],
);

/** A sample day plan a guide offers (/itinerary/{id}). Stops are shown in order. */
export const guideItineraries = pgTable(
  'guide_itineraries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    durationHours: smallint('duration_hours').notNull(),
    stops: jsonb('stops')
      .$type<{ time: string; title: string; description: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The itinerary's declared shop stops (decision 135). */
    shopStops: jsonb('shop_stops')
      .$type<ShopStop[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sortOrder: smallint('sort_order').notNull().default(0),
    /** Per-language title, summary and stop texts (decision 070); the plain columns keep the original. */
    texts: jsonb('texts')
      .$type<ItineraryTexts>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    originalLanguage: text('original_language', { enum: ['zh', 'en', 'ja'] })
      .$type<TextLanguage>()
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guide_itineraries_guide_idx').on(t.guideId, t.sortOrder)],
);

/**
 * Reviews. Dual-blind: a review is stored at submission and published when the other
 * party of the booking has reviewed too, or 7 days after (publishedAt; decision 063). `bookingId`
 * references bookings (foreign key in migration 0008, not declared here to keep this file free of a
 * cycle with bookings.ts); the demo seed's older reviews have none and are published. One review per
 * booking and direction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id'),
    type: text('type', { enum: ['traveler_to_guide', 'guide_to_traveler'] }).notNull(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for traveler_to_guide reviews: the listing the review counts towards. */
    guideId: integer('guide_id').references(() => guides.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    content: text('content').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Sub-ratings beside the overall stars (decision 134): all four or none, each 1–5. */
    knowledgeRating: smallint('knowledge_rating'),
    communicationRating: smallint('communication_rating'),
    punctualityRating: smallint('punctuality_rating'),
    valueRating: smallint('value_rating'),
    /** The reviewed guide's one public reply (decision 134): written once, never changed. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_booking_type_key').on(t.bookingId, t.type),
    index('reviews_booking_idx').on(t.bookingId),
    index('reviews_guide_published_idx').on(t.guideId, t.publishedAt.desc()),
    index('reviews_to_user_idx').on(t.toUserId),
    check('reviews_rating_range', sql`rating between 1 and 5`),
    check('reviews_content_length', sql`char_length(content) <= 2000`),
    check(
      'reviews_sub_ratings',
      sql`(knowledge_rating is null and communication_rating is null and punctuality_rating is null and value_rating is null)
        or (knowledge_rating between 1 and 5 and communication_rating between 1 and 5 and punctuality_rating between 1 and 5 and value_rating between 1 and 5)`,
    ),
    check('reviews_reply', sql`(reply is null) = (replied_at is null) and char_length(reply) <= 1000`),
  ],
);

/** A review's photos (at most 6, decision 134): public images, re-encoded like every upload. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** publicUrl(key) of an upload; the demo seed's photos are the app's own city pictures. */
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.id)],
);

/** A traveler's saved (favourite) guides, newest first, 6 per page. */
export const savedGuides = pgTable(
  'saved_guides',
  {
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.travelerId, t.guideId] }),
    index('saved_guides_traveler_created_idx').on(t.travelerId, t.createdAt.desc()),
    index('saved_guides_guide_idx').on(t.guideId),
  ],
);
