import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WEATHER_SOURCES, WEATHER_WARNING_KINDS } from '../../../shared/weather';
import { bookings } from './bookings';
import { users } from './users';

/**
 * Warnings an admin recorded by hand (decision 093): in force for the office's area from
 * `issued_at` until an admin lifts it. The weather job counts them beside the provider's.
 */
export const weatherWarnings = pgTable(
  'weather_warnings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    areaCode: text('area_code').notNull(),
    kind: text('kind', { enum: WEATHER_WARNING_KINDS }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => users.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('weather_warnings_area_idx').on(t.areaCode, t.issuedAt)],
);

/**
 * The evidence (decision 093): every check of a booking's area, at 18:00 Japan time the day before,
 * at the start, or when an admin records a warning. `starts_at` is the booking's start when checked
 * (a rescheduled booking is checked again for its new day).
 */
export const bookingWeatherChecks = pgTable(
  'booking_weather_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    checkpoint: text('checkpoint', { enum: ['eve', 'start', 'admin'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    areaCode: text('area_code').notNull(),
    inForce: boolean('in_force').notNull(),
    kind: text('kind', { enum: WEATHER_WARNING_KINDS }),
    code: text('code'),
    name: text('name'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** Where the answer came from: the provider (`jma` or `fixture`), or an admin's recorded warning. */
    source: text('source', { enum: WEATHER_SOURCES }).notNull(),
  },
  (t) => [index('booking_weather_checks_booking_idx').on(t.bookingId, t.id)],
);
