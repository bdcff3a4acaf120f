import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { guides } from './guides';

/**
 * A guide's secret calendar (iCal) feed. The token itself is never stored: it is
 * HMAC(server secret, nonce), so the server can show the URL again while a copy of the database alone
 * cannot rebuild it; `tokenHash` (SHA-256 of the token, hex) finds the guide for a feed request.
 * Resetting draws a new nonce, so the old URL stops working at once.
 */
export const guideCalendarFeeds = pgTable(
  'guide_calendar_feeds',
  {
    guideId: integer('guide_id')
      .primaryKey()
      .references(() => guides.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guide_calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
