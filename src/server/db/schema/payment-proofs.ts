import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings, payments } from './bookings';
import { users } from './users';

/** What a stored proof may be: a re-encoded image (always WebP) or a PDF checked by content. */
export const PROOF_CONTENT_TYPES = ['image/webp', 'application/pdf'] as const;

/**
 * The traveler's proof of the final payment made in person (decision 062). One per booking:
 * a new upload replaces the file until the guide has verified it. The booking's `final_payment` row in
 * `payments` (method cash, provider in_person) carries the flags the API names (proofUploadedByTraveler,
 * verifiedByGuide); this table holds the file. The file lives in a private storage folder that the
 * public /uploads route never serves: only the booking's two parties and admins get it, through an
 * authenticated or signed, expiring URL.
 */
export const paymentProofs = pgTable(
  'payment_proofs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type', { enum: PROOF_CONTENT_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The uploaded file's name, cleaned, for display only (never a storage path). */
    fileName: text('file_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: integer('verified_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('payment_proofs_booking_key').on(t.bookingId),
    check('payment_proofs_size', sql`size_bytes > 0`),
    check('payment_proofs_type', sql`content_type in ('image/webp', 'application/pdf')`),
  ],
);
