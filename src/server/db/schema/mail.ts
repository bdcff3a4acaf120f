import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the product sends is first written here in the same transaction as the change that
 * caused it; a sender delivers it through SMTP when SMTP_URL is set, otherwise it stays here
 * (and is logged) so a developer can follow the link.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** One mail per key: a notification replayed after a crash does not mail twice (decision 085). */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
  ],
);
