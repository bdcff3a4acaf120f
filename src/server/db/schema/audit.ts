import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every admin action: who, what, on which record, when, and the record before and after.
 * Append-only: triggers in migration 0015 refuse UPDATE, DELETE and TRUNCATE. Written in the same
 * transaction as the action, so an action without its entry cannot commit.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id),
    /** `<entity>.<verb>`, for example `withdrawal.paid` or `guide_application.approve`. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** The reason or message the admin gave, when the action takes one. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('admin_audit_log_admin_idx').on(t.adminUserId, t.id),
  ],
);
