import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Machine translations of what people write (migration 0039, docs/decisions/143). One row per text,
 * source and target language, keyed by the sha256 of the three, so a text is sent to the provider
 * once whatever the number of readers, reloads and instances. The original is never replaced: it
 * stays where it was written, and this row only sits beside it.
 */
export const translationCache = pgTable(
  'translation_cache',
  {
    /** sha256 hex of text, source language and target language (`translationKey`). */
    key: text('key').primaryKey(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    translatedText: text('translated_text').notNull(),
    /** Who translated it ('deepl'); the reply names the provider. */
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('translation_cache_key_hex', sql`${t.key} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * The characters sent to the provider per calendar month (UTC), against TRANSLATION_MONTHLY_CHARACTERS.
 * `stopped_at`: the budget (or the provider's own quota, 456) was reached this month; nothing more is
 * sent until the next month's row.
 */
export const translationMonths = pgTable('translation_months', {
  /** YYYY-MM in UTC. */
  month: text('month').primaryKey(),
  characters: integer('characters').notNull().default(0),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});
