import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApplicationData } from '../../../shared/schemas/guide-applications';
import { guides } from './guides';
import { users } from './users';

/**
 * A user's application to become a guide (pages 1–4). One per user: the draft is
 * kept on the server, and the same row is submitted, reviewed and, after a rejection, edited again.
 * `data` holds the four pages as validated by the shared schema.
 */
export const guideApplications = pgTable(
  'guide_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['draft', 'submitted', 'under_review', 'changes_requested', 'approved', 'rejected'],
    })
      .notNull()
      .default('draft'),
    data: jsonb('data')
      .$type<ApplicationData>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    declarationAcceptedAt: timestamp('declaration_accepted_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The rejection reason or the changes asked for. */
    reviewNote: text('review_note'),
    guideId: integer('guide_id').references(() => guides.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guide_applications_user_key').on(t.userId),
    index('guide_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

/** Qualification files of an application: private (owner and admins only). */
export const guideApplicationDocuments = pgTable(
  'guide_application_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => guideApplications.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: text('file_name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guide_application_documents_application_idx').on(t.applicationId),
    check('guide_application_documents_size', sql`size_bytes >= 0`),
  ],
);
