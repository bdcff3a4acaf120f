import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One-time codes sent by text message (decision 147). Only the code's hash is kept; a code is good for
 * 5 minutes and 5 tries and is spent by its first right answer. `purpose` keeps a sign-in code from
 * being used to add a number to an account and back, and a proof of the owner (decision 183) or a
 * code to delete the account (decision 185) from being either; `userId` is the account the code is for
 * (none for a sign-in). A text column without a check, so a new purpose needs no migration.
 * The rows are also the per-number counts of the sending limits.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['sign_in', 'add_phone', 'reauth', 'delete_account'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: smallint('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Every text message the product sends, written before it is handed to the provider: with
 * SMS_PROVIDER=outbox it stays here (status `logged`), as e-mails without SMTP stay in email_outbox.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] })
      .notNull()
      .default('pending'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_to_idx').on(t.toPhone, t.createdAt)],
);
