import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChangeApply } from '../../../shared/booking/trip-change';
import { CHANGE_STATUSES, type ChangeQuote } from '../../../shared/schemas/booking-changes';
import { bookings, payments } from './bookings';
import { users } from './users';

/**
 * A change asked of a booked trip (decision 177): the quote as the traveler saw it and the booking's
 * columns it sets when applied (`apply`), frozen when asked. At most one open per booking. Money:
 * `pay_now_cents` is the deposit's difference charged (through `payment_id`), `release_cents` what a
 * smaller deposit releases under the tiers; never both.
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: CHANGE_STATUSES }).notNull(),
    quote: jsonb('quote').$type<ChangeQuote>().notNull(),
    apply: jsonb('apply').$type<ChangeApply>().notNull(),
    payNowCents: integer('pay_now_cents').notNull().default(0),
    releaseCents: integer('release_cents').notNull().default(0),
    needsGuide: boolean('needs_guide').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    declineReason: text('decline_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_changes_booking_idx').on(t.bookingId, t.id),
    uniqueIndex('booking_changes_one_open')
      .on(t.bookingId)
      .where(sql`status in ('awaiting_payment', 'requested')`),
    check(
      'booking_changes_money',
      sql`pay_now_cents >= 0 and release_cents >= 0 and (pay_now_cents = 0 or release_cents = 0)`,
    ),
  ],
);
