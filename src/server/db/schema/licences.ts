import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDENTIAL_STATUSES, CREDENTIAL_TYPES, LICENCE_KINDS } from '../../../shared/licences';
import { guides } from './guides';
import { users } from './users';

/**
 * A guide's licence (全国通訳案内士 / 地域通訳案内士) or proof of passenger/vehicle insurance
 * (decision 092; migration 0023). One of each per guide; a new submission replaces the old one. The
 * file (licence card photo, insurance certificate) is a private stored document. An admin verifies or
 * rejects it; a verified licence is mirrored on `guides.licence_kind` / `licence_region`.
 */
export const guideCredentials = pgTable(
  'guide_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CREDENTIAL_TYPES }).notNull(),
    status: text('status', { enum: CREDENTIAL_STATUSES }).notNull().default('submitted'),
    licenceKind: text('licence_kind', { enum: LICENCE_KINDS }),
    /** The region of a 地域通訳案内士 licence, as registered. */
    region: text('region'),
    registrationNumber: text('registration_number'),
    /** The prefecture the licence is registered with (the public registry look-up needs it). */
    prefecture: text('prefecture'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    insurer: text('insurer'),
    validUntil: date('valid_until', { mode: 'string' }),
    fileKey: text('file_key').notNull(),
    fileType: text('file_type', { enum: ['image/webp', 'application/pdf'] }).notNull(),
    fileSize: integer('file_size').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guide_credentials_guide_type_key').on(t.guideId, t.type),
    index('guide_credentials_status_idx').on(t.status, t.submittedAt),
    check('guide_credentials_type_check', sql`type in ('licence', 'insurance')`),
    check('guide_credentials_status_check', sql`status in ('submitted', 'verified', 'rejected')`),
    check(
      'guide_credentials_licence_check',
      sql`type <> 'licence' or (licence_kind in ('national', 'regional') and registration_number is not null and prefecture is not null and (licence_kind = 'national' or region is not null))`,
    ),
    check('guide_credentials_file_check', sql`file_type in ('image/webp', 'application/pdf') and file_size > 0`),
  ],
);
