import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './users';

/**
 * The built-in support inbox (docs/rules/messaging.md support widget). A thread belongs to a signed-in user, or to
 * an anonymous visitor who holds its secret key (stored hashed). Admins read and answer threads.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorKeyHash: text('visitor_key_hash'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /** Which prefill opened it: payment_failure, identity_verification_failure, … general. */
    topic: text('topic').notNull().default('general'),
    locale: text('locale'),
    pageUrl: text('page_url'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** "Help now" on a trip (decision 132): its booking, and where the phone was if the traveler allowed it. */
    urgent: boolean('urgent').notNull().default(false),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    locationLat: doublePrecision('location_lat'),
    locationLng: doublePrecision('location_lng'),
    locationAccuracyM: integer('location_accuracy_m'),
    /** The visitor's oldest message the team has not answered yet; null when nobody is waiting. */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    /** When the admins were told this wait passed its deadline (once per wait). */
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
  },
  (t) => [
    index('support_threads_user_idx').on(t.userId),
    uniqueIndex('support_threads_visitor_key_key').on(t.visitorKeyHash),
    index('support_threads_status_idx').on(t.status, t.lastMessageAt),
    index('support_threads_created_idx').on(t.createdAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['visitor', 'agent'] }).notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_thread_idx').on(t.threadId, t.createdAt)],
);
