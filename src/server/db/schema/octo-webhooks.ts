import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { channels } from './channels';

/**
 * A URL a reseller registered through the OCTO API (`POST /api/octo/webhooks`, decision 203): every change to
 * one of its bookings is POSTed there, signed with the webhook's own secret. The secret is answered once, at
 * registration; the server must read it back to sign, so it is kept sealed (AES-256-GCM under a key derived
 * from JWT_SECRET, `lib/seal.ts`), never in the clear.
 */
export const octoWebhooks = pgTable(
  'octo_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** OCTO's event name; `booking_update` is the one we send. */
    event: text('event').notNull(),
    url: text('url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** OCTO's `retryOnError`: a failed delivery is tried again with backoff (the job runner's) when true. */
    retryOnError: boolean('retry_on_error').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('octo_webhooks_channel_idx').on(t.channelId, t.createdAt),
    check('octo_webhooks_event', sql`${t.event} IN ('booking_update')`),
  ],
);
