import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '../../../shared/currency';
import { bookings } from './bookings';
import { channels } from './channels';

/** The traveler's contact as the reseller passed it (OCTO's `contact`), what the guide reads instead of a chat. */
export interface OctoContact {
  fullName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  locales: string[];
  country: string | null;
  notes: string | null;
}

/**
 * A reseller's booking through the OCTO API (decision 202): the reseller's own handle on one row of `bookings`.
 * The booking row holds the guide's time from the reservation on (a `pending` booking, which every busy rule and
 * `bookings_no_overlap` see); this row holds what OCTO speaks of and our booking does not: the reseller's `uuid`
 * (unique per reseller, which makes a reservation idempotent), its reference, the hold's expiry, the option and
 * units asked, the price as the reseller was quoted it in its currency, and the traveler's contact.
 */
export const octoBookings = pgTable(
  'octo_bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    uuid: text('uuid').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    resellerReference: text('reseller_reference'),
    optionId: text('option_id').notNull(),
    availabilityId: text('availability_id').notNull(),
    /** The unit items as OCTO answers them: each its uuid, unit and the reseller's reference. */
    unitItems: jsonb('unit_items')
      .$type<{ uuid: string; unitId: string; resellerReference: string | null }[]>()
      .notNull(),
    /** The reseller's currency and the price it was quoted, in its minor unit: retail, and net (what it owes). */
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    retailCents: integer('retail_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    /** Until when an unconfirmed reservation holds the time; past it, the hold's expiry frees it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    contact: jsonb('contact').$type<OctoContact>(),
    notes: text('notes'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('octo_bookings_uuid_key').on(t.channelId, t.uuid),
    uniqueIndex('octo_bookings_booking_key').on(t.bookingId),
    index('octo_bookings_reference_idx').on(t.channelId, t.resellerReference),
    check('octo_bookings_money', sql`${t.retailCents} >= 0 and ${t.netCents} >= 0`),
  ],
);
