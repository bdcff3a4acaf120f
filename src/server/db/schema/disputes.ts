import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import { DISPUTE_CATEGORIES } from '../../../shared/schemas/disputes';
import { bookings } from './bookings';
import { users } from './users';

/** What a stored evidence file may be: a re-encoded image (always WebP) or a PDF checked by content. */
export const EVIDENCE_CONTENT_TYPES = ['image/webp', 'application/pdf'] as const;

/**
 * A dispute on a booking (decision 064): opened by the traveler or the guide on an ongoing
 * tour or within 7 days of completion; the booking is `disputed` until an admin resolves it as
 * completed or cancelled, with a refund to the traveler. One open dispute per booking.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    openedSide: text('opened_side', { enum: ['traveler', 'guide'] }).notNull(),
    /** The booking's status when the dispute was opened (ongoing or completed). */
    previousStatus: text('previous_status', { enum: BOOKING_STATUSES }).notNull(),
    /** What went wrong (decision 135). */
    category: text('category', { enum: DISPUTE_CATEGORIES }).notNull().default('other'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution', { enum: ['completed', 'cancelled'] }),
    refundCents: integer('refund_cents'),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('disputes_open_booking_key')
      .on(t.bookingId)
      .where(sql`status = 'open'`),
    index('disputes_status_idx').on(t.status, t.createdAt),
    check(
      'disputes_category',
      sql`category in ('undeclared_shop_stop', 'pressure_to_buy', 'review_pressure', 'unsafe_driving', 'other')`,
    ),
    check('disputes_reason_length', sql`char_length(reason) between 1 and 2000`),
    check('disputes_refund', sql`refund_cents is null or refund_cents >= 0`),
  ],
);

/**
 * Evidence files of a dispute. Private: stored under a folder the public /uploads route never
 * serves; only the booking's two parties and admins read them through an authenticated route.
 */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type', { enum: EVIDENCE_CONTENT_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The uploaded file's name, cleaned, for display only. */
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dispute_evidence_dispute_idx').on(t.disputeId, t.id),
    check('dispute_evidence_size', sql`size_bytes > 0`),
  ],
);
