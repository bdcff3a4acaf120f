import { sql } from 'drizzle-orm';
import { CURRENCIES, FX_SOURCES } from '../../../shared/currency';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { OFFER_DECLINE_REASONS, OFFER_STORED_STATUSES } from '../../../shared/offers/offer-rules';
import type { ShopStop } from '../../../shared/schemas/shop-stops';
import { serviceSubcategories } from './catalog';
import { guides } from './guides';
import { conversations, messages } from './messaging';
import { users } from './users';

/**
 * A guide's offer to a traveler (decision 078): the terms and the fee of one tour, carried
 * by a chat message (`message_id`) and answering a tour request (`request_message_id`) or not.
 * `status` holds what a person did (open, withdrawn, declined); `booked` is read from the booking
 * whose `offer_id` names it, `expired` from `expires_at`. Money in fen; extras in whole yen, paid on
 * site and never charged online.
 */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    requestMessageId: integer('request_message_id').references(() => messages.id, { onDelete: 'set null' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id),
    guideUserId: integer('guide_user_id')
      .notNull()
      .references(() => users.id),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: OFFER_STORED_STATUSES }).notNull().default('open'),
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: smallint('start_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /**
     * Consecutive days (decision 154): the booking made from the offer has as many; `ends_at` is the last day's end.
     */
    days: smallint('days').notNull().default(1),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    travelers: smallint('travelers').notNull(),
    subcategoryId: integer('subcategory_id').references(() => serviceSubcategories.id),
    priceCents: integer('price_cents').notNull(),
    suggestedCents: integer('suggested_cents').notNull(),
    /** The guide's currency when the offer was made (decision 164); the prices above are in it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    /**
     * The rate the offer was priced at, with its day and source (decision 169): what the traveler reads
     * the fee in their currency at, and what the booking made from it is fixed at. Null for an offer made
     * before offers kept one; its booking takes the rate of the day it is booked.
     */
    jpyPerCny: numeric('jpy_per_cny', { precision: 10, scale: 6 }),
    fxAsOf: date('fx_as_of', { mode: 'string' }),
    fxSource: text('fx_source', { enum: FX_SOURCES }),
    meetingAddress: text('meeting_address').notNull(),
    meetingPostalCode: text('meeting_postal_code').notNull(),
    /** A meeting point chosen from the list (decision 094); null for a typed address. */
    meetingLat: doublePrecision('meeting_lat'),
    meetingLng: doublePrecision('meeting_lng'),
    itinerary: text('itinerary').notNull(),
    mealYen: integer('meal_yen').notNull().default(0),
    transportYen: integer('transport_yen').notNull().default(0),
    ticketsYen: integer('tickets_yen').notNull().default(0),
    /** The guide drives the travelers: only a guide with a verified licence and insurance (decision 092). */
    guideDrives: boolean('guide_drives').notNull().default(false),
    /** The declared shop stops (decision 135), as the offer's body gave them. */
    shopStops: jsonb('shop_stops').$type<ShopStop[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    declineReason: text('decline_reason', { enum: OFFER_DECLINE_REASONS }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_conversation_idx').on(t.conversationId, t.id),
    index('offers_request_idx').on(t.requestMessageId),
    index('offers_message_idx').on(t.messageId),
    check(
      'offers_money',
      sql`price_cents > 0 and suggested_cents >= 0 and meal_yen >= 0 and transport_yen >= 0 and tickets_yen >= 0`,
    ),
    check('offers_time_range', sql`ends_at > starts_at`),
    check('offers_travelers', sql`travelers >= 1`),
    check(
      'offers_rate',
      sql`(jpy_per_cny is null) = (fx_as_of is null) and (jpy_per_cny is null) = (fx_source is null) and (jpy_per_cny is null or jpy_per_cny > 0)`,
    ),
  ],
);
