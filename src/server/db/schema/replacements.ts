import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { guides } from './guides';

/** The booking's price as booked, restored when a replacement guide declines (decision 137). */
export interface BookedPrice {
  unitPriceCents: number;
  additionalPerPersonCents: number;
  totalPriceCents: number;
  commissionCents: number;
}

/**
 * A guide's cancellation of a paid booking that offered the traveler a replacement (decision 137).
 * `open`: the traveler is choosing; `requested`: `to_guide_id` is asked (the booking is theirs, as a
 * paid request, until `answer_by`); `handed_over`: they accepted; `refunded`: the traveler took the
 * refund, or nobody was chosen or accepted in time. One row per cancellation, so the cancelling
 * guide's record counts it whatever happens next; at most one open per booking.
 */
export const bookingReplacements = pgTable(
  'booking_replacements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    fromGuideId: integer('from_guide_id')
      .notNull()
      .references(() => guides.id),
    status: text('status', { enum: ['open', 'requested', 'handed_over', 'refunded'] })
      .notNull()
      .default('open'),
    /** The cancelling guide's own words. */
    reason: text('reason'),
    bookedPrice: jsonb('booked_price').$type<BookedPrice>().notNull(),
    toGuideId: integer('to_guide_id').references(() => guides.id),
    /** Guides asked before who declined or did not answer: not offered again. */
    triedGuideIds: integer('tried_guide_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** What the platform adds to the asked guide's pay (their price above the booked one). */
    coveredCents: integer('covered_cents').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    answerBy: timestamp('answer_by', { withTimezone: true }),
    lapsesAt: timestamp('lapses_at', { withTimezone: true }).notNull(),
    /**
     * Opened by the traveler after the guide did not come (decision 140): the replacement starts later
     * the same day at its own time, and the booked time is kept here to restore when the asked guide
     * says no.
     */
    sameDay: boolean('same_day').notNull().default(false),
    bookedStartMinute: smallint('booked_start_minute'),
    bookedStartsAt: timestamp('booked_starts_at', { withTimezone: true }),
    bookedEndsAt: timestamp('booked_ends_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('booking_replacements_one_open')
      .on(t.bookingId)
      .where(sql`status in ('open', 'requested')`),
    index('booking_replacements_from_guide_idx').on(t.fromGuideId, t.createdAt),
    // A booking's replacements, open or closed: the booking view reads the latest one's cover (decision 175).
    index('booking_replacements_booking_idx').on(t.bookingId),
    check('booking_replacements_covered', sql`covered_cents >= 0`),
  ],
);
