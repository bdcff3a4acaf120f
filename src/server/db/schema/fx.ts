import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FX_SOURCES } from '../../../shared/currency';
import { FX_FEED_FAILURES } from '../../../shared/schemas/fx';

/**
 * Yen per yuan, every rate the product has had (decision 165): the ECB's daily cross rate (`ecb`,
 * one row per reference day, kept as first read) and the admin's fixed rate (`admin`, one row per
 * day it was set: a second change that day replaces the first, the audit log keeps both). Under
 * FX_PROVIDER=fixed the newest `admin` row is the rate; under `ecb`, the newest `ecb` row.
 * `fetched_at`: when the row was read from the feed or set by the admin.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jpyPerCny: numeric('jpy_per_cny', { precision: 10, scale: 6 }).notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    source: text('source', { enum: FX_SOURCES }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fx_rates_source_as_of').on(t.source, t.asOf)],
);

/**
 * Every failed read of the ECB's feed (decision 165): unanswered, refused, unreadable, or with rates
 * too old. The admin console shows the latest; the rate in use stays the last good one.
 */
export const fxFeedFailures = pgTable(
  'fx_feed_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: FX_FEED_FAILURES }).notNull(),
    detail: text('detail').notNull(),
    feedAsOf: date('feed_as_of', { mode: 'string' }),
  },
  (t) => [index('fx_feed_failures_failed_at_idx').on(t.failedAt)],
);
