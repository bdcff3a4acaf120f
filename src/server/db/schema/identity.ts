import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { IDENTITY_DOCUMENT_KINDS, IDENTITY_STATUSES } from '../../../shared/schemas/identity';
import { users } from './users';

/**
 * A user's identity verification (/verify-identity; migration 0013). One per user: the ID
 * document and the selfie are private stored documents (a private-… storage folder that /uploads/
 * never serves; only the user and admins get them through authorized URLs). A new upload replaces the
 * file while the verification is a draft, rejected or has changes requested. An admin approves (which
 * sets `users.identity_verified`), rejects with a reason or asks for changes with a note.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull().default('draft'),
    documentKind: text('document_kind', { enum: IDENTITY_DOCUMENT_KINDS }),
    documentKey: text('document_key'),
    documentType: text('document_type', { enum: ['image/webp', 'application/pdf'] }),
    documentSize: integer('document_size'),
    documentUploadedAt: timestamp('document_uploaded_at', { withTimezone: true }),
    selfieKey: text('selfie_key'),
    selfieType: text('selfie_type', { enum: ['image/webp'] }),
    selfieSize: integer('selfie_size'),
    selfieUploadedAt: timestamp('selfie_uploaded_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The rejection reason or the changes asked for (shown to the user). */
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_verifications_user_key').on(t.userId),
    index('identity_verifications_status_idx').on(t.status, t.submittedAt),
    check(
      'identity_verifications_status_check',
      sql`status in ('draft', 'submitted', 'approved', 'rejected', 'changes_requested')`,
    ),
    check(
      'identity_verifications_kind_check',
      sql`document_kind is null or document_kind in ('passport', 'national_id', 'my_number_card', 'residence_card', 'drivers_license')`,
    ),
    check(
      'identity_verifications_document_type_check',
      sql`document_type is null or document_type in ('image/webp', 'application/pdf')`,
    ),
    check('identity_verifications_selfie_type_check', sql`selfie_type is null or selfie_type = 'image/webp'`),
    check('identity_verifications_sizes', sql`coalesce(document_size, 1) > 0 and coalesce(selfie_size, 1) > 0`),
  ],
);
