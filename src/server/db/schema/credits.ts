import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '../../../shared/currency';
import { bookings } from './bookings';
import { users } from './users';

/**
 * A credit for the traveler's next booking, funded by the platform, given when a guide's
 * cancellation or absence ended a paid booking in a refund (decision 139). Spent by the next
 * checkout (`spent_booking_id`), given back if that booking is cancelled; one per ended booking.
 */
export const travelCredits = pgTable(
  'travel_credits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id),
    /** In the currency of the booking it came from, and spent only on a booking in that currency (decision 164). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    reason: text('reason', { enum: ['guide_cancelled', 'guide_no_show'] }).notNull(),
    sourceBookingId: integer('source_booking_id')
      .notNull()
      .references(() => bookings.id),
    spentBookingId: integer('spent_booking_id').references(() => bookings.id),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('travel_credits_source_key').on(t.sourceBookingId),
    uniqueIndex('travel_credits_spent_key')
      .on(t.spentBookingId)
      .where(sql`spent_booking_id is not null`),
    index('travel_credits_traveler_idx').on(t.travelerId, t.expiresAt),
    check('travel_credits_amount', sql`amount_cents > 0`),
    check('travel_credits_reason', sql`reason in ('guide_cancelled', 'guide_no_show')`),
  ],
);
