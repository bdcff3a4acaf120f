import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings, payments } from './bookings';

export const EXTENSION_STATUSES = [
  'requested',
  'paid',
  'approved',
  'rejected',
  'confirmed',
  'withdrawn',
  'lapsed',
] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

/**
 * An extension of an ongoing tour (docs/rules/booking-lifecycle.md). The traveler asks for 0.25–2 h
 * at a fee the server computed; pays it online (payment_id); the guide approves or rejects (a paid
 * rejection is refunded); the traveler confirms and the booking grows. At most one open extension
 * per booking (requested, paid or approved); at most MAX_EXTENSIONS confirmed ones, a day on a
 * booking of several days (decision 155).
 */
export const bookingExtensions = pgTable(
  'booking_extensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    minutes: integer('minutes').notNull(),
    /**
     * The tour day (1..days) it lengthens: the day it was asked on (decision 155). Null on rows from
     * before it, which lengthened the last day (decision 154).
     */
    day: smallint('day'),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: EXTENSION_STATUSES }).notNull().default('requested'),
    paymentId: integer('payment_id').references(() => payments.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_extensions_booking_idx').on(t.bookingId),
    uniqueIndex('booking_extensions_one_open')
      .on(t.bookingId)
      .where(sql`status in ('requested', 'paid', 'approved')`),
    check('booking_extensions_amounts', sql`minutes in (15, 30, 60, 120) and price_cents > 0`),
  ],
);
