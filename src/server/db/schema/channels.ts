import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A reseller that sells our guides through the OCTO API at /api/octo (decision 201). Its API key is never
 * stored: `key_hash` is the SHA-256 of the key (hex), which finds the reseller on each request; `key_prefix`,
 * the key's first characters, lets the console tell keys apart. Revoking sets `revoked_at` and the key stops
 * working at once; rotating replaces the hash.
 */
export const channels = pgTable(
  'channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** What the reseller keeps of the retail price, in percent: its net is retail less this (decision 201). */
    commissionPercent: smallint('commission_percent').notNull().default(0),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    keyRotatedAt: timestamp('key_rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channels_key_hash_idx').on(t.keyHash),
    index('channels_created_at_idx').on(t.createdAt),
    check('channels_commission_range', sql`${t.commissionPercent} BETWEEN 0 AND 100`),
  ],
);
