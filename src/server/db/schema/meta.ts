import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Seed steps already applied, so a step runs once per database and new steps join old databases. */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
