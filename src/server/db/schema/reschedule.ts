import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RESCHEDULE_STATUSES } from '../../../shared/schemas/reschedule';
import { bookings } from './bookings';
import { users } from './users';

/**
 * A proposal to move a booking to another date and start time (decision 079). Made by one
 * side, answered by the other; `from_*` keep where the booking was when it was proposed. At most one
 * open proposal per booking (the partial unique index); an open one closes at `expires_at`.
 */
export const bookingReschedules = pgTable(
  'booking_reschedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    proposedBy: text('proposed_by', { enum: ['traveler', 'guide'] }).notNull(),
    proposerId: integer('proposer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: RESCHEDULE_STATUSES }).notNull().default('open'),
    /** The proposed slot, in the guide's zone and as instants. */
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: smallint('start_minute').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The booking's slot when proposed. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    fromStartMinute: smallint('from_start_minute').notNull(),
    fromStartsAt: timestamp('from_starts_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    declineReason: text('decline_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_reschedules_booking_idx').on(t.bookingId, t.id),
    uniqueIndex('booking_reschedules_one_open')
      .on(t.bookingId)
      .where(sql`status = 'open'`),
    check('booking_reschedules_range', sql`ends_at > starts_at`),
  ],
);
