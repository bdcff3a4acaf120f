import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each consent a user gave to a version of a legal document (decision 124): never updated, a new
 * version is a new row. The address is the request's (`request.ip`, which follows TRUST_PROXY).
 */
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    locale: text('locale'),
    ip: text('ip'),
  },
  (t) => [index('consents_user_kind_idx').on(t.userId, t.kind, t.givenAt)],
);
